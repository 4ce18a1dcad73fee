// wrong: the first download removed although the host reads h_x on one path; copies around every kernel, twice per iteration, as in 151, but the host reads h_x between the two on one path (t == 3)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void mix(int *x, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 5 + t + (i & 7)) % 4093;
}

int main()
{
    const int n = 1 << 12;
    const int steps = 6;
    size_t bytes = n * sizeof(int);
    int *h_x = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i)
        h_x[i] = i % 31;
    int *d_x;
    cudaMalloc(&d_x, bytes);
    cudaMemcpy(d_x, h_x, bytes, cudaMemcpyHostToDevice);

    long long probe = 0;
    for (int t = 0; t < steps; ++t) {
        cudaMemcpy(d_x, h_x, bytes, cudaMemcpyHostToDevice);
        mix<<<(n + 255) / 256, 256>>>(d_x, n, t);
        if (t == 3)
            probe += h_x[t * 7];
        cudaMemcpy(d_x, h_x, bytes, cudaMemcpyHostToDevice);
        mix<<<(n + 255) / 256, 256>>>(d_x, n, t + 100);
        cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    }

    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 11 + 1);
    printf("RESULT %lld %lld\n", s, probe);
    cudaFree(d_x);
    free(h_x);
    return 0;
}
