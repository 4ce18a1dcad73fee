// case: OmpMemOpt pattern 1: h_a goes up to d_a, a kernel reads d_a and writes d_b, and both buffers are downloaded (the tofrom habit); no kernel writes d_a
// expect: "cudaMemcpy(h_a, d_a, bytes, cudaMemcpyDeviceToHost);" (line 31) is removed: h_a already holds d_a's version from the upload at line 29, no kernel writes d_a and the host does not write h_a between; "cudaMemcpy(h_b, d_b, bytes, cudaMemcpyDeviceToHost);" (line 32) stays (derive writes d_b) and still orders the kernel before the host reads
// trap: removing the download of d_b instead leaves h_b at its -1 sentinels
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void derive(int *b, const int *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        b[i] = a[i] * a[i] % 1009 + (i & 15);
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_a = (int *)malloc(bytes);
    int *h_b = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i) {
        h_a[i] = (i * 19) % 211;
        h_b[i] = -1;
    }
    int *d_a, *d_b;
    cudaMalloc(&d_a, bytes);
    cudaMalloc(&d_b, bytes);

    cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
    derive<<<(n + 255) / 256, 256>>>(d_b, d_a, n);
    cudaMemcpy(h_a, d_a, bytes, cudaMemcpyDeviceToHost);
    cudaMemcpy(h_b, d_b, bytes, cudaMemcpyDeviceToHost);

    long long sa = 0, sb = 0;
    for (int i = 0; i < n; ++i) {
        sa += (long long)h_a[i] * (i % 4 + 1);
        sb += (long long)h_b[i] * (i % 6 + 1);
    }
    printf("RESULT %lld %lld\n", sa, sb);
    cudaFree(d_a);
    cudaFree(d_b);
    free(h_a);
    free(h_b);
    return 0;
}
