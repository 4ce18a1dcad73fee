// case: managed-memory rule: the host writes a managed config buffer that the pending kernel does not use
// expect: "cudaDeviceSynchronize();" moves past the host-work loop ("hw += h_w[i] * 0.5;") to just before the loop "for (int i = 0; i < 16; ++i) cfg[i] = (float)(i * 2);" (any host access to cudaMallocManaged memory)
// trap: RESULT is the same on this GPU; on systems without concurrent managed access (e.g. Windows, Jetson, pre-Pascal) touching any managed allocation while a kernel runs faults
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

__global__ void weigh(float *out, const float *cfg, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = out[i] * cfg[i % 16];
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *cfg;
    cudaMallocManaged(&cfg, 16 * sizeof(float));
    float *h_out = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_out[i] = -1.0f;
        h_w[i] = (i % 269) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, bytes);

    long long sum = 0;
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_out, n, 55);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    cudaDeviceSynchronize();
    for (int i = 0; i < 16; ++i) cfg[i] = (float)(i * 2);

    weigh<<<blocks, threads>>>(d_out, cfg, n);
    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        sum += (long long)h_out[i];

    printf("RESULT %lld %.1f\n", sum, hw);
    free(h_out);
    free(h_w);
    cudaFree(cfg);
    cudaFree(d_out);
    return 0;
}
