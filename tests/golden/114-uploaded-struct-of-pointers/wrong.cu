// wrong: the download of d_a removed
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
