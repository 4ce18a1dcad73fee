// wrong: the upload hoisted
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

struct Config {
    int *w;
    int n;
};

__global__ void acc(int *x, const int *w, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 5 + w[i]) % 100003;
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_w = (int *)malloc(bytes);
    int *h_x = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i)
        h_w[i] = (i * 13) % 71;
    int *view = h_w + n / 2;
    Config cfg;
    cfg.w = h_w;
    cfg.n = n;
    int *d_w, *d_x;
    cudaMalloc(&d_w, bytes);
    cudaMalloc(&d_x, bytes);
    cudaMemset(d_x, 0, bytes);

    cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);
    for (int t = 0; t < 6; ++t) {
        acc<<<(n + 255) / 256, 256>>>(d_x, d_w, n);
        if (t % 2 == 0)
            view[t] += 3;
        else
            cfg.w[t * 5] ^= 6;
    }

    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 9 + 1);
    printf("RESULT %lld\n", s);
    cudaFree(d_w);
    cudaFree(d_x);
    free(h_w);
    free(h_x);
    return 0;
}
