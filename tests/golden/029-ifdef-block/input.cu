// case: preprocessor trap: an #ifdef DUMP_HEAD block (inactive by default) that reads the copy's destination follows the host work
// expect: "cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" moves past the host-work loop ("hw += h_w[i] * 0.5;") to just before the line "#ifdef DUMP_HEAD" and no further
// trap: with the default build RESULT is the same either way; built with -DDUMP_HEAD, a copy moved below the #ifdef block would dump -1 sentinels on stderr instead of the kernel's values
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
    double *h_w = (double *)malloc(n * sizeof(double));
    double *h_v = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_out[i] = -1.0f;
        h_w[i] = (i % 127) * 1.0;
        h_v[i] = (i % 7) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, bytes);

    long long sum = 0;
    double hw = 0.0;
    double hv = 0.0;

    produce<<<blocks, threads>>>(d_out, n, 29);
    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

#ifdef DUMP_HEAD
    fprintf(stderr, "head: %.1f %.1f %.1f\n", h_out[0], h_out[1], h_out[2]);
#endif

    for (int i = 0; i < n; ++i)
        hv += h_v[i] * 3.0;

    for (int i = 0; i < n; ++i)
        sum += (long long)h_out[i];

    printf("RESULT %lld %.1f %.1f\n", sum, hw, hv);
    free(h_out);
    free(h_w);
    free(h_v);
    cudaFree(d_out);
    return 0;
}
