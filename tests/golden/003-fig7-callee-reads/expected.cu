// case: GSOHC Fig. 7: sync in main whose destination is read later inside a callee (through a global pointer, under a predicate)
// expect: "cudaMemcpy(arr_output, arr_gpu, size, cudaMemcpyDeviceToHost);" moves past the host-work loop ("prep += h_w[i] * 3.0;") to just before the call "total = foo(pred, n);" (first pass is intra-procedural: it does not enter foo)
// trap: foo reads arr_output when pred is set; a copy moved below the call would make foo sum the -1 sentinels
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

static float *arr_output = nullptr;

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

static long long foo(int pred, int n)
{
    long long acc = 0;
    for (int i = 0; i < 1000; ++i)
        acc += i % 7;
    if (pred) {
        for (int i = 0; i < n; ++i)
            acc += (long long)arr_output[i];
    }
    return acc;
}

int main(int argc, char **argv)
{
    (void)argv;
    const int n = 1 << 20;
    const size_t size = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;
    int pred = (argc < 8);

    arr_output = (float *)malloc(size);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        arr_output[i] = -1.0f;
        h_w[i] = (i % 83) * 0.5;
    }
    float *arr_gpu;
    cudaMalloc(&arr_gpu, size);

    long long total = 0;
    double prep = 0.0;

    produce<<<blocks, threads>>>(arr_gpu, n, 7);

    for (int i = 0; i < n; ++i)
        prep += h_w[i] * 3.0;

    cudaMemcpy(arr_output, arr_gpu, size, cudaMemcpyDeviceToHost);
    total = foo(pred, n);

    printf("RESULT %lld %.1f\n", total, prep);
    free(arr_output);
    free(h_w);
    cudaFree(arr_gpu);
    return 0;
}
