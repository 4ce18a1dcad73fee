// case: a macro that expands to two stream syncs as two statements of the block, after a launch and before host work (tests/smith seeds 30037 and 30048, reduced)
// expect: both syncs stay: they share one expansion, so neither moves or is cut without the other
// trap: moved together, each was cut from the same bytes, and the overlapping edits left the file alone with an internal error (exit 3)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define SYNC_TWICE(s) cudaStreamSynchronize(s); cudaStreamSynchronize(s)

__global__ void twice(unsigned *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] *= 2u;
}

int main()
{
    const int n = 256;
    unsigned *h = (unsigned *)malloc(n * sizeof(unsigned)), *d;
    for (int i = 0; i < n; ++i)
        h[i] = i;
    cudaMalloc(&d, n * sizeof(unsigned));
    cudaMemcpy(d, h, n * sizeof(unsigned), cudaMemcpyHostToDevice);
    twice<<<1, n>>>(d, n);
    SYNC_TWICE(0);
    unsigned s = 0;
    for (int i = 0; i < 100; ++i)
        s += i;
    cudaMemcpy(h, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        s += h[i];
    printf("RESULT %u\n", s);
    cudaFree(d);
    free(h);
    return 0;
}
