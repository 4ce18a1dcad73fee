// case: the program calls a library function cuflow has no rule for (setlocale, declared in a system header) before it allocates, with arguments that cannot point to the buffers
// expect: h and g are pinned as in 158: library code can reach only what its arguments (and memory cuflow cannot see) lead to, and the call runs before the buffers live
// trap: none: the output is the same; a user function without a body (161) still keeps every buffer it may reach
#include <cstdio>
#include <clocale>
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
    setlocale(LC_ALL, "C");
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
    cudaFreeHost(h);
    cudaDeviceReset();
    return 0;
}
