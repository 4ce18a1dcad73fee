// case: an async upload from a malloc'd buffer followed on its line by a host write to it
// expect: h stays pageable: the copy shares its line with another statement
// trap: pinned, the event's wait went before its record and the write raced the copy (22.0 instead of 14.0)
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
    float *d;
    cudaMalloc(&d, bytes);
    cudaMemset(d, 0, bytes);
    cudaStream_t s;
    cudaStreamCreate(&s);
    for (int i = 0; i < n; ++i) h[i] = (float)(i % 7);
    double acc = 0;
    for (int t = 0; t < 4; ++t) {
        cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice, s); h[1] = (float)(t * 3);
        add<<<(n + 255) / 256, 256, 0, s>>>(d, n, 1.0f);
        cudaStreamSynchronize(s);
        float x;
        cudaMemcpy(&x, d + 1, sizeof(float), cudaMemcpyDeviceToHost);
        acc += x;
    }
    printf("RESULT %.1f\n", acc);
    cudaFree(d);
    free(h);
    return 0;
}
