// case: positive: a kernel fills a __device__ histogram; cudaMemcpyFromSymbol; independent host work; the host reads the histogram
// expect: "cudaMemcpyFromSymbol(h_hist, d_hist, sizeof(h_hist));" moves past the host-work loop ("hw += h_w[i] * 0.5;") to just before the loop "for (int b = 0; b < BINS; ++b) hsum += (long long)h_hist[b] * (b + 1);"; the earlier "cudaMemcpyToSymbol(d_hist, h_hist, sizeof(h_hist));" does not move (no device work pending before the first launch)
// trap: a copy moved below the histogram loop would read the 0xFFFFFFFF sentinels and change hsum
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BINS 64

__device__ unsigned int d_hist[BINS];

__global__ void histogram(int n, int salt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = (i + salt * 31) % 1000;
        for (int k = 0; k < 64; ++k)
            v = (v * 17 + 11) % 1009;
        atomicAdd(&d_hist[v % BINS], 1u);
    }
}

int main()
{
    const int n = 1 << 20;
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    unsigned int h_hist[BINS];
    for (int b = 0; b < BINS; ++b)
        h_hist[b] = 0u;
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i)
        h_w[i] = (i % 167) * 1.0;

    long long hsum = 0;
    double hw = 0.0;

    cudaMemcpyToSymbol(d_hist, h_hist, sizeof(h_hist));
    for (int b = 0; b < BINS; ++b)
        h_hist[b] = 0xFFFFFFFFu;
    histogram<<<blocks, threads>>>(n, 37);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    cudaMemcpyFromSymbol(h_hist, d_hist, sizeof(h_hist));
    for (int b = 0; b < BINS; ++b) hsum += (long long)h_hist[b] * (b + 1);

    printf("RESULT %lld %.1f\n", hsum, hw);
    free(h_w);
    return 0;
}
