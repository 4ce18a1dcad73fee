// case: the host waits for an event recorded after a kernel, then destroys that event
// expect: "cudaEventSynchronize(done);" passes the host loop and stops before `cudaEventDestroy(done);`
// trap: waiting on an event after destroying it is an error (cudaErrorInvalidResourceHandle); the wait must stay before the destroy
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void fill(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = (float)(i % 13);
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    float *h = (float *)malloc(bytes);
    float *d;
    cudaMalloc(&d, bytes);
    cudaEvent_t done;
    cudaEventCreate(&done);
    fill<<<n / 256, 256>>>(d, n);
    cudaEventRecord(done, 0);
    cudaError_t e = cudaSuccess;
    long acc = 0;
    for (int i = 0; i < 100000; i++)
        acc += i % 7;
    cudaEventSynchronize(done);
    cudaEventDestroy(done);
    e = cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    printf("RESULT %.1f %ld %d\n", s, acc, (int)e);
    cudaFree(d);
    free(h);
    return 0;
}
