// case: alias trap through a function parameter: a helper (with a body) reads the copy's destination through its pointer parameter
// expect: "cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" moves past the host-work loop ("hw += h_w[i] * 0.75;") to just before "gsum = checksum(h_out, n);"
// trap: checksum reads p[i] == h_out[i]; a copy moved below the call would make gsum sum -1 sentinels
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

static long long checksum(const float *p, int m)
{
    long long s = 0;
    for (int i = 0; i < m; ++i)
        s += (long long)p[i] * (i % 4 + 1);
    return s;
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_out = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_out[i] = -1.0f;
        h_w[i] = (i % 17) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, bytes);

    long long gsum = 0;
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_out, n, 12);
    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.75;

    gsum = checksum(h_out, n);

    printf("RESULT %lld %.2f\n", gsum, hw);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
