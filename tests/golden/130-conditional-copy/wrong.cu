// wrong: the upload hoisted without its condition
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void acc(int *x, const int *w, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 3 + w[i] * (t + 1)) % 100003;
}

int main(int argc, char **argv)
{
    (void)argv;
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    // 3 unless the program gets more than 50 arguments
    int warm = argc > 50 ? 0 : 3;
    int *h_w0 = (int *)malloc(bytes);
    int *h_w1 = (int *)malloc(bytes);
    int *h_x = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i) {
        h_w0[i] = i % 3;
        h_w1[i] = 20 + (i * 7) % 31;
    }
    int *d_w, *d_x;
    cudaMalloc(&d_w, bytes);
    cudaMalloc(&d_x, bytes);
    cudaMemset(d_x, 0, bytes);
    cudaMemcpy(d_w, h_w0, bytes, cudaMemcpyHostToDevice);

    cudaMemcpy(d_w, h_w1, bytes, cudaMemcpyHostToDevice);
    for (int t = 0; t < 8; ++t) {
        acc<<<(n + 255) / 256, 256>>>(d_x, d_w, n, t);
    }

    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 7 + 1);
    printf("RESULT %lld %d\n", s, warm);
    cudaFree(d_w);
    cudaFree(d_x);
    free(h_w0);
    free(h_w1);
    free(h_x);
    return 0;
}
