// case: exit trap: after the copy and independent host work, an if whose body calls exit(0); an atexit handler prints RESULT from the copy's destination
// expect: "cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" moves past the host-work loop ("hw += h_w[i] * 0.5;") to just before "if (hw > quick_limit) {" (its body calls exit)
// trap: the exit path is taken; a copy moved below the if would never run, and report() would print a checksum of the -1 sentinels
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

static const float *g_out = nullptr;
static int g_n = 0;
static double g_hw = 0.0;
static int g_path = 0;

static void report(void)
{
    long long sum = 0;
    for (int i = 0; i < g_n; ++i)
        sum += (long long)g_out[i];
    printf("RESULT %lld %.1f path=%d\n", sum, g_hw, g_path);
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
    atexit(report);
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;
    const double quick_limit = (argc > 1) ? 1e30 : 1000.0;

    float *h_out = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_out[i] = -1.0f;
        h_w[i] = (i % 103) * 1.0;
    }
    g_out = h_out;
    g_n = n;
    float *d_out;
    cudaMalloc(&d_out, bytes);
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_out, n, 25);
    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    if (hw > quick_limit) {
        g_hw = hw;
        g_path = 1;
        exit(0);
    }

    for (int i = 0; i < n; ++i)
        h_out[i] += 1.0f;
    g_hw = hw;
    g_path = 2;
    return 0;
}
