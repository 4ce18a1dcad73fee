// wrong: the copies promoted with sizeof(span) spelled in main; callee to caller where the copies' size names a global, count, that main hides with a local of its own
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
    advance<<<(n + 255) / 256, 256>>>(d, n, t);
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
    cudaMemcpy(d_x, h_x, sizeof(span), cudaMemcpyHostToDevice);
    for (int t = 0; t < steps; ++t) {
        step(h_x, d_x, n, t);
        hw += h_w[t * 100] * (t + span[0]);
    }
    cudaMemcpy(h_x, d_x, sizeof(span), cudaMemcpyDeviceToHost);

    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 13 + 1);
    printf("RESULT %lld %.1f\n", s, hw);
    cudaFree(d_x);
    free(h_x);
    free(h_w);
    return 0;
}
