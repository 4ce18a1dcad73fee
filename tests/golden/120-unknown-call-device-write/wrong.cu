// wrong: the download after post removed
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void scale(int *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = (a[i] * 3 + 1) % 1009;
}

__global__ void acc(int *x, const int *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] + a[i]) % 100003;
}

static void post_none(int *d, int n)
{
    (void)d;
    (void)n;
}

static void post_scale(int *d, int n)
{
    scale<<<(n + 255) / 256, 256>>>(d, n);
}

int main(int argc, char **argv)
{
    (void)argv;
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    // post_scale unless the program gets more than 50 arguments
    void (*post)(int *, int) = argc > 50 ? post_none : post_scale;
    int *h_a = (int *)malloc(bytes);
    int *h_x = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i)
        h_a[i] = (i * 7) % 53;
    int *d_a, *d_x;
    cudaMalloc(&d_a, bytes);
    cudaMalloc(&d_x, bytes);
    cudaMemset(d_x, 0, bytes);

    cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
    post(d_a, n);
    long long sa = 0;
    for (int i = 0; i < n; ++i)
        sa += (long long)h_a[i] * (i % 3 + 1);

    for (int t = 0; t < 5; ++t) {
        cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
        post(d_a, n);
        acc<<<(n + 255) / 256, 256>>>(d_x, d_a, n);
    }

    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 5 + 1);
    printf("RESULT %lld %lld\n", sa, s);
    cudaFree(d_a);
    cudaFree(d_x);
    free(h_a);
    free(h_x);
    return 0;
}
