// A __device__ helper reads blockIdx and gridDim itself: the partition-
// ready kernel keeps every block's own indices, so the helper stays right.
// A 3-D grid, and a launch on a stream the program made.
#include <cstdio>

__device__ unsigned flatblock()
{
    return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
}

__global__ void tag(unsigned *out)
{
    unsigned b = flatblock();
    out[b * blockDim.x + threadIdx.x] = b * 1000 + threadIdx.x;
}

int main()
{
    dim3 grid(7, 5, 3), block(64);
    const int n = 7 * 5 * 3 * 64;
    static unsigned h[7 * 5 * 3 * 64];
    unsigned *d;
    cudaStream_t st;
    cudaStreamCreate(&st);
    cudaMalloc(&d, sizeof h);
    for (int it = 0; it < 3; it++)
        tag<<<grid, block, 0, st>>>(d);
    cudaStreamSynchronize(st);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += h[i] != (unsigned)(i / 64) * 1000 + i % 64;
    printf("RESULT helper bad=%d\n", bad);
    cudaStreamDestroy(st);
    return 0;
}
