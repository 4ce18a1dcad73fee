// case: must never: the kernel writes d_a through a pointer stored in a struct that was itself uploaded (the kernel gets only d_s, a device copy of struct Bufs holding d_a and d_b)
// expect: "cudaMemcpy(h_a, d_a, bytes, cudaMemcpyDeviceToHost);" (line 42) stays: work<<<...>>>(d_s, n) writes d_a through s->a (d_s holds d_a since the upload at line 38); the upload "cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);" (line 40) stays too
// trap: taking the download for redundant (h_a went up to d_a and no launch names d_a) leaves h_a at its uploaded values, changing sa
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

struct Bufs {
    int *a;
    int *b;
};

__global__ void work(const Bufs *s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        s->b[i] = s->a[i] * 2 + 1;
        s->a[i] = (s->a[i] * 7 + i) % 1009;
    }
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_a = (int *)malloc(bytes);
    int *h_b = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i)
        h_a[i] = (i * 3) % 59;
    int *d_a, *d_b;
    cudaMalloc(&d_a, bytes);
    cudaMalloc(&d_b, bytes);
    Bufs hs;
    hs.a = d_a;
    hs.b = d_b;
    Bufs *d_s;
    cudaMalloc(&d_s, sizeof(Bufs));
    cudaMemcpy(d_s, &hs, sizeof(Bufs), cudaMemcpyHostToDevice);

    cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
    work<<<(n + 255) / 256, 256>>>(d_s, n);
    cudaMemcpy(h_a, d_a, bytes, cudaMemcpyDeviceToHost);
    cudaMemcpy(h_b, d_b, bytes, cudaMemcpyDeviceToHost);

    long long sa = 0, sb = 0;
    for (int i = 0; i < n; ++i) {
        sa += (long long)h_a[i] * (i % 3 + 1);
        sb += h_b[i];
    }
    printf("RESULT %lld %lld\n", sa, sb);
    cudaFree(d_s);
    cudaFree(d_a);
    cudaFree(d_b);
    free(h_a);
    free(h_b);
    return 0;
}
