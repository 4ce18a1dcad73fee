// case: alias trap through a pointer copy: "view" points into the copy's destination and is read after independent host work
// expect: "cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" moves past the host-work loop ("hw += h_w[i] * 0.5;") to just before the loop "for (int i = 0; i < half; ++i) vsum += (long long)view[i];"
// trap: view aliases h_out + n/2; a copy moved below the view loop would make vsum sum -1 sentinels
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
    const int half = n / 2;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_out = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_out[i] = -1.0f;
        h_w[i] = (i % 71) * 1.0;
    }
    float *view = h_out + half;
    float *d_out;
    cudaMalloc(&d_out, bytes);

    long long vsum = 0;
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_out, n, 10);
    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    for (int i = 0; i < half; ++i) vsum += (long long)view[i];

    printf("RESULT %lld %.1f\n", vsum, hw);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
