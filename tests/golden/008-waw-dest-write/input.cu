// case: write-after-write trap: the host overwrites one slot of the copy's destination after independent host work
// expect: "cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" moves past the host-work loop ("hw += h_w[i] * h_w[i];") to just before "h_out[0] = 1000.0f;"
// trap: a copy moved below "h_out[0] = 1000.0f;" would overwrite the patched slot with the kernel value (< 100), changing sum
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
        h_w[i] = (i % 19) * 0.5;
    }
    float *d_out;
    cudaMalloc(&d_out, bytes);

    long long sum = 0;
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_out, n, 8);
    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * h_w[i];

    h_out[0] = 1000.0f;

    for (int i = 0; i < n; ++i)
        sum += (long long)h_out[i];

    printf("RESULT %lld %.2f\n", sum, hw);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
