// Reduced from smith seed 2026119397: the upload of d3 would join the
// device sync below it and move with it past the #if group between them,
// where another configuration launches a kernel that reads d3 (through
// the struct holding it). A group never joins a sync across a directive.
#include <cstdio>
#include <cstdlib>

struct Bufs {
    unsigned *a, *b;
};

__global__ void twist(unsigned *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = d[i] * 3u + 1u;
}

__global__ void mix(unsigned *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] += 7u;
}

int main()
{
    unsigned *h = (unsigned *)malloc(64 * sizeof(unsigned));
    for (int i = 0; i < 64; i++)
        h[i] = i;
    unsigned *d3, *d4;
    cudaMalloc(&d3, 64 * sizeof(unsigned));
    cudaMalloc(&d4, 64 * sizeof(unsigned));
    mix<<<1, 64>>>(d4, 64);
    Bufs bs = {d3, d4};
    cudaMemcpy(d3, h, 64 * sizeof(unsigned), cudaMemcpyHostToDevice);
#if SMITH_CFG_1
    twist<<<1, 64>>>(bs.a, 64);
#endif
    cudaDeviceSynchronize();
    unsigned acc = 0;
    for (int i = 0; i < 64; i++)
        acc = acc * 31u + h[i];
    unsigned *h2 = (unsigned *)malloc(64 * sizeof(unsigned));
    cudaMemcpy(h2, d3, 64 * sizeof(unsigned), cudaMemcpyDeviceToHost);
    printf("RESULT %u %u\n", acc, h2[5]);
    free(h);
    free(h2);
    cudaFree(d3);
    cudaFree(d4);
    return 0;
}
