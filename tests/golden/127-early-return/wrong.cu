// wrong: the upload hoisted to the preheader
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void acc(int *x, const int *w, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 3 + w[i] + t) % 100003;
}

__global__ void mark(int *x, const int *w, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] + 7 * w[i]) % 100003;
}

static int run(const int *h_w, int *d_w, int *d_x, const int *h_stop, int n)
{
    cudaMemcpy(d_w, h_w, n * sizeof(int), cudaMemcpyHostToDevice);
    for (int t = 0; t < 16; ++t) {
        if (h_stop[t])
            return t;
        acc<<<(n + 255) / 256, 256>>>(d_x, d_w, n, t);
    }
    return 16;
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_w0 = (int *)malloc(bytes);
    int *h_w = (int *)malloc(bytes);
    int *h_x = (int *)malloc(bytes);
    int h_stop[16] = {0};
    for (int i = 0; i < n; ++i) {
        h_w0[i] = i % 5;
        h_w[i] = 50 + (i * 3) % 19;
    }
    int *d_w, *d_x;
    cudaMalloc(&d_w, bytes);
    cudaMalloc(&d_x, bytes);
    cudaMemset(d_x, 0, bytes);
    cudaMemcpy(d_w, h_w0, bytes, cudaMemcpyHostToDevice);

    h_stop[0] = 1;
    int r1 = run(h_w, d_w, d_x, h_stop, n);
    mark<<<(n + 255) / 256, 256>>>(d_x, d_w, n);
    h_stop[0] = 0;
    h_stop[6] = 1;
    int r2 = run(h_w, d_w, d_x, h_stop, n);

    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 7 + 1);
    printf("RESULT %lld %d %d\n", s, r1, r2);
    cudaFree(d_w);
    cudaFree(d_x);
    free(h_w0);
    free(h_w);
    free(h_x);
    return 0;
}
