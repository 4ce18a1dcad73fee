// case: shadowing trap: inside a nested block, after the copy and independent host work, "int count = 4096;" shadows the outer count that the copy's size uses
// expect: in the inner block, "cudaMemcpy(h_out, d_out, count * sizeof(float), cudaMemcpyDeviceToHost);" moves past the host-work loop ("hw += h_w[i] * 2.0;") to just before the shadowing declaration "int count = 4096;"
// trap: a copy moved below "int count = 4096;" would bind to the inner count and copy only 4096 floats; the rest keep the -1 sentinels and total changes
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
    const int count = 1 << 20;
    const int threads = 256;
    const int blocks = (count + threads - 1) / threads;

    float *h_out = (float *)malloc(count * sizeof(float));
    double *h_w = (double *)malloc(count * sizeof(double));
    for (int i = 0; i < count; ++i) {
        h_out[i] = -1.0f;
        h_w[i] = (i % 131) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, count * sizeof(float));

    long long spot = 0;
    long long total = 0;
    double hw = 0.0;

    {
        produce<<<blocks, threads>>>(d_out, count, 30);
        cudaMemcpy(h_out, d_out, count * sizeof(float), cudaMemcpyDeviceToHost);
        for (int i = 0; i < count; ++i)
            hw += h_w[i] * 2.0;
        int count = 4096;
        for (int i = 0; i < count; ++i)
            spot += (long long)h_out[i * 256];
    }

    for (int i = 0; i < count; ++i)
        total += (long long)h_out[i];

    printf("RESULT %lld %lld %.1f\n", total, spot, hw);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
