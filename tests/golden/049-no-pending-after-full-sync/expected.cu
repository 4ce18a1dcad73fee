// case: no device work pending: a second D2H copy comes after a full sync (the first blocking copy) with no launch or async op in between
// expect: no move: "cudaMemcpy(h_a, d_a, bytes, cudaMemcpyDeviceToHost);" is followed by its use; "cudaMemcpy(h_b, d_b, bytes, cudaMemcpyDeviceToHost);" stays before the host-work loop ("hw += h_w[i] * 0.5;") because nothing is pending at it
// trap: moving the second copy is harmless for RESULT but is a spurious edit (no overlap to gain); moving it below the bsum loop would add -1 sentinels
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void produce2(float *a, float *b, int n, int salt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = (i + salt * 31) % 1000;
        for (int k = 0; k < 64; ++k)
            v = (v * 17 + 11) % 1009;
        a[i] = (float)(v % 100);
        b[i] = (float)(v % 7);
    }
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_a = (float *)malloc(bytes);
    float *h_b = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_a[i] = -1.0f;
        h_b[i] = -1.0f;
        h_w[i] = (i % 233) * 1.0;
    }
    float *d_a, *d_b;
    cudaMalloc(&d_a, bytes);
    cudaMalloc(&d_b, bytes);

    long long asum = 0;
    long long bsum = 0;
    double hw = 0.0;

    produce2<<<blocks, threads>>>(d_a, d_b, n, 49);
    cudaMemcpy(h_a, d_a, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        asum += (long long)h_a[i];
    cudaMemcpy(h_b, d_b, bytes, cudaMemcpyDeviceToHost);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    for (int i = 0; i < n; ++i)
        bsum += (long long)h_b[i];

    printf("RESULT %lld %lld %.1f\n", asum, bsum, hw);
    free(h_a);
    free(h_b);
    free(h_w);
    cudaFree(d_a);
    cudaFree(d_b);
    return 0;
}
