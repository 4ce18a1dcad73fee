// case: callee to caller with host double buffers: step(h_cur, d_x, ...) uploads h to d, launches, and downloads d to h; main swaps h_cur and h_old after each call and mixes them
// expect: no change: the copies (lines 17 and 19) stay in step(): main's loop writes h_cur (line 39), which the promoted copies would read
// trap: promoting the copies and taking them out of the loop would upload and download one buffer once, where the original alternates between two; RESULT changes
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void advance(int *x, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 7 + (i ^ t)) % 1021;
}

static void step(int *h, int *d, int n, int t)
{
    cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
    advance<<<(n + 255) / 256, 256>>>(d, n, t);
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
}

int main()
{
    const int n = 1 << 12;
    const int steps = 12;
    int *h_a = (int *)malloc(n * sizeof(int));
    int *h_b = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; ++i) {
        h_a[i] = i % 23;
        h_b[i] = i % 17;
    }
    int *d_x;
    cudaMalloc(&d_x, n * sizeof(int));

    int *h_cur = h_a, *h_old = h_b;
    for (int t = 0; t < steps; ++t) {
        step(h_cur, d_x, n, t);
        int *tmp = h_cur;
        h_cur = h_old;
        h_old = tmp;
    }

    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_a[i] * (i % 13 + 1) + (long long)h_b[i] * (i % 7 + 1);
    printf("RESULT %lld\n", s);
    cudaFree(d_x);
    free(h_a);
    free(h_b);
    return 0;
}
