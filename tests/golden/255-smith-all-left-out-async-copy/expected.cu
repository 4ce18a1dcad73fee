// Reduced from smith seed 2026113587: another configuration copies h1
// asynchronously. From pageable memory that copy stages the bytes before
// it returns; pinned, it would still read them while the host rewrites
// them, so h1 stays pageable. And the device sync after the group may
// not pass the host's writes: work the left-out code leaves in flight
// may reach them.
#include <cstdio>

__global__ void twist(unsigned *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = d[i] * 3u + 1u;
}

int main(int argc, char **argv)
{
    (void)argv;
    cudaStream_t s1;
    cudaStreamCreate(&s1);
    unsigned *h1 = new unsigned[256];
    for (int i = 0; i < 256; i++)
        h1[i] = i;
    unsigned *d3, *d4;
    cudaMalloc(&d3, 4096 * sizeof(unsigned));
    cudaMalloc(&d4, 256 * sizeof(unsigned));
    cudaMemset(d3, 0, 4096 * sizeof(unsigned));
    unsigned acc = 1;
    for (int it = 0; it < argc + 1; ++it) {
        cudaMemcpy(h1 + 104, d3 + 659, 147 * sizeof(unsigned), cudaMemcpyDeviceToHost);
        for (int i = 0; i < 256; ++i)
            acc = acc * 31u + h1[i];
        twist<<<4, 256, 0, s1>>>(d3 + 336, 946);
#if SMITH_CFG_1
        cudaMemcpyAsync(d4 + 113, h1 + 65, 80 * sizeof(unsigned), cudaMemcpyHostToDevice, s1);
#endif
        cudaDeviceSynchronize();
        for (int i = 0; i < 256; ++i)
            h1[i] = i * 49u + acc;
        acc += 3;
    }
    unsigned *h2 = new unsigned[256];
    cudaMemcpy(h2, d4, 256 * sizeof(unsigned), cudaMemcpyDeviceToHost);
    printf("RESULT %u %u\n", acc, h2[120]);
    delete[] h1;
    delete[] h2;
    cudaFree(d3);
    cudaFree(d4);
    return 0;
}
