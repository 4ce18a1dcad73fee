// wrong: the upload hoisted
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

    cudaMemcpy(d_x, h_m, bytes, cudaMemcpyHostToDevice);
    for (int t = 0; t < 6; ++t) {
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
