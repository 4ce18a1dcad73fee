// Trap: a histogram with atomics on global memory. Blocks on the CPU and
// the GPU would add into copies of their own: the kernel stays on the GPU.
#include <cstdio>
#include <cstdlib>

__global__ void histogram(const unsigned char *in, unsigned *bins, int n)
{
    __shared__ unsigned local[256];
    local[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[in[i]], 1u);
    __syncthreads();
    atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

int main()
{
    const int n = 1 << 22;
    unsigned char *in = (unsigned char *)malloc(n);
    for (int i = 0; i < n; i++)
        in[i] = (unsigned char)((i * 131u) >> 3);
    unsigned char *din;
    unsigned *dbins, bins[256];
    cudaMalloc(&din, n);
    cudaMalloc(&dbins, sizeof bins);
    cudaMemcpy(din, in, n, cudaMemcpyHostToDevice);
    cudaMemset(dbins, 0, sizeof bins);
    histogram<<<64, 256>>>(din, dbins, n);
    cudaMemcpy(bins, dbins, sizeof bins, cudaMemcpyDeviceToHost);
    unsigned long long s = 0;
    for (int b = 0; b < 256; b++)
        s += (unsigned long long)bins[b] * (b + 1);
    printf("RESULT histogram %llu\n", s);
    return 0;
}
