// case: the stop event is recorded, then a second kernel is launched before the host waits for the event
// expect: "cudaMemcpy(h, d2, ...)" moves below the host loop: the event wait does not wait for the second kernel, which is still in flight
// trap: an event wait covers only the work enqueued before its record; treating it as a wait for everything would hide the overlap, and a wait for the wrong work would let the host read too early
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void scale(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = a[i] * 2.0f + 1.0f;
}

__global__ void square(const float *a, float *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        b[i] = a[i] * a[i];
}

int main()
{
    const int n = 1 << 16;
    const size_t bytes = n * sizeof(float);
    float *h = (float *)malloc(bytes);
    float *d, *d2;
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 100);
    cudaMalloc(&d, bytes);
    cudaMalloc(&d2, bytes);
    cudaEvent_t stop;
    cudaEventCreate(&stop);
    cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice);
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaEventRecord(stop, 0);
    square<<<(n + 255) / 256, 256>>>(d, d2, n);
    double host = 0;
    for (int i = 0; i < n; i++)
        host += i * 0.5;
    double sum = 0;
    cudaEventSynchronize(stop);
    cudaMemcpy(h, d2, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        sum += h[i];
    printf("RESULT %.1f %.1f\n", sum, host);
    cudaEventDestroy(stop);
    cudaFree(d);
    cudaFree(d2);
    free(h);
    return 0;
}
