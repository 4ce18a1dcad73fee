// case: device-printf trap, indirect: the kernel logs through a macro that expands to a call of a __device__ function that calls printf
// expect: "cudaDeviceSynchronize();" passes the independent host loop and stops before `printf("host: %ld\n", acc);`
// trap: the kernel's line must come before the host's; a sync moved below the host printf would reverse them
#include <cstdio>
#include <cuda_runtime.h>

__device__ void log_value(const char *what, int v)
{
    printf("kernel: %s %d\n", what, v);
}
#define LOG(what, v) log_value((what), (v))

__global__ void fill(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = i % 9;
    if (i == 0)
        LOG("count", n);
}

int main()
{
    const int n = 4096;
    int *d, h[4096];
    cudaMalloc(&d, n * sizeof(int));
    fill<<<(n + 63) / 64, 64>>>(d, n);
    long acc = 0;
    for (int i = 0; i < 1000; ++i)
        acc += i % 5;
    cudaDeviceSynchronize();
    printf("host: %ld\n", acc);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    long sum = 0;
    for (int i = 0; i < n; ++i)
        sum += h[i];
    printf("RESULT %ld\n", sum);
    cudaFree(d);
    return 0;
}
