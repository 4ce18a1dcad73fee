// case: after a kernel and its download, the host queries occupancy and device properties and destroys an event and a stream it no longer needs
// expect: "cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost);" moves past the queries, both destroys and the host loop, and stops before the loop reading h
// trap: none of these calls orders device work (a destroyed event or stream is released when its work completes), so they are host work here
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void fill(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = (float)(i % 31);
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    float *h = (float *)malloc(bytes);
    float *d;
    cudaMalloc(&d, bytes);
    cudaEvent_t ev;
    cudaStream_t st;
    cudaEventCreate(&ev);
    cudaStreamCreate(&st);
    fill<<<n / 256, 256>>>(d, n);
    cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost);
    int blocks = 0, dev = 0, sms = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, fill, 256, 0);
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    cudaEventDestroy(ev);
    cudaStreamDestroy(st);
    long acc = 0;
    for (int i = 0; i < 100000; i++)
        acc += i % 7;
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    printf("RESULT %.1f %ld %d\n", s, acc, blocks > 0 && sms > 0);
    cudaFree(d);
    free(h);
    return 0;
}
