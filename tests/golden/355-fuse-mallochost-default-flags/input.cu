// case: two page-locked host buffers allocated with the C++ template cudaMallocHost(&h, bytes), which leaves its flags argument to its default, uploaded one after the other
// expect: the two buffers share one cudaMallocHost(&h_a, ...) block of two arguments, and the uploads become one copy
// trap: the left-out flags argument was copied as its text, which libclang has none of: the rewrite wrote cudaMallocHost(&h_a, size, ?)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <cuda_runtime.h>
__global__ void add(const float *a, const float *b, float *c, int n)
{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) c[i] = a[i] + b[i]; }

int main()
{
    const int n = 1000;
    double s = 0;
    float *h_a, *h_b;
    cudaMallocHost(&h_a, n * sizeof(float));
    cudaMallocHost(&h_b, n * sizeof(float));
    float *h_c = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) { h_a[i] = (float)(i % 13); h_b[i] = (float)(i % 7); h_c[i] = 0; }

    float *d_a, *d_b, *d_c;
    cudaMalloc((void **)&d_a, n * sizeof(float));
    cudaMalloc((void **)&d_b, n * sizeof(float));
    cudaMalloc((void **)&d_c, n * sizeof(float));
    for (int t = 0; t < 3; t++) {
        cudaMemcpy(d_a, h_a, n * sizeof(float), cudaMemcpyHostToDevice);
        cudaMemcpy(d_b, h_b, n * sizeof(float), cudaMemcpyHostToDevice);
        add<<<(n + 255) / 256, 256>>>(d_a, d_b, d_c, n);
        cudaMemcpy(h_c, d_c, n * sizeof(float), cudaMemcpyDeviceToHost);
        h_a[t] += h_c[t + 1];

    }
    for (int i = 0; i < n; i++) s += h_c[i] * (i % 5 + 1);

    printf("RESULT %.1f\n", s);
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_c);
    cudaFreeHost(h_a);
    cudaFreeHost(h_b);
    free(h_c);
    return 0;
}
