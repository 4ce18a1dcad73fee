// wrong: the download removed, no sync in its place
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

// how long each thread spins: long enough on a GPU for the trap to show;
// the CPU oracle (tests/oracle.test) builds with a small value
#ifndef SPIN
#define SPIN 200000
#endif

__global__ void produce(int *m, const int *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = a[i];
        for (int k = 0; k < SPIN; ++k)
            v = (v * 17 + 11) % 1009;
        m[i] = v;
    }
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_a = (int *)malloc(bytes);
    int *h_m;
    cudaHostAlloc(&h_m, bytes, cudaHostAllocMapped);
    int *d_m;
    cudaHostGetDevicePointer(&d_m, h_m, 0);
    for (int i = 0; i < n; ++i) {
        h_a[i] = (i * 3) % 101;
        h_m[i] = -9;
    }
    int *d_a;
    cudaMalloc(&d_a, bytes);

    cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
    produce<<<(n + 255) / 256, 256>>>(d_m, d_a, n);
    long long sm = 0, sa = 0;
    for (int i = 0; i < n; ++i) sm += (long long)h_m[i] * (i % 5 + 1);
    for (int i = 0; i < n; ++i)
        sa += h_a[i];

    printf("RESULT %lld %lld\n", sm, sa);
    cudaFree(d_a);
    cudaFreeHost(h_m);
    free(h_a);
    return 0;
}
