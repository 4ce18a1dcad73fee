// case: redundant download: a kernel fills d_a, the host downloads it and reads it, a second kernel writes only d_b, and the host downloads d_a into h_a again
// expect: the second "cudaMemcpy(h_a, d_a, bytes, cudaMemcpyDeviceToHost);" (line 41) is removed: h_a already holds d_a's version from line 35, and "other<<<...>>>(d_b, n)" writes only d_b; the first download (line 35) and the download of d_b (line 42) stay
// trap: removing the first download instead (or both) leaves h_a holding the -7 sentinels when s1 is summed; removing the download of d_b leaves h_b at its sentinels
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void fill(int *a, int n, int salt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = (i * 7 + salt) % 1013;
}

__global__ void other(int *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        b[i] = (i * 13 + 5) % 997;
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_a = (int *)malloc(bytes);
    int *h_b = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i)
        h_a[i] = h_b[i] = -7;
    int *d_a, *d_b;
    cudaMalloc(&d_a, bytes);
    cudaMalloc(&d_b, bytes);

    fill<<<(n + 255) / 256, 256>>>(d_a, n, 5);
    cudaMemcpy(h_a, d_a, bytes, cudaMemcpyDeviceToHost);
    long long s1 = 0;
    for (int i = 0; i < n; ++i)
        s1 += (long long)h_a[i] * (i % 5 + 1);

    other<<<(n + 255) / 256, 256>>>(d_b, n);
    cudaMemcpy(h_a, d_a, bytes, cudaMemcpyDeviceToHost);
    cudaMemcpy(h_b, d_b, bytes, cudaMemcpyDeviceToHost);
    long long s2 = 0;
    for (int i = 0; i < n; ++i)
        s2 += (long long)(h_a[i] ^ i) + h_b[i];

    printf("RESULT %lld %lld\n", s1, s2);
    cudaFree(d_a);
    cudaFree(d_b);
    free(h_a);
    free(h_b);
    return 0;
}
