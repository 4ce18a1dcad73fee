// case: copies around every kernel, twice per iteration, as in 151, but the second download brings back only the first half of h_x
// expect: the first download (line 30) stays: the later one (line 34) writes only half of its bytes again; the upload at line 32 goes (d_x already holds those bytes from line 30); the one at line 28 stays (after the previous iteration's half download the bytes differ)
// trap: removing the first download would leave the second half of h_x stale, and the upload of h_x would then send stale bytes; RESULT changes
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

    for (int t = 0; t < steps; ++t) {
        cudaMemcpy(d_x, h_x, bytes, cudaMemcpyHostToDevice);
        mix<<<(n + 255) / 256, 256>>>(d_x, n, t);
        cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);

        mix<<<(n + 255) / 256, 256>>>(d_x, n, t + 100);
        cudaMemcpy(h_x, d_x, bytes / 2, cudaMemcpyDeviceToHost);
    }

    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 11 + 1);
    printf("RESULT %lld\n", s);
    cudaFree(d_x);
    free(h_x);
    return 0;
}
