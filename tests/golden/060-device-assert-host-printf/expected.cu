// case: device-assert trap: the kernel asserts on its input (the assertion holds); after the sync the host prints a marker line
// expect: "cudaDeviceSynchronize();" is kept: a failing assert's message reaches the host at the sync, before the marker
// trap: moving the sync below the host printf would print the assert's message after "-- end of kernel output" (simpleAssert)
#include <cassert>
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    assert(i < n + 64);
    if (i < n)
        out[i] = i % 7;
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
