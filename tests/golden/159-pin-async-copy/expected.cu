// case: a malloc'd buffer downloaded with cudaMemcpyAsync in a loop, then refilled by the host after a sync
// expect: h and g pinned; h's cudaMemcpyAsync now returns at once, and the cudaDeviceSynchronize after it waits for it before the host touches h: no event is needed
// trap: pinning h makes cudaMemcpyAsync truly asynchronous
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
    float *h = NULL;
    cudaMallocHost((void **)&h, bytes);
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
        cudaMemcpyAsync(h, d, bytes, cudaMemcpyDeviceToHost, 0);
        cudaDeviceSynchronize();
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
    cudaFreeHost(h);
    cudaDeviceReset();
    return 0;
}
