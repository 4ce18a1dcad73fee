// case: two uploads with a launch of a printing kernel and a host printf between them; then two 64 MiB uploads of constant size side by side
// expect: the first pair stays apart (the printf would pass the wait that flushes the kernel's output); the second pair stays apart because one copy saves 7 us of about 19 ms
// trap: moving the first upload below the printf prints the device's lines before the host's (the order of the output changes)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void hello(int *flag)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        printf("device line\n");
        flag[0] = 1;
    }
}

__global__ void add(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

int main()
{
    const int n = 1000;
    float *h_a = (float *)malloc(n * sizeof(float));
    float *h_b = (float *)malloc(n * sizeof(float));
    float *h_c = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++)
        h_a[i] = h_b[i] = 1.5f;
    float *d_a, *d_b, *d_c;
    int *d_flag;
    cudaMalloc((void **)&d_a, n * sizeof(float));
    cudaMalloc((void **)&d_b, n * sizeof(float));
    cudaMalloc((void **)&d_c, n * sizeof(float));
    cudaMalloc((void **)&d_flag, sizeof(int));
    cudaMemcpy(d_a, h_a, n * sizeof(float), cudaMemcpyHostToDevice);
    hello<<<1, 32>>>(d_flag);
    printf("host line\n");
    cudaMemcpy(d_b, h_b, n * sizeof(float), cudaMemcpyHostToDevice);
    add<<<(n + 255) / 256, 256>>>(d_a, d_b, d_c, n);
    cudaMemcpy(h_c, d_c, n * sizeof(float), cudaMemcpyDeviceToHost);

    float *h_x = (float *)malloc(16777216 * sizeof(float));
    float *h_y = (float *)malloc(16777216 * sizeof(float));
    for (int i = 0; i < 16777216; i++)
        h_x[i] = h_y[i] = 0.25f;
    float *d_x, *d_y;
    cudaMalloc((void **)&d_x, 16777216 * sizeof(float));
    cudaMalloc((void **)&d_y, 16777216 * sizeof(float));
    cudaMemcpy(d_x, h_x, 16777216 * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_y, h_y, 16777216 * sizeof(float), cudaMemcpyHostToDevice);
    add<<<(n + 255) / 256, 256>>>(d_x, d_y, d_c, n);
    cudaMemcpy(h_c + 1, d_c, sizeof(float), cudaMemcpyDeviceToHost);
    printf("RESULT %.2f %.2f\n", h_c[0], h_c[1]);
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_c);
    cudaFree(d_flag);
    cudaFree(d_x);
    cudaFree(d_y);
    free(h_a);
    free(h_b);
    free(h_c);
    free(h_x);
    free(h_y);
    return 0;
}
