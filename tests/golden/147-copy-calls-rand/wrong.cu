// case: an upload in a loop whose argument calls rand() (an offset of rand() % 1, always 0): rand's rule lists no write, but rand keeps state of its own
// expect: no change: "cudaMemcpy(d_w, h_w + rand() % 1, bytes, cudaMemcpyHostToDevice);" (line 28) stays in the loop: the statement also calls rand
// trap: hoisting it would call rand() once instead of 5 times, and the value RESULT prints after the loop would change
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void add(const float *w, float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] += w[i];
}

int main()
{
    const int n = 1024;
    size_t bytes = n * sizeof(float);
    float *h_w = (float *)malloc(bytes + sizeof(float)), *h_x = (float *)malloc(bytes);
    for (int i = 0; i <= n; ++i)
        h_w[i] = (float)(i % 9);
    float *d_w, *d_x;
    cudaMalloc(&d_w, bytes);
    cudaMalloc(&d_x, bytes);
    cudaMemset(d_x, 0, bytes);
    srand(7);
    cudaMemcpy(d_w, h_w + rand() % 1, bytes, cudaMemcpyHostToDevice);
    for (int t = 0; t < 5; ++t) {
        add<<<(n + 255) / 256, 256>>>(d_w, d_x, n);
    }
    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    double s = 0.0;
    for (int i = 0; i < n; ++i)
        s += h_x[i];
    printf("RESULT %.1f %d\n", s, rand() % 1000);
    cudaFree(d_w);
    cudaFree(d_x);
    free(h_w);
    free(h_x);
    return 0;
}
