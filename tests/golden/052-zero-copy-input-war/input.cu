// case: zero-copy write-after-read trap: a slow kernel reads a mapped pinned input buffer directly; cudaDeviceSynchronize; independent host work; the host then refills that input buffer for the next round
// expect: "cudaDeviceSynchronize();" moves past the host-work loop ("hw += h_w[i] * 0.5;") to just before the refill loop "for (int i = 0; i < n; ++i) h_in[i] = 50.0f;"
// trap: h_in is read by the pending kernel through its mapped device pointer; refilling it before the sync lets the still-running kernel read 50.0 instead of (i % 10), changing sum
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

// how long each thread spins: long enough on a GPU for the trap to show;
// the CPU oracle (tests/oracle.test) builds with a small value
#ifndef SPIN
#define SPIN 200000
#endif

__global__ void slow_consume(float *out, const float *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = i % 1000;
        for (int k = 0; k < SPIN; ++k)
            v = (v * 17 + 11) % 1009;
        out[i] = in[i] + (float)(v % 2);
    }
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_in;
    cudaHostAlloc(&h_in, bytes, cudaHostAllocMapped);
    float *d_in_mapped;
    cudaHostGetDevicePointer(&d_in_mapped, h_in, 0);
    float *h_out = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_in[i] = (float)(i % 10);
        h_out[i] = -1.0f;
        h_w[i] = (i % 251) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, bytes);

    long long sum = 0;
    long long next = 0;
    double hw = 0.0;

    slow_consume<<<blocks, threads>>>(d_out, d_in_mapped, n);
    cudaDeviceSynchronize();

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    for (int i = 0; i < n; ++i) h_in[i] = 50.0f;

    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        sum += (long long)h_out[i];
    for (int i = 0; i < n; ++i)
        next += (long long)h_in[i];

    printf("RESULT %lld %lld %.1f\n", sum, next, hw);
    free(h_out);
    free(h_w);
    cudaFreeHost(h_in);
    cudaFree(d_out);
    return 0;
}
