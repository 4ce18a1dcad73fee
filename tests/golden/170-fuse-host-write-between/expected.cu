// case: uploads of two buffers with a host write of the first between them: directly, through a callee, through an alias
// expect: no upload moves below the write of its buffer; the second upload of each pair moves up to the first (nothing between touches h_b, and the program uses only the default stream, so the work in flight when run() starts has ended at the first upload), and the two fuse above the write
// trap: fusing moves the first upload below the write, so the device would see the new value (the oracle's RESULT changes)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

static const int n = 1000; /* a constant size: a copy run fused outside loops must pay by its bytes */

__global__ void add(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + 2.0f * b[i];
}

static void bump(float *p) { p[0] += 100.0f; }

static double run(int how)
{
    float *h_a = (float *)malloc(2 * ((n * sizeof(float) + 511) / 256 * 256));
    float *h_b = (float *)((char *)h_a + (n * sizeof(float) + 511) / 256 * 256);
    float *h_c = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) {
        h_a[i] = (float)(i % 5);
        h_b[i] = (float)(i % 3);
    }
    float *d_a, *d_b, *d_c;
    cudaMalloc((void **)&d_a, 2 * ((n * sizeof(float) + 511) / 256 * 256));
    d_b = (decltype(d_b))((char *)d_a + (n * sizeof(float) + 511) / 256 * 256);
    cudaMalloc((void **)&d_c, n * sizeof(float));
    cudaMemcpy(d_a, h_a, (size_t)((char *)d_b - (char *)d_a) + n * sizeof(float), cudaMemcpyHostToDevice);
    if (how == 0)
        h_a[0] = 50.0f;
    add<<<(n + 255) / 256, 256>>>(d_a, d_b, d_c, n);
    cudaMemcpy(h_c, d_c, n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = h_a[0];
    for (int i = 0; i < n; i++)
        s += h_c[i];
    cudaFree(d_a);
    cudaFree(d_c);
    free(h_a);
    free(h_c);
    return s;
}

static double callee()
{
    float *h_a = (float *)malloc(2 * ((n * sizeof(float) + 511) / 256 * 256));
    float *h_b = (float *)((char *)h_a + (n * sizeof(float) + 511) / 256 * 256);
    float *h_c = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) {
        h_a[i] = (float)(i % 5);
        h_b[i] = (float)(i % 3);
    }
    float *d_a, *d_b, *d_c;
    cudaMalloc((void **)&d_a, 2 * ((n * sizeof(float) + 511) / 256 * 256));
    d_b = (decltype(d_b))((char *)d_a + (n * sizeof(float) + 511) / 256 * 256);
    cudaMalloc((void **)&d_c, n * sizeof(float));
    cudaMemcpy(d_a, h_a, (size_t)((char *)d_b - (char *)d_a) + n * sizeof(float), cudaMemcpyHostToDevice);
    bump(h_a);
    add<<<(n + 255) / 256, 256>>>(d_a, d_b, d_c, n);
    cudaMemcpy(h_c, d_c, n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = h_a[0];
    for (int i = 0; i < n; i++)
        s += h_c[i];
    cudaFree(d_a);
    cudaFree(d_c);
    free(h_a);
    free(h_c);
    return s;
}

static double alias()
{
    float *h_a = (float *)malloc(2 * ((n * sizeof(float) + 511) / 256 * 256));
    float *h_b = (float *)((char *)h_a + (n * sizeof(float) + 511) / 256 * 256);
    float *h_c = (float *)malloc(n * sizeof(float));
    float *other = h_a;
    for (int i = 0; i < n; i++) {
        h_a[i] = (float)(i % 5);
        h_b[i] = (float)(i % 3);
    }
    float *d_a, *d_b, *d_c;
    cudaMalloc((void **)&d_a, 2 * ((n * sizeof(float) + 511) / 256 * 256));
    d_b = (decltype(d_b))((char *)d_a + (n * sizeof(float) + 511) / 256 * 256);
    cudaMalloc((void **)&d_c, n * sizeof(float));
    cudaMemcpy(d_a, h_a, (size_t)((char *)d_b - (char *)d_a) + n * sizeof(float), cudaMemcpyHostToDevice);
    other[1] = 70.0f;
    add<<<(n + 255) / 256, 256>>>(d_a, d_b, d_c, n);
    cudaMemcpy(h_c, d_c, n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = h_a[1];
    for (int i = 0; i < n; i++)
        s += h_c[i];
    cudaFree(d_a);
    cudaFree(d_c);
    free(h_a);
    free(h_c);
    return s;
}

int main()
{
    printf("RESULT %.1f %.1f %.1f\n", run(0), callee(), alias());
    return 0;
}
