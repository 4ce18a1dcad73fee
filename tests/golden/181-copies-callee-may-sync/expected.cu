// case: a kernel writes managed memory, then a call of a helper, then an upload the copy pass finds redundant, then the host reads the managed memory; maybe() syncs only when asked, drain() always syncs last
// expect: after maybe() the redundant upload (line 41) becomes cudaStreamSynchronize(0): maybe() may not wait, so the upload was what ordered fill() before the host reads m; after drain() the redundant upload (line 46) just goes: every return of drain() passes its cudaDeviceSynchronize() last
// trap: removing line 41 without a sync lets the host read m while fill() may still run (wrong.cu, the rewrite before calls took only the waits every return passes, prints RESULT 20479 against 25180159 in the oracle's deferred mode)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void fill(int *m, int n, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        m[i] = i * k;
}

static void maybe(int b)
{
    if (b)
        cudaDeviceSynchronize();
}

static void drain(const char *what)
{
    if (!what)
        printf("draining\n");
    cudaDeviceSynchronize();
}

int main(int argc, char **argv)
{
    const int n = 1 << 12;
    int *m, *d_a, *h_a = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; ++i)
        h_a[i] = i;
    cudaMallocManaged(&m, n * sizeof(int));
    cudaMalloc(&d_a, n * sizeof(int));
    long long s = 0;
    (void)argv;
    fill<<<(n + 255) / 256, 256>>>(m, n, 3);
    maybe(argc > 5);
    cudaStreamSynchronize(0);
    for (int i = 0; i < n; ++i)
        s += m[i];
    fill<<<(n + 255) / 256, 256>>>(m, n, 5);
    drain("fill");
    for (int i = 0; i < n; ++i)
        s += m[i] % 11;
    printf("RESULT %lld\n", s);
    cudaFree(m);
    cudaFree(d_a);
    free(h_a);
    return 0;
}
