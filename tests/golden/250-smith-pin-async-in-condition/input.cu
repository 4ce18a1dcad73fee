// case: an asynchronous upload from a malloc'd buffer written as the condition of an if whose body, unbraced, exits (tests/smith seed 20071, reduced)
// expect: h stays pageable: the event record pinning needs right after the copy has no statement of its own to follow
// trap: the record inserted after the condition became the if's body and the exit ran unconditionally (wrong.cu, the old rewrite, prints nothing against RESULT 129)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void twice(unsigned *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = d[i] * 2u + 1u;
}

int main()
{
    const int n = 32768;
    unsigned *h = (unsigned *)malloc(n * sizeof(unsigned)), *d;
    for (int i = 0; i < n; ++i)
        h[i] = i;
    cudaMalloc(&d, n * sizeof(unsigned));
    unsigned s = 0;
    for (int t = 0; t < 3; ++t) {
        if (cudaMemcpyAsync(d, h, n * sizeof(unsigned), cudaMemcpyHostToDevice, 0) != cudaSuccess)
            exit(1);
        twice<<<n / 256, 256>>>(d, n);
        cudaMemcpy(h, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
        s += h[t + 7];
    }
    printf("RESULT %u\n", s);
    cudaFree(d);
    free(h);
    return 0;
}
