// case: golden 169's vector add with its size read from argv: two uploads and two downloads that run once, outside loops, their sizes no constants
// expect: no change; each copy is kept apart with the reason (fusing does not pay: one copy instead of 2 saves about 7 us, once; a review of a dozen changed lines for that is not worth it)
// trap: a fusion that buys nothing (HeCBench's laplace: eight one-time 8 MB uploads fused, 0.94 on an H200, within noise)
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

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    float *h_a = (float *)malloc(n * sizeof(float));
    float *h_b = (float *)malloc(n * sizeof(float));
    float *h_c = (float *)malloc(n * sizeof(float));
    float *h_d = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) {
        h_a[i] = (float)(i % 13);
        h_b[i] = (float)(i % 7);
    }
    float *d_a, *d_b, *d_c, *d_d;
    cudaMalloc((void **)&d_a, n * sizeof(float));
    cudaMalloc((void **)&d_b, n * sizeof(float));
    cudaMalloc((void **)&d_c, n * sizeof(float));
    cudaMalloc((void **)&d_d, n * sizeof(float));
    cudaMemcpy(d_a, h_a, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_b, h_b, n * sizeof(float), cudaMemcpyHostToDevice);
    add<<<(n + 255) / 256, 256>>>(d_a, d_b, d_c, n);
    cudaMemcpy(h_c, d_c, n * sizeof(float), cudaMemcpyDeviceToHost);
    scale<<<(n + 255) / 256, 256>>>(d_a, d_d, n);
    cudaMemcpy(h_d, d_d, n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h_c[i] + 0.5 * h_d[i];
    printf("RESULT %.1f\n", s);
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_c);
    cudaFree(d_d);
    free(h_a);
    free(h_b);
    free(h_c);
    free(h_d);
    return 0;
}
