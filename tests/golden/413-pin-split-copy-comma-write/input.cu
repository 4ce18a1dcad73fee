// case: a blocking upload in a comma expression with a host write to its source (cudaMemcpy(d, h, ...), h[1] = ...)
// expect: the copy is not split into an async one
// trap: split, the write would race the copy in flight (36.0 instead of 28.0)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>
#include <cuda_runtime.h>
__global__ void add(float *d, int n, float v) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) d[i] += v; }
int main()
{
    const int n = 1 << 18;
    const size_t bytes = n * sizeof(float);
    float *h = (float *)malloc(bytes);
    long *o = (long *)malloc(n * sizeof(long));
    float *d;
    cudaMalloc(&d, bytes);
    cudaMemset(d, 0, bytes);
    for (int i = 0; i < n; ++i) h[i] = (float)(i % 7);
    double acc = 0;
    for (int t = 0; t < 4; ++t) {
        cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice), h[1] = (float)(t * 3);
        for (int i = 0; i < n; ++i) o[i] = i % 3 + t;
        add<<<(n + 255) / 256, 256>>>(d, n, 1.0f);
        float x;
        cudaMemcpy(&x, d + 1, sizeof(float), cudaMemcpyDeviceToHost);
        acc += x + o[5];
    }
    printf("RESULT %.1f\n", acc);
    cudaFree(d);
    free(h); free(o);
    return 0;
}
