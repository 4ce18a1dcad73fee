// case: two uploads on one line in a loop, both hoisted
// expect: both leave the loop, and their line goes
// trap: the two cuts overlapped: an internal error, the file left alone
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void upd(float *x, const float *c, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] = x[i] * 0.5f + c[i]; }

int main()
{
    const int n = 1 << 16;
    const int steps = 4;
    size_t fb = n * sizeof(float);
    float *h_x = (float *)malloc(fb), *h_c = (float *)malloc(fb);
    for (int i = 0; i < n; ++i) { h_x[i] = i % 5; h_c[i] = i % 3; }
    float *d_x, *d_c;
    cudaMalloc(&d_x, fb); cudaMalloc(&d_c, fb);
    cudaMemcpy(d_x, h_x, fb, cudaMemcpyHostToDevice);
    cudaMemcpy(d_c, h_c, fb, cudaMemcpyHostToDevice);
    for (int t = 0; t < steps; ++t) {
        upd<<<(n + 255) / 256, 256>>>(d_x, d_c, n);
    }
    cudaMemcpy(h_x, d_x, fb, cudaMemcpyDeviceToHost);
    double r = 0;
    for (int i = 0; i < n; ++i) r += h_x[i] * (i % 7);
    printf("RESULT r=%.3f\n", r);
    cudaFree(d_c); cudaFree(d_x);
    free(h_c); free(h_x);
    return 0;
}
