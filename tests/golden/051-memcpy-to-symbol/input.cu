// case: cudaMemcpyToSymbol into __constant__ coefficients while the kernel that reads the old coefficients may still run; independent host work follows; a second kernel uses the new ones
// expect: "cudaMemcpyToSymbol(c_coef, h_coef2, sizeof(h_coef2));" moves past the host-work loop ("hw += h_w[i] * 0.5;") to just before the launch "apply<<<blocks, threads>>>(d_out2, n);"; the initial "cudaMemcpyToSymbol(c_coef, h_coef1, sizeof(h_coef1));" does not move (nothing pending before the first launch)
// trap: a symbol copy moved below the second launch would let apply() use the old coefficients, making sum2 equal the round-1 pattern
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__constant__ float c_coef[4];

__global__ void apply(float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = i % 1000;
        for (int k = 0; k < 64; ++k)
            v = (v * 17 + 11) % 1009;
        out[i] = c_coef[v % 4] * (float)(v % 10);
    }
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float h_coef1[4] = {1.0f, 2.0f, 3.0f, 4.0f};
    float h_coef2[4] = {5.0f, 0.0f, 7.0f, 1.0f};
    float *h_out1 = (float *)malloc(bytes);
    float *h_out2 = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_out1[i] = -1.0f;
        h_out2[i] = -1.0f;
        h_w[i] = (i % 241) * 1.0;
    }
    float *d_out1, *d_out2;
    cudaMalloc(&d_out1, bytes);
    cudaMalloc(&d_out2, bytes);

    long long sum1 = 0;
    long long sum2 = 0;
    double hw = 0.0;

    cudaMemcpyToSymbol(c_coef, h_coef1, sizeof(h_coef1));
    apply<<<blocks, threads>>>(d_out1, n);
    cudaMemcpyToSymbol(c_coef, h_coef2, sizeof(h_coef2));

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    apply<<<blocks, threads>>>(d_out2, n);
    cudaMemcpy(h_out1, d_out1, bytes, cudaMemcpyDeviceToHost);
    cudaMemcpy(h_out2, d_out2, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) {
        sum1 += (long long)h_out1[i];
        sum2 += (long long)h_out2[i];
    }

    printf("RESULT %lld %lld %.1f\n", sum1, sum2, hw);
    free(h_out1);
    free(h_out2);
    free(h_w);
    cudaFree(d_out1);
    cudaFree(d_out2);
    return 0;
}
