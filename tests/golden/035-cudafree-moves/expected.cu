// case: positive: cudaFree of a scratch buffer right after the kernels that use it, followed by independent host work
// expect: "cudaFree(d_scratch);" moves past the host-work loop ("hw += h_w[i] * 0.5;") to just before "cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" (a runtime call); that copy does not move
// trap: moving cudaFree past the cudaMemcpy breaks runtime-call order (RESULT unchanged); freeing before the kernels finish is what the sync placement protects
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

__global__ void pair_sum(float *out, const float *scratch, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = scratch[i] + scratch[(i + 1) % n];
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
        h_w[i] = (i % 157) * 1.0;
    }
    float *d_scratch, *d_out;
    cudaMalloc(&d_scratch, bytes);
    cudaMalloc(&d_out, bytes);

    long long sum = 0;
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_scratch, n, 35);
    pair_sum<<<blocks, threads>>>(d_out, d_scratch, n);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    cudaFree(d_scratch);
    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        sum += (long long)h_out[i];

    printf("RESULT %lld %.1f\n", sum, hw);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
