// case: must never: libc writes the host source between two uploads of the same buffer: memcpy fills the first half of h_a from h_b, memset clears the second half
// expect: all three "cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);" (lines 41, 44, 47) stay: "memcpy(h_a, h_b, bytes / 2);" (line 43) and "memset(h_a + n / 2, 0, bytes / 2);" (line 46) write h_a between them (rules/: libc calls)
// trap: taking the second or third upload for redundant (no statement stores to h_a by name) makes the kernel see the old h_a, changing s2 or s3
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

__global__ void mix(int *o, const int *a, int n, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        o[i] = (a[i] * k + (i % 17)) % 1009;
}

static long long run(int *h_o, int *d_o, const int *d_a, int n, int k)
{
    mix<<<(n + 255) / 256, 256>>>(d_o, d_a, n, k);
    cudaMemcpy(h_o, d_o, n * sizeof(int), cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_o[i] * (i % 4 + 1);
    return s;
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_a = (int *)malloc(bytes);
    int *h_b = (int *)malloc(bytes);
    int *h_o = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i) {
        h_a[i] = (i * 5) % 61;
        h_b[i] = 500 + i % 9;
    }
    int *d_a, *d_o;
    cudaMalloc(&d_a, bytes);
    cudaMalloc(&d_o, bytes);

    cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
    long long s1 = run(h_o, d_o, d_a, n, 3);
    memcpy(h_a, h_b, bytes / 2);
    cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
    long long s2 = run(h_o, d_o, d_a, n, 5);
    memset(h_a + n / 2, 0, bytes / 2);
    cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
    long long s3 = run(h_o, d_o, d_a, n, 7);

    printf("RESULT %lld %lld %lld\n", s1, s2, s3);
    cudaFree(d_a);
    cudaFree(d_o);
    free(h_a);
    free(h_b);
    free(h_o);
    return 0;
}
