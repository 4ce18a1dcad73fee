// Reduced from smith seed 2026114235: a loop written through a macro that
// jumps out of itself with goto is one statement to the model, without
// the jump's edge. It holds a blocking copy, but it is no sync to carry
// along: moving it past its own label would change where the jump lands.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define FOR(i, n) for (int i = 0; i < (n); ++i)

__global__ void twist(unsigned *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = d[i] * 3u + 1u;
}

int main(int argc, char **argv)
{
    (void)argv;
    unsigned *h1 = (unsigned *)malloc(256 * sizeof(unsigned));
    unsigned *p4 = (unsigned *)malloc(1024 * sizeof(unsigned));
    unsigned *h10;
    cudaMallocHost(&h10, 1024 * sizeof(unsigned));
    for (int i = 0; i < 1024; i++)
        h10[i] = p4[i] = i;
    unsigned *d3;
    cudaMalloc(&d3, 256 * sizeof(unsigned));
    cudaMemcpy(d3, p4, 256 * sizeof(unsigned), cudaMemcpyHostToDevice);
    twist<<<1, 256>>>(d3, 256);
    unsigned acc = 0;
    for (int i = 0; i < 183; ++i)
        acc = acc * 31u + (unsigned)i;
    cudaMemcpy(d3, h10, 256 * sizeof(unsigned), cudaMemcpyHostToDevice);
    FOR(it, argc + 2)
    {
        cudaMemcpy(h1, d3, 256 * sizeof(unsigned), cudaMemcpyDeviceToHost);
        if (it == 0)
            goto out;
    }
out:;
    memcpy(p4 + 191, h10, 311 * sizeof(unsigned));
    twist<<<1, 256>>>(d3, 256);
    printf("RESULT %u %u %u\n", acc, h1[7], p4[200]);
    free(h1);
    free(p4);
    cudaDeviceSynchronize();
    cudaFreeHost(h10);
    cudaFree(d3);
    return 0;
}
