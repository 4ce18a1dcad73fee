// case: positive: a template kernel instantiated for float and double; each instantiation's copy moves past its own independent host work
// expect: "cudaMemcpy(h_f, d_f, n * sizeof(float), cudaMemcpyDeviceToHost);" moves past the loop "hw_f += h_w[i] * 0.5;" to just before "for (int i = 0; i < n; ++i) fsum += h_f[i];"; "cudaMemcpy(h_d, d_d, n * sizeof(double), cudaMemcpyDeviceToHost);" moves past the loop "hw_d += h_w[i] * 0.25;" to just before "for (int i = 0; i < n; ++i) dsum += h_d[i];"
// trap: either copy moved below its sum loop would sum -1 sentinels; the double copy must not move above or past the float sum loop (different launch)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

template <typename T>
__global__ void ramp(T *out, int n, T scale)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = i % 1000;
        for (int k = 0; k < 64; ++k)
            v = (v * 17 + 11) % 1009;
        out[i] = (T)(v % 50) * scale;
    }
}

int main()
{
    const int n = 1 << 20;
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_f = (float *)malloc(n * sizeof(float));
    double *h_d = (double *)malloc(n * sizeof(double));
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_f[i] = -1.0f;
        h_d[i] = -1.0;
        h_w[i] = (i % 191) * 1.0;
    }
    float *d_f;
    double *d_d;
    cudaMalloc(&d_f, n * sizeof(float));
    cudaMalloc(&d_d, n * sizeof(double));

    double fsum = 0.0;
    double dsum = 0.0;
    double hw_f = 0.0;
    double hw_d = 0.0;

    ramp<float><<<blocks, threads>>>(d_f, n, 0.5f);
    for (int i = 0; i < n; ++i)
        hw_f += h_w[i] * 0.5;
    cudaMemcpy(h_f, d_f, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) fsum += h_f[i];

    ramp<double><<<blocks, threads>>>(d_d, n, 0.25);
    for (int i = 0; i < n; ++i)
        hw_d += h_w[i] * 0.25;
    cudaMemcpy(h_d, d_d, n * sizeof(double), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) dsum += h_d[i];

    printf("RESULT %.2f %.2f %.2f %.2f\n", fsum, dsum, hw_f, hw_d);
    free(h_f);
    free(h_d);
    free(h_w);
    cudaFree(d_f);
    cudaFree(d_d);
    return 0;
}
