// case: GSOHC Fig. 1, second sync: cudaDeviceSynchronize right after a second kernel launch, followed by independent host work
// expect: the first "cudaMemcpy(h_u, d_u, bytes, cudaMemcpyDeviceToHost);" does not move (its result is read by the next statement); "cudaDeviceSynchronize();" moves past the host-work loop ("hsum += h_w[i] * h_w[i];") to just before "cudaMemcpy(h_v, d_v, bytes, cudaMemcpyDeviceToHost);" (a runtime call it must not pass); that second copy does not move (no device work pending at it, and it is followed by its use)
// trap: moving cudaDeviceSynchronize past the cudaMemcpy (or moving the copy before the reads of h_u) breaks the copy-before-read order; a copy below its use would sum the -1 sentinels
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

__global__ void twice_plus_one(float *v, const float *u, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float x = u[i];
        for (int k = 0; k < 32; ++k)
            x = x * 0.5f + x * 0.5f;
        v[i] = 2.0f * x + 1.0f;
    }
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_u = (float *)malloc(bytes);
    float *h_v = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_u[i] = -1.0f;
        h_v[i] = -1.0f;
        h_w[i] = (i % 61) * 0.25;
    }
    float *d_u, *d_v;
    cudaMalloc(&d_u, bytes);
    cudaMalloc(&d_v, bytes);

    long long usum = 0;
    long long vsum = 0;
    double hsum = 0.0;

    produce<<<blocks, threads>>>(d_u, n, 1);
    cudaMemcpy(h_u, d_u, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        usum += (long long)h_u[i];

    twice_plus_one<<<blocks, threads>>>(d_v, d_u, n);
    cudaDeviceSynchronize();

    for (int i = 0; i < n; ++i)
        hsum += h_w[i] * h_w[i];

    cudaMemcpy(h_v, d_v, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        vsum += (long long)h_v[i];

    printf("RESULT %lld %lld %.4f\n", usum, vsum, hsum);
    free(h_u);
    free(h_v);
    free(h_w);
    cudaFree(d_u);
    cudaFree(d_v);
    return 0;
}
