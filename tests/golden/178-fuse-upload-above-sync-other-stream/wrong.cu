// wrong: the upload of d_b moved up above the sync and fused with d_a's (what the pass did before it looked at other streams)
// case: a kernel on a non-blocking stream writes d_b; an upload of d_a, a device-wide sync, a host write of h_a (so d_a's upload cannot come down), then the upload of d_b that overwrites d_b
// expect: the upload of d_b stays below the sync: above it, the kernel on the other stream may still run, and a copy on the legacy stream does not wait for a non-blocking stream
// trap: fusing the uploads lets the kernel's writes land after the upload of d_b (the oracle's deferred mode runs the kernel at the sync, after the copy)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void fill(float *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        b[i] = -100.0f;
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
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    float *h_a = (float *)malloc(2 * ((n * sizeof(float) + 511) / 256 * 256));
    float *h_b = (float *)((char *)h_a + (n * sizeof(float) + 511) / 256 * 256);
    float *h_c = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) {
        h_a[i] = (float)(i % 7);
        h_b[i] = (float)(i % 3);
    }
    float *d_a, *d_b, *d_c;
    cudaMalloc((void **)&d_a, 2 * ((n * sizeof(float) + 511) / 256 * 256));
    d_b = (decltype(d_b))((char *)d_a + (n * sizeof(float) + 511) / 256 * 256);
    cudaMalloc((void **)&d_c, n * sizeof(float));
    fill<<<(n + 255) / 256, 256, 0, s>>>(d_b, n);
    cudaMemcpy(d_a, h_a, (size_t)((char *)d_b - (char *)d_a) + n * sizeof(float), cudaMemcpyHostToDevice);
    cudaDeviceSynchronize();
    h_a[0] = 50.0f;
    add<<<(n + 255) / 256, 256>>>(d_a, d_b, d_c, n);
    cudaMemcpy(h_c, d_c, n * sizeof(float), cudaMemcpyDeviceToHost);
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += h_c[i];
    printf("RESULT %.1f\n", sum);
    cudaFree(d_a);
    cudaFree(d_c);
    free(h_a);
    free(h_c);
    cudaStreamDestroy(s);
    return 0;
}
