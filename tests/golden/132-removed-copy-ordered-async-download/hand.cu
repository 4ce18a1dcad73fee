// hand: the download replaced by cudaStreamSynchronize(0)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#ifndef SPIN
#define SPIN 200000
#endif

__global__ void derive(int *b, const int *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = a[i] + i;
        for (int k = 0; k < SPIN; ++k)
            v = (v * 13 + 7) % 1013;
        b[i] = v;
    }
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_a = (int *)malloc(bytes);
    int *h_b;
    cudaMallocHost(&h_b, bytes);
    for (int i = 0; i < n; ++i) {
        h_a[i] = (i * 7) % 89;
        h_b[i] = -8;
    }
    int *d_a, *d_b;
    cudaMalloc(&d_a, bytes);
    cudaMalloc(&d_b, bytes);

    cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
    derive<<<(n + 255) / 256, 256>>>(d_b, d_a, n);
    cudaMemcpyAsync(h_b, d_b, bytes, cudaMemcpyDeviceToHost, 0);
    cudaStreamSynchronize(0);
    long long sb = 0, sa = 0;
    for (int i = 0; i < n; ++i) sb += (long long)h_b[i] * (i % 3 + 1);
    for (int i = 0; i < n; ++i)
        sa += h_a[i];

    printf("RESULT %lld %lld\n", sb, sa);
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFreeHost(h_b);
    free(h_a);
    return 0;
}
