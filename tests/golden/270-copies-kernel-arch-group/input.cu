// case: a kernel whose whole body is `#if __CUDA_ARCH__ >= 700` (cuda-samples' warpAggregatedAtomicsCG writes its bucket counters so); the host parse leaves that group out
// expect: both copies stay: what nvcc compiles for the GPU is the group cuflow's host parse never saw, so the launch may read and write every buffer it is given
// trap: with the empty body the parse shows, the download looks redundant (h already holds d's bytes) and the upload dead; removing them prints the sum without the kernel's increments
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void bump(int *c, int n)
{
#if __CUDA_ARCH__ >= 700
    int i = threadIdx.x;
    if (i < n)
        atomicAdd(&c[i], 1);
#endif
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
