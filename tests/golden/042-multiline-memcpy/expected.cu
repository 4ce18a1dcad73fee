// case: positive: a cudaMemcpy call whose arguments span four lines moves as a whole
// expect: the whole multi-line statement "cudaMemcpy(h_out, / d_out, / n * sizeof(float), / cudaMemcpyDeviceToHost);" moves, unchanged apart from indentation, past the host-work loop ("hw += h_w[i] * 0.5;") to just before the loop "for (int i = 0; i < n; ++i) sum += (long long)h_out[i];"
// trap: a copy moved below the sum loop would add -1 sentinels; moving only part of the statement would not compile
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

int main()
{
    const int n = 1 << 20;
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_out = (float *)malloc(n * sizeof(float));
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_out[i] = -1.0f;
        h_w[i] = (i % 193) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, n * sizeof(float));

    long long sum = 0;
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_out, n, 42);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    cudaMemcpy(h_out,
               d_out,
               n * sizeof(float),
               cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) sum += (long long)h_out[i];

    printf("RESULT %lld %.1f\n", sum, hw);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
