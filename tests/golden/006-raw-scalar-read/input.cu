// case: read-after-write trap: a declaration reads one element of the copy's destination after independent host work
// expect: "cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" moves past the host-work loop ("hw += h_w[i] * 1.5;") and the independent declaration "double scale = hw / n;" to just before "float last = h_out[n - 1];"
// trap: a copy moved below "float last = h_out[n - 1];" leaves last == -1 (sentinel) and changes RESULT
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void produce(float *out, int n, int salt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = (i + salt * 31) % 1000;
        for (int k = 0; k < 64; ++k)
            v = (v * 17 + 11) % 1009;
        out[i] = (float)(v % 100);
    }
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_out = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_out[i] = -1.0f;
        h_w[i] = (i % 37) * 2.0;
    }
    float *d_out;
    cudaMalloc(&d_out, bytes);
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_out, n, 5);
    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 1.5;
    double scale = hw / n;
    float last = h_out[n - 1];
    long long sum = 0;
    for (int i = 0; i < n; ++i)
        sum += (long long)h_out[i];

    printf("RESULT %.1f %lld %.4f\n", (double)last, sum, scale);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
