// case: device-trap trap: a __device__ function called by the kernel executes __trap() on a corrupt value (never taken here)
// expect: the host loop that does not touch device memory is passed; "cudaDeviceSynchronize();" stops before `printf("host: %ld\n", acc);`
// trap: a trap ends the kernel and its error is reported at the sync; host output must not come before it
#include <cstdio>
#include <cuda_runtime.h>

__device__ int checked(int v)
{
    if (v < 0)
        __trap();
    return v % 13;
}

__global__ void fill(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = checked(i);
}

int main()
{
    const int n = 4096;
    int *d, h[4096];
    cudaMalloc(&d, n * sizeof(int));
    fill<<<(n + 63) / 64, 64>>>(d, n);
    cudaDeviceSynchronize();
    long acc = 0;
    for (int i = 0; i < 1000; ++i)
        acc += i % 5;
    printf("host: %ld\n", acc);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    long sum = 0;
    for (int i = 0; i < n; ++i)
        sum += h[i];
    printf("RESULT %ld\n", sum);
    cudaFree(d);
    return 0;
}
