// case: golden 103's loop-invariant upload spelt with cudaMemcpyDefault (a malloc'd host buffer, a cudaMalloc'd device buffer)
// expect: hoisted as in 103: the direction comes from where the pointers point (unified addressing)
// trap: the copy left out, with no direction and no line in the report
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

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
        cudaMemcpy(d_w, h_w, bytes, cudaMemcpyDefault);
        relax<<<(n + 255) / 256, 256>>>(d_x, d_w, n, t);
        host += h_w[t] * (t + 1);
    }

    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
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
