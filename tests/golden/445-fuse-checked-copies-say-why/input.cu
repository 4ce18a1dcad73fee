// case: golden 169's copies each wrapped in a check() function call
// expect: no fusion, and each copy kept apart with its reason (its statement does more than the copy)
// trap: copies left out with no line in the report
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
static void check(cudaError_t e) { if (e != cudaSuccess) { fprintf(stderr, "err %d\n", (int)e); exit(1); } }

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
    float *h_a = (float *)malloc(n * sizeof(float));
    float *h_b = (float *)malloc(n * sizeof(float));
    float *h_c = (float *)malloc(n * sizeof(float));
    float *h_d = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) {
        h_a[i] = (float)(i % 13);
        h_b[i] = (float)(i % 7);
    }
    float *d_a, *d_b, *d_c, *d_d;
    check(cudaMalloc((void **)&d_a, n * sizeof(float)));
    check(cudaMalloc((void **)&d_b, n * sizeof(float)));
    check(cudaMalloc((void **)&d_c, n * sizeof(float)));
    check(cudaMalloc((void **)&d_d, n * sizeof(float)));
    check(cudaMemcpy(d_a, h_a, n * sizeof(float), cudaMemcpyHostToDevice));
    check(cudaMemcpy(d_b, h_b, n * sizeof(float), cudaMemcpyHostToDevice));
    add<<<(n + 255) / 256, 256>>>(d_a, d_b, d_c, n);
    check(cudaMemcpy(h_c, d_c, n * sizeof(float), cudaMemcpyDeviceToHost));
    scale<<<(n + 255) / 256, 256>>>(d_a, d_d, n);
    check(cudaMemcpy(h_d, d_d, n * sizeof(float), cudaMemcpyDeviceToHost));
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h_c[i] + 0.5 * h_d[i];
    printf("RESULT %.1f\n", s);
    check(cudaFree(d_a));
    check(cudaFree(d_b));
    check(cudaFree(d_c));
    check(cudaFree(d_d));
    free(h_a);
    free(h_b);
    free(h_c);
    free(h_d);
    return 0;
}
