// case: positive: the kernel, copy, host work and use all sit inside the then-block of an if; the copy moves within that block
// expect: inside "if (use_gpu) {", "cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" moves past the host-work loop ("hw += h_w[i] * 0.5;") to just before "for (int i = 0; i < n; ++i) sum += (long long)h_out[i];"; it never leaves the block
// trap: a copy moved below the sum loop would add -1 sentinels; moving it out of the if would run it on the CPU-only path too
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

int main(int argc, char **argv)
{
    (void)argv;
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;
    const int use_gpu = (argc < 5);

    float *h_out = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_out[i] = -1.0f;
        h_w[i] = (i % 199) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, bytes);

    long long sum = 0;
    double hw = 0.0;

    if (use_gpu) {
        produce<<<blocks, threads>>>(d_out, n, 44);
        for (int i = 0; i < n; ++i)
            hw += h_w[i] * 0.5;
        cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
        for (int i = 0; i < n; ++i) sum += (long long)h_out[i];
    } else {
        for (int i = 0; i < n; ++i)
            sum += i % 100;
    }

    printf("RESULT %lld %.1f\n", sum, hw);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
