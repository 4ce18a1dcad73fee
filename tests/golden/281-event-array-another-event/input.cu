// case: two events made in a loop into an array; one is recorded before the second kernel, the other after it; the host waits for the first
// expect: "cudaMemcpy(h, d2, ...)" moves below the host loop: the wait is for ev[0], recorded before square, which is still in flight
// trap: both events come from one cudaEventCreate call in a loop, so one abstract object stands for both; events are followed by the plain variable that holds them, never through an array element, so a wait for ev[0] is never taken for a wait for ev[1] (recorded after square)
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
    cudaEvent_t ev[2];
    for (int i = 0; i < 2; i++)
        cudaEventCreate(&ev[i]);
    cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice);
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaEventRecord(ev[0], 0);
    square<<<(n + 255) / 256, 256>>>(d, d2, n);
    cudaEventRecord(ev[1], 0);
    cudaEventSynchronize(ev[0]);
    cudaMemcpy(h, d2, bytes, cudaMemcpyDeviceToHost);
    double host = 0;
    for (int i = 0; i < n; i++)
        host += i * 0.5;
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += h[i];
    printf("RESULT %.1f %.1f\n", sum, host);
    cudaEventDestroy(ev[0]);
    cudaEventDestroy(ev[1]);
    cudaFree(d);
    cudaFree(d2);
    free(h);
    return 0;
}
