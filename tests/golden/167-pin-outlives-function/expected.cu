// case: a helper allocates a buffer, copies it in a loop and returns it; main resets the device and then reads the buffer
// expect: no change: the buffer outlives make(), where cuflow does not follow it, and the cudaDeviceReset there would free page-locked memory
// trap: a pinned h is freed by cudaDeviceReset; main's read after it touches freed memory
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void bump(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] += 1.0f;
}

static float *make(int n, float *d)
{
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; ++i)
        h[i] = (float)(i % 9);
    for (int t = 0; t < 4; ++t) {
        cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
        bump<<<(n + 255) / 256, 256>>>(d, n);
        cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    }
    return h;
}

int main()
{
    const int n = 1 << 20;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    float *h = make(n, d);
    cudaFree(d);
    cudaDeviceReset();
    double s = 0;
    for (int i = 0; i < n; ++i)
        s += h[i] * (i % 4 + 1);
    printf("RESULT %.1f\n", s);
    return 0;
}
