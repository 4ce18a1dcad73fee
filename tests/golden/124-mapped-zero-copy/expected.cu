// case: must never: mapped (zero-copy) pinned memory: each iteration uploads the mapped host buffer h_m into d_x, and the kernel writes h_m through its device alias d_m (cudaHostGetDevicePointer); the host never stores to h_m in the loop
// expect: "cudaMemcpy(d_x, h_m, bytes, cudaMemcpyHostToDevice);" (line 29) stays in the loop: "feedback<<<...>>>(d_m, d_x, n, t)" (line 30) writes h_m through d_m, the device pointer of the same mapped allocation
// trap: hoisting the upload (h_m is a host buffer no host statement writes in the loop) makes every iteration start from the initial h_m
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void feedback(int *m, const int *x, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        m[i] = (x[i] * 3 + x[(i + 5) % n] + t) % 1009;
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_m;
    cudaHostAlloc(&h_m, bytes, cudaHostAllocMapped);
    int *d_m;
    cudaHostGetDevicePointer(&d_m, h_m, 0);
    for (int i = 0; i < n; ++i)
        h_m[i] = (i * 7) % 67;
    int *d_x;
    cudaMalloc(&d_x, bytes);

    for (int t = 0; t < 6; ++t) {
        cudaMemcpy(d_x, h_m, bytes, cudaMemcpyHostToDevice);
        feedback<<<(n + 255) / 256, 256>>>(d_m, d_x, n, t);
    }
    cudaDeviceSynchronize();

    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_m[i] * (i % 7 + 1);
    printf("RESULT %lld\n", s);
    cudaFree(d_x);
    cudaFreeHost(h_m);
    return 0;
}
