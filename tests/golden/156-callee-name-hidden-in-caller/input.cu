// case: callee to caller where the copies' size is sizeof of a global array, span, that main hides with a local array of its own (sizeof reads nothing: only the name tells)
// expect: no change: the copies (lines 19 and 21) stay in step(): spelled in main, sizeof(span) would be main's 64 bytes, not the global's 16384
// trap: promoting the copies as they are spelled would upload and download 16 ints instead of 4096; RESULT changes
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void advance(int *x, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 7 + (i ^ t)) % 1021;
}

static int span[1 << 12]; /* only its size is used */

static void step(int *h, int *d, int n, int t)
{
    cudaMemcpy(d, h, sizeof(span), cudaMemcpyHostToDevice);
    advance<<<(n + 255) / 256, 256>>>(d, n, t);
    cudaMemcpy(h, d, sizeof(span), cudaMemcpyDeviceToHost);
}

int main()
{
    const int n = 1 << 12;
    const int steps = 12;
    int *h_x = (int *)malloc(n * sizeof(int));
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_x[i] = i % 23;
        h_w[i] = i * 0.5;
    }
    int *d_x;
    cudaMalloc(&d_x, n * sizeof(int));

    double hw = 0.0;
    int span[16] = {3}; /* main's own: it hides the global whose size step() copies */
    for (int t = 0; t < steps; ++t) {
        step(h_x, d_x, n, t);
        hw += h_w[t * 100] * (t + span[0]);
    }

    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 13 + 1);
    printf("RESULT %lld %.1f\n", s, hw);
    cudaFree(d_x);
    free(h_x);
    free(h_w);
    return 0;
}
