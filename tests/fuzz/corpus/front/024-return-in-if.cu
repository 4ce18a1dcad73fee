// case: return trap in a helper: after the copy and independent host work, an if whose body returns early (the early path is taken at run time)
// expect: in fetch(), "cudaMemcpy(h_dst, d_src, bytes, cudaMemcpyDeviceToHost);" moves past "double w = 0.0;" and the host-work loop ("w += (i % 89) * 0.25;") to just before "if (w > limit)"; nothing in main moves
// trap: the early return is taken, so a copy moved below the if would never run: main would sum the -1 sentinels left in h_out
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

static double fetch(float *h_dst, float *d_src, int n, double limit)
{
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    produce<<<blocks, threads>>>(d_src, n, 24);
    cudaMemcpy(h_dst, d_src, bytes, cudaMemcpyDeviceToHost);
    double w = 0.0;
    for (int i = 0; i < n; ++i)
        w += (i % 89) * 0.25;
    if (w > limit)
        return w;
    for (int i = 0; i < n; ++i)
        h_dst[i] *= 2.0f;
    return -w;
}

int main()
{
    const int n = 1 << 20;
    float *h_out = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; ++i)
        h_out[i] = -1.0f;
    float *d_out;
    cudaMalloc(&d_out, n * sizeof(float));

    double w = fetch(h_out, d_out, n, 1000.0);
    long long sum = 0;
    for (int i = 0; i < n; ++i)
        sum += (long long)h_out[i];

    printf("RESULT %lld %.2f\n", sum, w);
    free(h_out);
    cudaFree(d_out);
    return 0;
}
