// verify.test: cuflow moves the download below the loop, whose __LINE__ is
// then one less: the rewrite prints another RESULT, which --verify finds.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void twice(int *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] *= 2;
}

int main()
{
    const int n = 1024;
    int *h = (int *)malloc(n * sizeof(int)), *d;
    for (int i = 0; i < n; ++i)
        h[i] = i;
    cudaMalloc(&d, n * sizeof(int));
    cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
    twice<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    long s = 0;
    for (int i = 0; i < 100; ++i)
        s += (long)i * __LINE__;
    for (int i = 0; i < n; ++i)
        s += h[i];
    printf("RESULT %ld\n", s);
    cudaFree(d);
    free(h);
    return 0;
}
