// case: the stop event is recorded on one branch only, and a second event on a stream of its own; the host waits for both
// expect: "cudaMemcpy(h, d, ...)" moves below the host loop: on the path without the record the kernel is still in flight, and an event recorded on another stream does not wait for the default stream; cudaFree stays: a record is no work in flight, so moving it would overlap nothing
// trap: an event recorded on some paths, or on another stream, does not finish the default stream's work; only a record on every path, with nothing enqueued after it, does
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void scale(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = a[i] * 2.0f + 1.0f;
}

int main(int argc, char **argv)
{
    const int n = 1 << 16;
    const size_t bytes = n * sizeof(float);
    float *h = (float *)malloc(bytes);
    float *d;
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 100);
    cudaMalloc(&d, bytes);
    cudaStream_t side;
    cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking);
    cudaEvent_t stop, mark;
    cudaEventCreate(&stop);
    cudaEventCreate(&mark);
    cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice);
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaEventRecord(mark, side);
    if (argc > 1)
        cudaEventRecord(stop, 0);
    cudaEventSynchronize(stop);
    cudaEventSynchronize(mark);
    cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost);
    double host = 0;
    for (int i = 0; i < n; i++)
        host += i * 0.5;
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += h[i];
    printf("RESULT %.1f %.1f\n", sum, host);
    cudaEventDestroy(stop);
    cudaEventDestroy(mark);
    cudaStreamDestroy(side);
    cudaFree(d);
    free(h);
    return 0;
}
