// case: positive: two consecutive D2H copies after one kernel move together as a group, keeping their order
// expect: "cudaMemcpy(h_lo, d_lo, bytes, cudaMemcpyDeviceToHost);" and "cudaMemcpy(h_hi, d_hi, bytes, cudaMemcpyDeviceToHost);" move together, in this order, past the host-work loop ("hw += h_w[i] * 0.5;") to just before the loop "for (int i = 0; i < n; ++i) {" that sums h_lo and h_hi
// trap: moving either copy below the sum loop would add -1 sentinels; splitting the group or swapping the copies is also wrong
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void split(float *lo, float *hi, int n, int salt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = (i + salt * 31) % 1000;
        for (int k = 0; k < 64; ++k)
            v = (v * 17 + 11) % 1009;
        lo[i] = (float)(v % 10);
        hi[i] = (float)(v / 10);
    }
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_lo = (float *)malloc(bytes);
    float *h_hi = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_lo[i] = -1.0f;
        h_hi[i] = -1.0f;
        h_w[i] = (i % 173) * 1.0;
    }
    float *d_lo, *d_hi;
    cudaMalloc(&d_lo, bytes);
    cudaMalloc(&d_hi, bytes);

    long long lsum = 0;
    long long hsum = 0;
    double hw = 0.0;

    split<<<blocks, threads>>>(d_lo, d_hi, n, 38);
    cudaMemcpy(h_lo, d_lo, bytes, cudaMemcpyDeviceToHost);
    cudaMemcpy(h_hi, d_hi, bytes, cudaMemcpyDeviceToHost);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    for (int i = 0; i < n; ++i) {
        lsum += (long long)h_lo[i];
        hsum += (long long)h_hi[i];
    }

    printf("RESULT %lld %lld %.1f\n", lsum, hsum, hw);
    free(h_lo);
    free(h_hi);
    free(h_w);
    cudaFree(d_lo);
    cudaFree(d_hi);
    return 0;
}
