// case: unknown-call trap: a call through a function pointer (chosen at run time) follows independent host work; the pointee reads the copy's destination through a global
// expect: "cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" moves past the host-work loop ("hw += h_w[i] * 0.5;") to just before "tsum = tally(n);" (call through a function pointer: unknown effects)
// trap: tally points to tally_seen, which reads h_out via g_seen; a copy moved below the call would make tsum sum -1 sentinels
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

typedef long long (*tally_fn)(int);

static const float *g_seen = nullptr;

static long long tally_seen(int m)
{
    long long s = 0;
    for (int i = 0; i < m; ++i)
        s += (long long)g_seen[i];
    return s;
}

static long long tally_none(int m)
{
    return -(long long)m;
}

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

int main(int argc, char **argv)
{
    (void)argv;
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_out = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_out[i] = -1.0f;
        h_w[i] = (i % 101) * 1.0;
    }
    g_seen = h_out;
    tally_fn tally = (argc > 3) ? tally_none : tally_seen;
    float *d_out;
    cudaMalloc(&d_out, bytes);

    long long tsum = 0;
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_out, n, 23);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
    tsum = tally(n);

    printf("RESULT %lld %.1f\n", tsum, hw);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
