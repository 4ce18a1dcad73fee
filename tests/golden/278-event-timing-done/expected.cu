// case: a kernel timed with two events; the host waits for the stop event, then downloads the result
// expect: no change: once cudaEventSynchronize(stop) returns, the kernel is done, so moving the download past the host loop overlaps nothing
// trap: counting the kernel as still in flight after the event wait moved the download and reported an overlap that is not there
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
    const int n = 1 << 16;
    const size_t bytes = n * sizeof(float);
    float *h = (float *)malloc(bytes);
    float *d;
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 100);
    cudaMalloc(&d, bytes);
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice);
    cudaEventRecord(start, 0);
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost);
    double host = 0;
    for (int i = 0; i < n; i++)
        host += i * 0.5;
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += h[i];
    printf("RESULT %.1f %.1f %d\n", sum, host, ms >= 0.0f);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaFree(d);
    free(h);
    return 0;
}
