// case: GSOHC Fig. 1, first sync: kernel launch, blocking D2H copy, independent host work, then the dependent use
// expect: "cudaMemcpy(h_u, d_u, bytes, cudaMemcpyDeviceToHost);" moves down past the host-work comment and loop ("wsum += h_w[i] * 2.0 + (i & 3);") to just before the loop "for (int i = 0; i < n; ++i) usum += (long long)h_u[i];"
// trap: if the copy were moved below the loop that reads h_u, usum would sum the -1 sentinels instead of the kernel output
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

    float *h_u = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_u[i] = -1.0f;
        h_w[i] = (i % 97) * 0.5;
    }
    float *d_u;
    cudaMalloc(&d_u, bytes);

    long long usum = 0;
    double wsum = 0.0;

    produce<<<blocks, threads>>>(d_u, n, 3);
    cudaMemcpy(h_u, d_u, bytes, cudaMemcpyDeviceToHost);

    // host-side work that touches neither h_u nor d_u
    for (int i = 0; i < n; ++i)
        wsum += h_w[i] * 2.0 + (i & 3);

    for (int i = 0; i < n; ++i) usum += (long long)h_u[i];

    printf("RESULT %lld %.1f\n", usum, wsum);
    free(h_u);
    free(h_w);
    cudaFree(d_u);
    return 0;
}
