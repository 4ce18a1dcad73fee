// case: the sync shares its line with another statement; independent host work follows
// expect: the copy moves down alone to line 42 (before the loop that reads h_out); "long long sum = 0;" stays where it was, on its own line now (the line is split, not carried along: a statement's line shape is no reason to keep it)
// trap: moving the whole line would carry "long long sum = 0;" along; leaving a fragment would not compile; RESULT itself is the same
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
    for (int i = 0; i < n; ++i) {
        h_out[i] = -1.0f;
        h_w[i] = (i % 227) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, bytes);
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_out, n, 47);
    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost); long long sum = 0;

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    for (int i = 0; i < n; ++i)
        sum += (long long)h_out[i];

    printf("RESULT %lld %.1f\n", sum, hw);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
