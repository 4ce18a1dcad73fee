// case: one free() may free either the buffer copied in the loop or one that is never copied
// expect: no change to h: the free would have to be cudaFreeHost for h and free for the other
// trap: rewriting the shared free to cudaFreeHost frees a malloc'd pointer with the wrong call
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void step(float *a, const float *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = a[i] * 0.5f + b[i];
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    float *h = (float *)malloc(bytes);
    float *g;
    cudaMallocHost((void **)&g, bytes);
    float *once = (float *)malloc(bytes);
    for (int i = 0; i < n; ++i) {
        h[i] = (float)(i % 13);
        once[i] = (float)(i % 5);
    }
    float *d, *e;
    cudaMalloc(&d, bytes);
    cudaMalloc(&e, bytes);
    cudaMemcpy(e, once, bytes, cudaMemcpyHostToDevice);
    for (int t = 0; t < 8; ++t) {
        cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice);
        step<<<(n + 255) / 256, 256>>>(d, e, n);
        cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost);
        cudaMemcpy(g, d, bytes, cudaMemcpyDeviceToHost);
        h[t] += g[t + 1];
    }
    double s = 0;
    for (int i = 0; i < n; ++i)
        s += h[i] * (i % 7 + 1) - g[i];
    printf("RESULT %.3f\n", s);
    cudaFree(d);
    cudaFree(e);
    free(once);
    cudaFreeHost(g);
    float *other = (float *)malloc(16);
    float *last = s > 0 ? h : other;
    free(last);
    free(s > 0 ? other : h);
    cudaDeviceReset();
    return 0;
}
