// case: positive: the host work is a call to a helper defined in this file (it has a body) that only reads its own, independent host array
// expect: "cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" moves past "hw = host_weights(h_w, n);" to just before "for (int i = 0; i < n; ++i) sum += (long long)h_out[i];"
// trap: a copy moved below the sum loop would add -1 sentinels; treating a helper with a visible body as an unknown call is overly conservative
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

static double host_weights(const double *w, int m)
{
    double acc = 0.0;
    for (int i = 0; i < m; ++i)
        acc += w[i] * 0.5 + (i & 1);
    return acc;
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
        h_w[i] = (i % 257) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, bytes);

    long long sum = 0;
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_out, n, 53);
    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
    hw = host_weights(h_w, n);
    for (int i = 0; i < n; ++i) sum += (long long)h_out[i];

    printf("RESULT %lld %.1f\n", sum, hw);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
