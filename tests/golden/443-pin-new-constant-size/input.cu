// case: new float[n] with n a constant, uploaded once
// expect: kept pageable with the real cost (its constant size is read), not 'its size is not a constant'
// trap: a false reason for a new[]'s constant size
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void twice(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = a[i] * 2.0f + 1.0f;
}

int main()
{
    const int n = 1 << 22;
    float *h = new float[n];
    for (int i = 0; i < n; ++i)
        h[i] = (float)(i % 13);
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    twice<<<(n + 255) / 256, 256>>>(d, n);
    float r = 0;
    cudaMemcpy(&r, d + 5, sizeof(float), cudaMemcpyDeviceToHost);
    printf("RESULT %.1f\n", r);
    cudaFree(d);
    delete[] h;
    return 0;
}
