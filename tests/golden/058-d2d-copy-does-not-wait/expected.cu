// case: a device-to-device cudaMemcpy does not make the host wait (CUDA's documented sync behaviour)
// expect: "cudaDeviceSynchronize();" moves past the host-work loop ("hw += h_w[i] * 0.5;") to just before the loop reading the mapped buffer z
// trap: slow_fill writes z through its device alias while the D2D copy returns at once; a tool that took the copy for a sync would move cudaDeviceSynchronize below the read of z, which would then sum the -1 sentinels
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void slow_fill(float *z, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = i % 1000;
        for (int k = 0; k < 200000; ++k)
            v = (v * 17 + 11) % 1009;
        z[i] = (float)(v % 7);
    }
}

__global__ void touch(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = 2.0f * i;
}

int main()
{
    const int n = 1 << 16;
    const size_t bytes = n * sizeof(float);
    float *z, *dz, *d1, *d2;
    cudaSetDeviceFlags(cudaDeviceMapHost);
    cudaHostAlloc(&z, bytes, cudaHostAllocMapped);
    for (int i = 0; i < n; ++i)
        z[i] = -1.0f;
    cudaHostGetDevicePointer(&dz, z, 0);
    cudaMalloc(&d1, bytes);
    cudaMalloc(&d2, bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i)
        h_w[i] = (i % 31) * 1.0;
    cudaStream_t s;
    cudaStreamCreate(&s);
    double hw = 0.0;
    long long zsum = 0;

    touch<<<(n + 255) / 256, 256, 0, s>>>(d1, n);
    slow_fill<<<(n + 255) / 256, 256>>>(dz, n);
    cudaMemcpy(d2, d1, bytes, cudaMemcpyDeviceToDevice);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    cudaDeviceSynchronize();
    for (int i = 0; i < n; ++i)
        zsum += (long long)z[i];

    printf("RESULT %lld %.1f\n", zsum, hw);
    cudaStreamDestroy(s);
    cudaFree(d1);
    cudaFree(d2);
    cudaFreeHost(z);
    free(h_w);
    return 0;
}
