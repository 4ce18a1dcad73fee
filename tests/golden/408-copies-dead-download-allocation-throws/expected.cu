// case: run() downloads into g_h, then std::vector<int> tmp(k - 10) may throw std::length_error, which main catches before reading g_h; a second download follows
// expect: the first download stays: where the program catches exceptions, a library allocation may throw to the catch, which reads g_h
// trap: removed as dead, the catch would sum a g_h the first download never filled (RESULT 1000000 instead of 1003060)
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <stdexcept>
#include <cuda_runtime.h>

__global__ void fill(int *out, int n, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = (i * 7) % 23 + k;
}

static int *g_h;

static void run(int *d, int n, int k)
{
    fill<<<(n + 127) / 128, 128>>>(d, n, 1);
    cudaMemcpy(g_h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    std::vector<int> tmp(k - 10); // k < 10: throws std::length_error
    fill<<<(n + 127) / 128, 128>>>(d, n, (int)tmp.size());
    cudaMemcpy(g_h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
}

int main(int argc, char **argv)
{
    const int n = 256;
    g_h = (int *)calloc(n, sizeof(int));
    int *d;
    cudaMalloc(&d, n * sizeof(int));
    long long s = 0;
    try {
        run(d, n, argc + 5);
    } catch (const std::length_error &) {
        s += 1000000;
    }
    for (int i = 0; i < n; ++i)
        s += g_h[i];
    printf("RESULT %lld\n", s);
    cudaFree(d);
    return 0;
}
