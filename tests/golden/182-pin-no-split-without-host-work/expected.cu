// case: uploads from page-locked memory followed only by dim3 declarations (one computing ceil()), a launch, a download and a device-wide sync
// expect: nothing changes: a split-phase copy would overlap no host work (math and dim3 constructors take no time), so cudaMemcpyAsync and a later wait would only add lines to review
// trap: none for results (the split would be correct); the case keeps pin from making changes that buy nothing
#include <cmath>
#include <cstdio>
#include <cuda_runtime.h>

__global__ void add(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + 2.0f * b[i];
}

int main()
{
    const int n = 1 << 16;
    float *a, *b, *c;
    cudaMallocHost(&a, n * sizeof(float));
    cudaMallocHost(&b, n * sizeof(float));
    cudaMallocHost(&c, n * sizeof(float));
    for (int i = 0; i < n; ++i) {
        a[i] = (float)(i % 100);
        b[i] = (float)(i % 7);
    }
    float *d_a, *d_b, *d_c;
    cudaMalloc(&d_a, n * sizeof(float));
    cudaMalloc(&d_b, n * sizeof(float));
    cudaMalloc(&d_c, n * sizeof(float));
    cudaMemcpy(d_a, a, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_b, b, n * sizeof(float), cudaMemcpyHostToDevice);
    dim3 grid(ceil(n / 256.0));
    dim3 block(256);
    add<<<grid, block>>>(d_a, d_b, d_c, n);
    cudaMemcpy(c, d_c, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaDeviceSynchronize();
    double s = 0;
    for (int i = 0; i < n; ++i)
        s += c[i] * (i % 3 + 1);
    printf("RESULT %.1f\n", s);
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_c);
    cudaFreeHost(a);
    cudaFreeHost(b);
    cudaFreeHost(c);
    return 0;
}
