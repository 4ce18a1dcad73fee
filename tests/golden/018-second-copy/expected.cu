// case: copy-vs-copy order trap: after independent host work a second (H2D) copy overwrites the first copy's device source
// expect: "cudaMemcpy(h_out, d_buf, bytes, cudaMemcpyDeviceToHost);" moves past the host-work loop ("hw += h_w[i] * 4.0;") to just before "cudaMemcpy(d_buf, h_next, bytes, cudaMemcpyHostToDevice);"; the H2D copy and the later copies do not move
// trap: a D2H copy moved below the H2D copy would fetch h_next's values (i % 3) instead of the kernel output, changing osum
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void produce(float *out, int n, int salt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = (i + salt * 31) % 1000;
        for (int k = 0; k < 64; ++k)
            v = (v * 17 + 11) % 1009;
        out[i] = (float)(v % 100);
    }
}

__global__ void add_one(float *buf, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        buf[i] += 1.0f;
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_out = (float *)malloc(bytes);
    float *h_next = (float *)malloc(bytes);
    float *h_back = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_out[i] = -1.0f;
        h_next[i] = (float)(i % 3);
        h_back[i] = -1.0f;
        h_w[i] = (i % 67) * 1.0;
    }
    float *d_buf;
    cudaMalloc(&d_buf, bytes);

    long long osum = 0;
    long long bsum = 0;
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_buf, n, 18);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 4.0;

    cudaMemcpy(h_out, d_buf, bytes, cudaMemcpyDeviceToHost);
    cudaMemcpy(d_buf, h_next, bytes, cudaMemcpyHostToDevice);
    add_one<<<blocks, threads>>>(d_buf, n);
    cudaMemcpy(h_back, d_buf, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        bsum += (long long)h_back[i];
    for (int i = 0; i < n; ++i)
        osum += (long long)h_out[i];

    printf("RESULT %lld %lld %.1f\n", osum, bsum, hw);
    free(h_out);
    free(h_next);
    free(h_back);
    free(h_w);
    cudaFree(d_buf);
    return 0;
}
