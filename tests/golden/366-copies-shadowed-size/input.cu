// case: an upload of 64 bytes in a block that declares its own size_t bytes, then the full upload with main's bytes, the same text
// expect: nothing is removed
// trap: the second upload was taken as the first's repeat (the same text) and removed
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
__global__ void apply(int *o, const int *w, int n, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) o[i] = (w[i] * k + i) % 1009;
}
int main()
{
    const int n = 1024;
    size_t bytes = n * sizeof(int);
    int *h_w = (int *)malloc(bytes);
    int *h_o = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i) h_w[i] = (i * 31) % 101;
    int *d_w, *d_o;
    cudaMalloc(&d_w, bytes);
    cudaMalloc(&d_o, bytes);
    cudaMemset(d_w, 0, bytes);
    {
        size_t bytes = 64;
        cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);
    }
    cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);
    apply<<<4, 256>>>(d_o, d_w, n, 11);
    cudaMemcpy(h_o, d_o, bytes, cudaMemcpyDeviceToHost);
    long long s2 = 0;
    for (int i = 0; i < n; ++i) s2 += (long long)h_o[i] * (i % 3 + 1);
    printf("RESULT %lld\n", s2);
    cudaFree(d_w); cudaFree(d_o);
    free(h_w); free(h_o);
    return 0;
}
