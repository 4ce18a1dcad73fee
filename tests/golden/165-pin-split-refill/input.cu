// case: a page-locked buffer is uploaded, a kernel is launched on it, then the host refills the same buffer for the next upload
// expect: the first upload becomes cudaMemcpyAsync and its wait goes before the refill loop (it may pass the launch, which the stream orders after the copy, but not the host write of h)
// trap: the wait after the refill: the async copy would read the refilled values
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void accumulate(float *acc, const float *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        acc[i] += in[i] * 0.5f;
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    float *h;
    cudaMallocHost(&h, bytes);
    float *d_in, *d_acc;
    cudaMalloc(&d_in, bytes);
    cudaMalloc(&d_acc, bytes);
    cudaMemset(d_acc, 0, bytes);
    for (int i = 0; i < n; ++i)
        h[i] = (float)(i % 11);
    cudaMemcpy(d_in, h, bytes, cudaMemcpyHostToDevice);
    accumulate<<<(n + 255) / 256, 256>>>(d_acc, d_in, n);
    for (int i = 0; i < n; ++i)
        h[i] = (float)(i % 7) * 3.0f;
    cudaMemcpy(d_in, h, bytes, cudaMemcpyHostToDevice);
    accumulate<<<(n + 255) / 256, 256>>>(d_acc, d_in, n);
    cudaMemcpy(h, d_acc, bytes, cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; ++i)
        s += h[i] * (i % 5 + 1);
    printf("RESULT %.2f\n", s);
    cudaFree(d_in);
    cudaFree(d_acc);
    cudaFreeHost(h);
    return 0;
}
