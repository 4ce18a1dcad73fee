// case: step() downloads with BYTES, a macro naming main's n, the copies promoted to main's loop would name main's n
// expect: the download stays in step() in main's loop, the report naming the variable inside the macro's body
// trap: sunk after main's loop, BYTES covered all of main's n, not the half step() was given
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
__global__ void advance(int *x, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 7 + (i ^ t)) % 1021;
}
#define BYTES (n * sizeof(int))
static void step(int *h, int *d, int n, int t)
{
    advance<<<(n + 255) / 256, 256>>>(d, n, t);
    cudaMemcpy(h, d, BYTES, cudaMemcpyDeviceToHost);
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
    const int half = n / 2;
    cudaMemcpy(d_x, h_x, n * sizeof(int), cudaMemcpyHostToDevice);
    advance<<<(n + 255) / 256, 256>>>(d_x, n, 77);
    for (int t = 0; t < steps; ++t) {
        step(h_x, d_x, half, t);
        hw += h_w[t * 100] * (t + 1);
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
