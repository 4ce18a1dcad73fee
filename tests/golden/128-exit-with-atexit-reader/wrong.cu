// wrong: the download sunk after the loop
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

static int *g_hx;
static int g_n;
static int g_t;

static void report(void)
{
    long long s = 0;
    for (int i = 0; i < g_n; ++i)
        s += (long long)g_hx[i] * (i % 11 + 1);
    printf("RESULT %lld %d\n", s, g_t);
    fflush(stdout);
}

__global__ void step(int *x, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 5 + i + t) % 1013;
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_x = (int *)malloc(bytes);
    int *h_stop = (int *)malloc(32 * sizeof(int));
    for (int t = 0; t < 32; ++t)
        h_stop[t] = t == 7;
    int *h_init = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i) {
        h_x[i] = -2;
        h_init[i] = i % 23;
    }
    g_hx = h_x;
    g_n = n;
    atexit(report);
    int *d_x;
    cudaMalloc(&d_x, bytes);
    cudaMemcpy(d_x, h_init, bytes, cudaMemcpyHostToDevice);

    for (g_t = 0; g_t < 32; ++g_t) {
        step<<<(n + 255) / 256, 256>>>(d_x, n, g_t);
        if (h_stop[g_t])
            exit(0);
    }
    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    return 0;
}
