// wrong: the whole download removed
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void fill(int *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = (i * 19 + 3) % 1013;
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_a = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i)
        h_a[i] = -5;
    int *d_a;
    cudaMalloc(&d_a, bytes);

    fill<<<(n + 255) / 256, 256>>>(d_a, n);
    cudaMemcpy(h_a, d_a, bytes / 2, cudaMemcpyDeviceToHost);
    long long s1 = 0;
    for (int i = 0; i < n / 2; ++i)
        s1 += (long long)h_a[i] * (i % 3 + 1);
    long long s2 = 0;
    for (int i = 0; i < n; ++i)
        s2 += (long long)h_a[i] * (i % 5 + 1);

    printf("RESULT %lld %lld\n", s1, s2);
    cudaFree(d_a);
    free(h_a);
    return 0;
}
