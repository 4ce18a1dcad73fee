// case: golden 103's loop-invariant upload, with the download after the loop written check(cudaMemcpy(...)) through the program's own check()
// expect: the upload hoisted as in 103: the copy inside check()'s argument waits before check() runs
// trap: kept in its loop because check() was taken to run before the wait
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
static void check(cudaError_t e)
{
    if (e != cudaSuccess) {
        fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(e));
        exit(1);
    }
}

__global__ void relax(int *x, const int *w, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 3 + w[i] + t) % 1009;
}

int main()
{
    const int n = 1 << 12;
    const int steps = 8;
    const size_t bytes = n * sizeof(int);
    int *h_w = (int *)malloc(bytes);
    int *h_x = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i) {
        h_w[i] = (i * 17) % 113;
        h_x[i] = i % 10;
    }
    int *d_w, *d_x;
    cudaMalloc(&d_w, bytes);
    cudaMalloc(&d_x, bytes);
    cudaMemcpy(d_x, h_x, bytes, cudaMemcpyHostToDevice);

    long long host = 0;
    for (int t = 0; t < steps; ++t) {
        cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);
        relax<<<(n + 255) / 256, 256>>>(d_x, d_w, n, t);
        host += h_w[t] * (t + 1);
    }

    check(cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost));
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 7 + 1);
    printf("RESULT %lld %lld\n", s, host);
    cudaFree(d_w);
    cudaFree(d_x);
    free(h_w);
    free(h_x);
    return 0;
}
