// case: host and device buffers whose sizes are one product written in other orders (new[] against sizeof(T) * n, (size_t)(a * b) * sizeof(float) against sizeof(float) * a * b, sizeof(long) * (1 + n) against (1 + n) * sizeof(long), sizeof(char) * 8 * n against 8 * n)
// expect: the copies fuse: the sizes are compared as products, not as text
// trap: a size that is not the same product (n * sizeof(int) against (n + 1) * sizeof(int)) keeps its copy apart
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void step(int *x, float *y, int *z, long *o, char *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        x[i] = 3 * x[i] + 1;
        y[i] = y[i] * 0.5f + x[i];
        z[i] += i;
        o[i] = 2 * o[i] + x[i];
        if (i == 0)
            o[n] += 1;
        c[8 * i] = (char)(c[8 * i + 1] + 1);
    }
}

int main()
{
    const int rows = 64, cols = 256, n = rows * cols;
    int *h_x = new int[n];
    float *h_y = new float[rows * cols];
    int *h_z = new int[n + 1];
    long *h_o = (long *)malloc(sizeof(long) * (1 + n));
    char *h_c = (char *)malloc(sizeof(char) * 8 * n);
    for (int i = 0; i < n; i++) {
        h_x[i] = i % 11;
        h_y[i] = (float)(i % 3);
        h_z[i] = i % 5;
        h_o[i] = i;
        for (int k = 0; k < 8; k++)
            h_c[8 * i + k] = (char)(i + k);
    }
    h_z[n] = 7;
    h_o[n] = 3;
    int *d_x, *d_z;
    float *d_y;
    long *d_o;
    char *d_c;
    cudaMalloc((void **)&d_x, sizeof(int) * n);
    cudaMalloc((void **)&d_y, sizeof(float) * rows * cols);
    cudaMalloc((void **)&d_z, (n + 1) * sizeof(int));
    cudaMalloc((void **)&d_o, (1 + n) * sizeof(long));
    cudaMalloc((void **)&d_c, 8 * n);
    cudaMemcpy(d_x, h_x, sizeof(int) * n, cudaMemcpyHostToDevice);
    cudaMemcpy(d_y, h_y, (size_t)(rows * cols) * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_z, h_z, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_o, h_o, (1 + n) * sizeof(long), cudaMemcpyHostToDevice);
    cudaMemcpy(d_c, h_c, 8 * n, cudaMemcpyHostToDevice);
    step<<<(n + 255) / 256, 256>>>(d_x, d_y, d_z, d_o, d_c, n);
    cudaMemcpy(h_x, d_x, sizeof(int) * n, cudaMemcpyDeviceToHost);
    cudaMemcpy(h_y, d_y, (size_t)(rows * cols) * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(h_z, d_z, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(h_o, d_o, (1 + n) * sizeof(long), cudaMemcpyDeviceToHost);
    cudaMemcpy(h_c, d_c, 8 * n, cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h_x[i] + h_y[i] + 2.0 * h_z[i] + (h_o[i] % 1000) + h_c[8 * i];
    printf("RESULT %.1f\n", s + h_z[n] + h_o[n]);
    cudaFree(d_x);
    cudaFree(d_y);
    cudaFree(d_z);
    cudaFree(d_o);
    cudaFree(d_c);
    free(h_o);
    free(h_c);
    delete[] h_x;
    delete[] h_y;
    delete[] h_z;
    return 0;
}
