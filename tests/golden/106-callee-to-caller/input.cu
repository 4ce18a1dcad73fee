// case: callee to caller (CGCM map promotion): step() uploads h to d, launches, and downloads d to h; main calls it in a loop and the host does not touch h_x or d_x between the calls (it works on h_w only)
// expect: the upload "cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);" (line 17) and the download "cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);" (line 19) leave step() (step keeps only the launch, or a clone without the copies is called) for main, and then leave main's loop (line 36): one upload of h_x to d_x before the loop and one download after it, before "long long s = 0;" (line 41); steps is the constant 12, so no guard is needed; bytes saved: 11 uploads and 11 downloads of n * sizeof(int)
// trap: promoting the copies but dropping either one: without the upload d_x is uninitialised, without the download h_x keeps its initial values
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
    int *h_x = (int *)malloc(n * sizeof(int));
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_x[i] = i % 23;
        h_w[i] = i * 0.5;
    }
    int *d_x;
    cudaMalloc(&d_x, n * sizeof(int));

    double hw = 0.0;
    for (int t = 0; t < steps; ++t) {
        step(h_x, d_x, n, t);
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
