// case: two buffers copied side by side, one of them passed to a function through a pointer cuflow cannot resolve
// expect: both copies stay apart; the keep names the call of code cuflow cannot see
// trap: the unseen code may free or reallocate its buffer, which would then be the middle of a block
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

static void (*volatile hook)(float *, int);

__global__ void add(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

static double unseen(int n)
{
    float *h_a = (float *)malloc(n * sizeof(float));
    float *h_b = (float *)malloc(n * sizeof(float));
    float *h_c = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++)
        h_a[i] = h_b[i] = 2.0f;
    float *d_a, *d_b, *d_c;
    cudaMalloc((void **)&d_a, n * sizeof(float));
    cudaMalloc((void **)&d_b, n * sizeof(float));
    cudaMalloc((void **)&d_c, n * sizeof(float));
    cudaMemcpy(d_a, h_a, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_b, h_b, n * sizeof(float), cudaMemcpyHostToDevice);
    add<<<(n + 255) / 256, 256>>>(d_a, d_b, d_c, n);
    cudaMemcpy(h_c, d_c, n * sizeof(float), cudaMemcpyDeviceToHost);
    if (n < 0)
        hook(h_a, n);
    double s = h_c[0];
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_c);
    free(h_a);
    free(h_b);
    free(h_c);
    return s;
}

int main()
{
    printf("RESULT %.1f\n", unseen(1000));
    return 0;
}
