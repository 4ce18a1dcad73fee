// verify.test: inline assembly in a kernel, which the lowering refuses:
// the program is not verifiable, and the rewrite stands as without --verify.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void lane(int *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x, l;
    asm("mov.u32 %0, %%laneid;" : "=r"(l));
    if (i < n)
        d[i] = l;
}

int main()
{
    const int n = 256;
    int *h = (int *)malloc(n * sizeof(int)), *d;
    cudaMalloc(&d, n * sizeof(int));
    lane<<<1, n>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    unsigned lanes = 0, spin = 1;
    for (int k = 0; k < 1000; k += 7)
        spin = spin * 3 + k;
    for (int i = 0; i < n; ++i)
        lanes = lanes * 31u + h[i];
    cudaFree(d);
    free(h);
    printf("RESULT %u %u\n", lanes, spin);
    return 0;
}
