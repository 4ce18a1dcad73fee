// case: write-after-read trap: a blocking H2D copy (after a pending kernel) reads h_src, and the host later refills h_src for the next round
// expect: "cudaMemcpy(d_b, h_src, bytes, cudaMemcpyHostToDevice);" moves past the host-work loop ("hw += h_w[i] * 0.25;") to just before the refill loop "for (int i = 0; i < n; ++i) h_src[i] = (float)(i % 5);"
// trap: a copy moved below the refill would upload the round-2 values (i % 5) instead of (i % 11), changing csum
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

__global__ void combine(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + 3.0f * b[i];
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_src = (float *)malloc(bytes);
    float *h_c = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_src[i] = (float)(i % 11);
        h_c[i] = -1.0f;
        h_w[i] = (i % 29) * 1.0;
    }
    float *d_a, *d_b, *d_c;
    cudaMalloc(&d_a, bytes);
    cudaMalloc(&d_b, bytes);
    cudaMalloc(&d_c, bytes);

    long long csum = 0;
    long long next_sum = 0;
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_a, n, 6);
    cudaMemcpy(d_b, h_src, bytes, cudaMemcpyHostToDevice);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.25;

    for (int i = 0; i < n; ++i) h_src[i] = (float)(i % 5);

    combine<<<blocks, threads>>>(d_a, d_b, d_c, n);
    cudaMemcpy(h_c, d_c, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        csum += (long long)h_c[i];
    for (int i = 0; i < n; ++i)
        next_sum += (long long)h_src[i];

    printf("RESULT %lld %lld %.2f\n", csum, next_sum, hw);
    free(h_src);
    free(h_c);
    free(h_w);
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_c);
    return 0;
}
