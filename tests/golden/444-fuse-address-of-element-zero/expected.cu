// case: copies spelt with &h_a[0] and &d_a[0], golden 169's program otherwise
// expect: fused as golden 169 is (&x[0] is the buffer's start)
// trap: 'the address of a variable, not a buffer'
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void add(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

__global__ void scale(const float *a, float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = 3.0f * a[i];
}

int main()
{
    const int n = 1000;
    float *h_a = (float *)malloc(2 * ((n * sizeof(float) + 511) / 256 * 256));
    float *h_b = (float *)((char *)h_a + (n * sizeof(float) + 511) / 256 * 256);
    float *h_c = (float *)malloc(2 * ((n * sizeof(float) + 511) / 256 * 256));
    float *h_d = (float *)((char *)h_c + (n * sizeof(float) + 511) / 256 * 256);
    for (int i = 0; i < n; i++) {
        h_a[i] = (float)(i % 13);
        h_b[i] = (float)(i % 7);
    }
    float *d_a, *d_b, *d_c, *d_d;
    cudaMalloc((void **)&d_a, 2 * ((n * sizeof(float) + 511) / 256 * 256));
    d_b = (decltype(d_b))((char *)d_a + (n * sizeof(float) + 511) / 256 * 256);
    cudaMalloc((void **)&d_c, 2 * ((n * sizeof(float) + 511) / 256 * 256));
    d_d = (decltype(d_d))((char *)d_c + (n * sizeof(float) + 511) / 256 * 256);
    cudaMemcpy(d_a, h_a, (size_t)((char *)d_b - (char *)d_a) + n * sizeof(float), cudaMemcpyHostToDevice);
    add<<<(n + 255) / 256, 256>>>(d_a, d_b, d_c, n);
    scale<<<(n + 255) / 256, 256>>>(d_a, d_d, n);
    cudaMemcpy(h_c, d_c, (size_t)((char *)d_d - (char *)d_c) + n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h_c[i] + 0.5 * h_d[i];
    printf("RESULT %.1f\n", s);
    cudaFree(d_a);
    cudaFree(d_c);
    free(h_a);
    free(h_c);
    return 0;
}
