// wrong: the upload hoisted
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void acc(int *x, int *r, const int *w, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        x[i] = (x[i] * 3 + w[i] + t) % 100003;
        r[i] = (x[i] + i) % 1013;
    }
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_w = (int *)malloc(bytes);
    int *h_r = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i)
        h_w[i] = 1 + (i * 3) % 47;
    int *d_w, *d_r, *d_x;
    cudaMalloc(&d_w, bytes);
    cudaMalloc(&d_r, bytes);
    cudaMalloc(&d_x, bytes);
    cudaMemset(d_x, 0, bytes);

    cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);
    for (int t = 0; t < 5; ++t) {
        acc<<<(n + 255) / 256, 256>>>(d_x, d_r, d_w, n, t);
        cudaMemcpy(h_r, d_r, bytes, cudaMemcpyDeviceToHost);
        int *nw, *nr;
        cudaMalloc(&nw, bytes);
        cudaMalloc(&nr, bytes);
        cudaFree(d_w);
        cudaFree(d_r);
        d_w = nw;
        d_r = nr;
    }

    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_r[i] * (i % 7 + 1);
    printf("RESULT %lld\n", s);
    cudaFree(d_w);
    cudaFree(d_r);
    cudaFree(d_x);
    free(h_w);
    free(h_r);
    return 0;
}
