// case: a kernel calls a __device__ helper defined twice, under `#if __CUDA_ARCH__ >= 700` (an atomic increment) and `#else` (nothing); the host parse, with __CUDA_ARCH__ undefined, sees only the empty one
// expect: both copies stay: the helper's definition depends on the configuration, so the launch may read and write every buffer it is given
// trap: with the empty definition the parse shows, the download looks redundant (h already holds d's bytes) and the upload dead; removing them prints the sum without the kernel's increments
#ifndef HELPERS_GUARD
#define HELPERS_GUARD
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#endif

#if __CUDA_ARCH__ >= 700
__device__ void bump_one(int *c, int i)
{
    atomicAdd(&c[i], 1);
}
#else
__device__ void bump_one(int *c, int i)
{
}
#endif

__global__ void bump(int *c, int n)
{
    int i = threadIdx.x;
    if (i < n)
        bump_one(c, i);
}

int main(void)
{
    const int n = 64;
    int *h = (int *)malloc(n * sizeof(int)), *d;
    for (int i = 0; i < n; i++)
        h[i] = i;
    cudaMalloc(&d, n * sizeof(int));
    cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
    bump<<<1, n>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    long s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    printf("RESULT %ld\n", s);
    cudaFree(d);
    free(h);
    return 0;
}
