// verify.test: a program whose output depends on its arguments; cuflow's
// rewrite prints the same for each.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void scale(int *d, int n, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] *= k;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 256, k = argc > 2 ? atoi(argv[2]) : 3;
    int *h = (int *)malloc(n * sizeof(int)), *d;
    for (int i = 0; i < n; ++i)
        h[i] = i;
    cudaMalloc(&d, n * sizeof(int));
    cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
    scale<<<(n + 255) / 256, 256>>>(d, n, k);
    cudaDeviceSynchronize();
    long w = 0;
    for (int i = 0; i < 1000; ++i)
        w += i % 7;
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    long s = w;
    for (int i = 0; i < n; ++i)
        s += h[i];
    printf("RESULT %ld\n", s);
    cudaFree(d);
    free(h);
    return s > 0 ? 0 : 1;
}
