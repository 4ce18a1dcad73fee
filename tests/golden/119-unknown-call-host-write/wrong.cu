// wrong: the upload hoisted
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

static int *g_w;
static int g_n;

static void hook_quiet(int t)
{
    (void)t;
}

static void hook_perturb(int t)
{
    for (int i = t; i < g_n; i += 97)
        g_w[i] += t + 1;
}

__global__ void acc(int *x, const int *w, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 3 + w[i]) % 100003;
}

int main(int argc, char **argv)
{
    (void)argv;
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_w = (int *)malloc(bytes);
    int *h_x = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i)
        h_w[i] = (i * 3) % 37;
    g_w = h_w;
    g_n = n;
    // hook_perturb unless the program gets more than 50 arguments
    void (*hook)(int) = argc > 50 ? hook_quiet : hook_perturb;
    int *d_w, *d_x;
    cudaMalloc(&d_w, bytes);
    cudaMalloc(&d_x, bytes);
    cudaMemset(d_x, 0, bytes);

    cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);
    for (int t = 0; t < 6; ++t) {
        hook(t);
        acc<<<(n + 255) / 256, 256>>>(d_x, d_w, n);
    }

    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 7 + 1);
    printf("RESULT %lld\n", s);
    cudaFree(d_w);
    cudaFree(d_x);
    free(h_w);
    free(h_x);
    return 0;
}
