// case: clock-read rule with --move-past-timers: same program as the timer-stops case, the option lets the copy pass the clock read
// expect: with --move-past-timers, "cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" moves past the first host-work loop, "auto t1 = std::chrono::steady_clock::now();" and the second host-work loop ("hw_b += h_b[i] * 0.25;") to just before the loop "for (int i = 0; i < n; ++i) sum += (long long)h_out[i];"
// trap: stopping before t1 ignores the option; moving below the sum loop would sum -1 sentinels and change RESULT
#include <chrono>
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
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_out = (float *)malloc(bytes);
    double *h_a = (double *)malloc(n * sizeof(double));
    double *h_b = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_out[i] = -1.0f;
        h_a[i] = (i % 73) * 1.0;
        h_b[i] = (i % 79) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, bytes);

    long long sum = 0;
    double hw_a = 0.0;
    double hw_b = 0.0;

    auto t0 = std::chrono::steady_clock::now();
    produce<<<blocks, threads>>>(d_out, n, 19);

    for (int i = 0; i < n; ++i)
        hw_a += h_a[i] * 0.5;

    auto t1 = std::chrono::steady_clock::now();

    for (int i = 0; i < n; ++i)
        hw_b += h_b[i] * 0.25;

    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) sum += (long long)h_out[i];

    double ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
    fprintf(stderr, "kernel + copy + host work: %.3f ms\n", ms);
    printf("RESULT %lld %.1f %.2f\n", sum, hw_a, hw_b);
    free(h_out);
    free(h_a);
    free(h_b);
    cudaFree(d_out);
    return 0;
}
