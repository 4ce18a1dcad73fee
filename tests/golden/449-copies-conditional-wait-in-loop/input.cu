// case: in the loop, check(debug_sync ? cudaDeviceSynchronize() : cudaGetLastError()) and a read of mapped memory a kernel writes
// expect: the upload stays in its loop: a wait in an arm of ?: may not run
// trap: the conditional sync taken as a full wait and the upload hoisted
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void relax(int *z, const int *w, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        z[i] = (z[i] * 3 + w[i] + t) % 1009;
}

static bool debug_sync = false;
static void check(cudaError_t e)
{
    if (e != cudaSuccess) {
        fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(e));
        exit(1);
    }
}
int main()
{
    const int n = 1 << 12;
    const int steps = 8;
    const size_t bytes = n * sizeof(int);
    int *h_w = (int *)malloc(bytes);
    int *h_z;
    cudaHostAlloc(&h_z, bytes, cudaHostAllocMapped);
    int *d_z;
    cudaHostGetDevicePointer(&d_z, h_z, 0);
    for (int i = 0; i < n; ++i) {
        h_w[i] = (i * 17) % 113;
        h_z[i] = i % 10;
    }
    int *d_w;
    cudaMalloc(&d_w, bytes);
    long long acc = 0;
    for (int t = 0; t < steps; ++t) {
        cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);
        check(debug_sync ? cudaDeviceSynchronize() : cudaGetLastError());
        acc = acc * 3 + h_z[t];
        relax<<<(n + 255) / 256, 256>>>(d_z, d_w, n, t);
    }
    cudaDeviceSynchronize();
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_z[i] * (i % 7 + 1);
    printf("RESULT %lld %lld\n", s, acc);
    cudaFree(d_w);
    cudaFreeHost(h_z);
    free(h_w);
    return 0;
}
