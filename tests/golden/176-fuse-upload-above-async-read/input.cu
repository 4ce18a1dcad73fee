// case: an upload, a launch, an async download into page-locked memory, a second upload, then a host read of the async download's buffer
// expect: the second upload stays below the async download: moved up to join the first, it would no longer be the wait that makes the download land before the host reads it
// trap: fusing the two uploads lets the host read h_q before the async copy lands (the oracle's deferred mode runs page-locked async copies at the next sync, so RESULT changes)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void twice(const float *a, float *q, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        q[i] = 2.0f * a[i];
}

__global__ void add(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

int main()
{
    const int n = 1000;
    float *h_a = (float *)malloc(n * sizeof(float));
    float *h_b = (float *)malloc(n * sizeof(float));
    float *h_c = (float *)malloc(n * sizeof(float));
    float *h_q;
    cudaMallocHost((void **)&h_q, n * sizeof(float));
    for (int i = 0; i < n; i++) {
        h_a[i] = (float)(i % 7);
        h_b[i] = (float)(i % 5);
        h_q[i] = 0.0f;
    }
    float *d_a, *d_b, *d_c, *d_q;
    cudaMalloc((void **)&d_a, n * sizeof(float));
    cudaMalloc((void **)&d_b, n * sizeof(float));
    cudaMalloc((void **)&d_c, n * sizeof(float));
    cudaMalloc((void **)&d_q, n * sizeof(float));
    cudaMemcpy(d_a, h_a, n * sizeof(float), cudaMemcpyHostToDevice);
    twice<<<(n + 255) / 256, 256>>>(d_a, d_q, n);
    cudaMemcpyAsync(h_q, d_q, n * sizeof(float), cudaMemcpyDeviceToHost, 0);
    cudaMemcpy(d_b, h_b, n * sizeof(float), cudaMemcpyHostToDevice);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h_q[i];
    add<<<(n + 255) / 256, 256>>>(d_a, d_b, d_c, n);
    cudaMemcpy(h_c, d_c, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        s += h_c[i];
    printf("RESULT %.1f\n", s);
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_c);
    cudaFree(d_q);
    free(h_a);
    free(h_b);
    free(h_c);
    cudaFreeHost(h_q);
    return 0;
}
