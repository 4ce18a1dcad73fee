// case: managed-memory trap: a long kernel writes a cudaMallocManaged buffer; cudaDeviceSynchronize; independent host work; the host reads the managed buffer
// expect: "cudaDeviceSynchronize();" moves past the host-work loop ("hw += h_w[i] * 0.5;") to just before the loop "for (int i = 0; i < n; ++i) msum += (long long)m[i];" (host access to managed memory)
// trap: reading m before the sync sees values the slow kernel has not written yet (-1 sentinels, or a fault where concurrent managed access is unsupported), changing msum
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

// how long each thread spins: long enough on a GPU for the trap to show;
// the CPU oracle (tests/oracle.test) builds with a small value
#ifndef SPIN
#define SPIN 200000
#endif

__global__ void slow_produce(float *out, int n, int salt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = (i + salt * 31) % 1000;
        for (int k = 0; k < SPIN; ++k)
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

    float *m;
    cudaMallocManaged(&m, bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        m[i] = -1.0f;
        h_w[i] = (i % 53) * 1.0;
    }

    long long msum = 0;
    double hw = 0.0;

    slow_produce<<<blocks, threads>>>(m, n, 15);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    cudaDeviceSynchronize();
    for (int i = 0; i < n; ++i) msum += (long long)m[i];

    printf("RESULT %lld %.1f\n", msum, hw);
    free(h_w);
    cudaFree(m);
    return 0;
}
