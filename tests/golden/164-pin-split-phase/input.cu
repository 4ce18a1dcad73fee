// case: an upload and a download of page-locked buffers, with a launch and a CPU reference loop between them that touch neither
// expect: both become cudaMemcpyAsync(..., 0) and one cudaStreamSynchronize(0) goes before the loop that reads out (line 33 of the output); the upload and download now overlap the host work
// trap: a wait placed after the loop reading out lets the host read the download before it lands (the oracle's deferred mode runs pinned async copies at the next sync)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void scale(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = a[i] * 2.0f + 1.0f;
}

int main()
{
    const int n = 1 << 22;
    const size_t bytes = n * sizeof(float);
    float *h, *out;
    cudaMallocHost(&h, bytes);
    cudaMallocHost(&out, bytes);
    float *ref = (float *)malloc(bytes);
    for (int i = 0; i < n; ++i)
        h[i] = (float)(i % 17);
    float *d;
    cudaMalloc(&d, bytes);
    cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice);
    scale<<<(n + 255) / 256, 256>>>(d, n);
    for (int i = 0; i < n; ++i)
        ref[i] = h[i] * 2.0f + 1.0f;
    cudaMemcpy(out, d, bytes, cudaMemcpyDeviceToHost);
    double err = 0;
    for (int i = 0; i < n; ++i)
        err += out[i] - ref[i];
    printf("RESULT %.1f\n", err);
    cudaFree(d);
    cudaFreeHost(h);
    cudaFreeHost(out);
    free(ref);
    return 0;
}
