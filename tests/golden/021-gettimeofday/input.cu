// case: clock-read rule with gettimeofday: the program times kernel + sync + host work with two gettimeofday calls
// expect: "cudaDeviceSynchronize();" moves past the host-work loop ("hw += h_w[i] * 1.5;") to just before "gettimeofday(&tv1, NULL);"; the later "cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" does not move (nothing pending after the full sync, and it is followed by its use)
// trap: moving the sync past gettimeofday(&tv1, NULL) would change the measured interval (stderr only); moving it past the cudaMemcpy breaks copy order
#include <cstdio>
#include <cstdlib>
#include <sys/time.h>
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
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_out = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_out[i] = -1.0f;
        h_w[i] = (i % 89) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, bytes);

    long long sum = 0;
    double hw = 0.0;
    struct timeval tv0, tv1;

    gettimeofday(&tv0, NULL);
    produce<<<blocks, threads>>>(d_out, n, 21);
    cudaDeviceSynchronize();

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 1.5;

    gettimeofday(&tv1, NULL);
    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        sum += (long long)h_out[i];

    double ms = (tv1.tv_sec - tv0.tv_sec) * 1000.0 + (tv1.tv_usec - tv0.tv_usec) / 1000.0;
    fprintf(stderr, "kernel + host work: %.3f ms\n", ms);
    printf("RESULT %lld %.1f\n", sum, hw);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
