// case: device-printf trap: the pending kernel calls printf (one thread); after cudaDeviceSynchronize and independent host work the host prints a line to stdout
// expect: "cudaDeviceSynchronize();" moves past the host-work loop ("hw += h_w[i] * 0.5;") to just before `printf("host: weights %.1f\n", hw);` and no further
// trap: device printf output is flushed at the sync; a sync moved below the host printf would print "host: ..." before "kernel: ..." and change stdout
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void produce_and_log(float *out, int n, int salt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = (i + salt * 31) % 1000;
        for (int k = 0; k < 64; ++k)
            v = (v * 17 + 11) % 1009;
        out[i] = (float)(v % 100);
    }
    if (i == 0)
        printf("kernel: produced %d values\n", n);
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
        h_w[i] = (i % 137) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, bytes);

    long long sum = 0;
    double hw = 0.0;

    produce_and_log<<<blocks, threads>>>(d_out, n, 31);
    cudaDeviceSynchronize();

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    printf("host: weights %.1f\n", hw);
    fflush(stdout);

    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        sum += (long long)h_out[i];

    printf("RESULT %lld\n", sum);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
