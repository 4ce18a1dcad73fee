// case: the program prints OFFSET_IN_PAGE(h_b), a macro of ((uintptr_t)(p) % 4096), of one of two host buffers copied side by side
// expect: h_a and h_b stay apart: h_b's address is made an integer (the parse sees the cast inside the macro)
// trap: fused into h_a's block, h_b's offset in its page changes (RESULT ... 272 instead of 16)
#include <stdint.h>
#include <cstdio>
#include <cstdlib>

#define OFFSET_IN_PAGE(p) ((uintptr_t)(p) % 4096)

__global__ void add(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

int main()
{
    const int n = 1 << 16;
    float *h_a = (float *)malloc(n * sizeof(float));
    float *h_b = (float *)malloc(n * sizeof(float));
    float *h_c = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) {
        h_a[i] = (float)(i % 13);
        h_b[i] = (float)(i % 7);
    }
    float *d_a, *d_b, *d_c;
    cudaMalloc((void **)&d_a, n * sizeof(float));
    cudaMalloc((void **)&d_b, n * sizeof(float));
    cudaMalloc((void **)&d_c, n * sizeof(float));
    cudaMemcpy(d_a, h_a, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_b, h_b, n * sizeof(float), cudaMemcpyHostToDevice);
    add<<<(n + 255) / 256, 256>>>(d_a, d_b, d_c, n);
    cudaMemcpy(h_c, d_c, n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h_c[i];
    printf("RESULT %.1f %d\n", s, (int)OFFSET_IN_PAGE(h_b));
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_c);
    free(h_a);
    free(h_b);
    free(h_c);
    return 0;
}
