// wrong: the upload hoisted
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void smooth(int *out, const int *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int l = in[i > 0 ? i - 1 : 0], r = in[i < n - 1 ? i + 1 : n - 1];
        out[i] = (l + 2 * in[i] + r + 1) / 4;
    }
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_x = (int *)malloc(bytes);
    int h_bc[64];
    for (int i = 0; i < 64; ++i)
        h_bc[i] = 4000 + 10 * i;
    for (int i = 0; i < n; ++i)
        h_x[i] = (i * 37) % 1000;
    int *d_a, *d_b;
    cudaMalloc(&d_a, bytes);
    cudaMalloc(&d_b, bytes);
    cudaMemcpy(d_a, h_x, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(d_b, h_x, bytes, cudaMemcpyHostToDevice);

    int *d_cur = d_a, *d_nxt = d_b;
    cudaMemcpy(d_cur, h_bc, 64 * sizeof(int), cudaMemcpyHostToDevice);
    for (int t = 0; t < 9; ++t) {
        smooth<<<(n + 255) / 256, 256>>>(d_nxt, d_cur, n);
        int *tmp = d_cur;
        d_cur = d_nxt;
        d_nxt = tmp;
    }

    cudaMemcpy(h_x, d_cur, bytes, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 7 + 1);
    printf("RESULT %lld\n", s);
    cudaFree(d_a);
    cudaFree(d_b);
    free(h_x);
    return 0;
}
