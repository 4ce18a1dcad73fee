// case: device-assert trap, indirect: the kernel checks its index through a macro that calls a __device__ function holding the assert
// expect: "cudaDeviceSynchronize();" stays above `printf("-- end of kernel output\n");`; the independent host loop before it is not a reason to move it
// trap: the assert is two calls and a macro away from the kernel; its message is flushed at the sync like device printf
#include <cassert>
#include <cstdio>
#include <cuda_runtime.h>

__device__ void in_range(int i, int n)
{
    assert(i >= 0 && i < n);
}
#define CHECK_INDEX(i, n) in_range((i), (n))

__device__ int scaled(int i, int n)
{
    CHECK_INDEX(i, n);
    return (i * 3) % 11;
}

__global__ void fill(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = scaled(i, n);
}

int main()
{
    const int n = 4096;
    int *d, h[4096];
    cudaMalloc(&d, n * sizeof(int));
    fill<<<(n + 63) / 64, 64>>>(d, n);
    cudaDeviceSynchronize();
    printf("-- end of kernel output\n");
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    long sum = 0;
    for (int i = 0; i < n; ++i)
        sum += h[i];
    printf("RESULT %ld\n", sum);
    cudaFree(d);
    return 0;
}
