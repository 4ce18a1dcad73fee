// case: a buffer malloc'd in either branch of an if on one line, copied in a loop, freed once
// expect: both allocations become cudaMallocHost and the one free becomes cudaFreeHost
// trap: both pinned sites rewrote the shared free(h): the edits overlapped and the file was left alone with an internal error (exit 3)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>
#include <cuda_runtime.h>
__global__ void step(float *a, int n)
{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) a[i] = a[i] * 0.5f + 1.0f; }

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    float *h;
    if (n > 0) h = (float *)malloc(bytes); else h = (float *)malloc(bytes);
    for (int i = 0; i < n; ++i) h[i] = (float)(i % 13);
    float *d;
    cudaMalloc(&d, bytes);
    for (int t = 0; t < 8; ++t) {
        cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice);
        step<<<(n + 255) / 256, 256>>>(d, n);
        cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost);
        h[t] += 1.0f;
    }
    double s = 0;
    for (int i = 0; i < n; ++i) s += h[i] * (i % 7 + 1);

    cudaFree(d);
    free(h);
    cudaError_t e = cudaGetLastError();
    printf("RESULT %.3f %d\n", s, (int)e);
    return 0;
}
