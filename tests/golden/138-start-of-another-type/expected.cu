// case: a loop-invariant upload in a loop that may run zero times, whose variable is a size_t started from the int literal 0: "0 < steps" would compare as int where "t < steps" compares as size_t
// expect: "cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);" (line 31) stays in the loop: the loop may run zero times and its first test cannot be repeated outside it with the same conversions; nothing changes
// trap: a guard "if (0 < steps)" differs from the loop's own first test when steps is negative (the size_t comparison runs the loop, the int one does not)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void relax(int *x, const int *w, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 3 + w[i] + t) % 1009;
}

int main(int argc, char **argv)
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    long steps = argc > 1 ? atol(argv[1]) : 3;
    int *h_w = (int *)malloc(bytes), *h_x = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i) {
        h_w[i] = (i * 7) % 31;
        h_x[i] = i % 11;
    }
    int *d_w, *d_x;
    cudaMalloc(&d_w, bytes);
    cudaMalloc(&d_x, bytes);
    cudaMemcpy(d_x, h_x, bytes, cudaMemcpyHostToDevice);

    for (size_t t = 0; t < steps; ++t) {
        cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);
        relax<<<(n + 255) / 256, 256>>>(d_x, d_w, n, (int)t);
    }

    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 7 + 1);
    printf("RESULT %lld\n", s);
    cudaFree(d_w);
    cudaFree(d_x);
    free(h_w);
    free(h_x);
    return 0;
}
