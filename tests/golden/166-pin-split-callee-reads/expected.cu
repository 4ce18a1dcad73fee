// case: a page-locked buffer is downloaded, a second kernel is launched, the host computes a reference into its own array, then a function of the program reads the downloaded buffer
// expect: the download becomes cudaMemcpyAsync, and its wait goes after the reference loop and before the call of checksum (which reads out)
// trap: a wait after checksum(out): the callee reads the buffer before the download lands
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void fill(int *a, int n, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = (i * k) % 1013;
}

static long long checksum(const int *a, int n)
{
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)a[i] * (i % 3 + 1);
    return s;
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(int);
    int *out;
    cudaMallocHost(&out, bytes);
    int *ref = (int *)malloc(bytes);
    int *d_a, *d_b;
    cudaMalloc(&d_a, bytes);
    cudaMalloc(&d_b, bytes);
    fill<<<(n + 255) / 256, 256>>>(d_a, n, 7);
    cudaMemcpyAsync(out, d_a, bytes, cudaMemcpyDeviceToHost, 0);
    fill<<<(n + 255) / 256, 256>>>(d_b, n, 13);
    for (int i = 0; i < n; ++i)
        ref[i] = (i * 13) % 1013;
    cudaStreamSynchronize(0);
    long long s = checksum(out, n);
    cudaMemcpy(out, d_b, bytes, cudaMemcpyDeviceToHost);
    s += checksum(out, n) - checksum(ref, n);
    printf("RESULT %lld\n", s);
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFreeHost(out);
    free(ref);
    return 0;
}
