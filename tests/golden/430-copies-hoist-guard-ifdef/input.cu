// case: an upload inside #ifndef NO_COEF in a loop that may run zero times, hoisted out of it
// expect: the hoisted upload sits under if (0 < steps) { ... } with its #ifndef inside the braces
// trap: without braces, with NO_COEF defined the test guarded the loop after it
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void upd(float *x, const float *c, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = x[i] * 0.5f + c[i] + t;
}

int main(int argc, char **argv)
{
    int n = 1 << 12;
    int steps = argc > 1 ? atoi(argv[1]) % 4 : 3;
    size_t xb = n * sizeof(float);
    float *h_x = (float *)malloc(xb), *h_c = (float *)malloc(xb);
    for (int i = 0; i < n; ++i) { h_x[i] = (float)(i % 13); h_c[i] = (float)(i % 3); }
    float *d_x, *d_c;
    cudaMalloc(&d_x, xb);
    cudaMalloc(&d_c, xb);
    cudaMemset(d_c, 0, xb);
    cudaMemcpy(d_x, h_x, xb, cudaMemcpyHostToDevice);
    int t = 7;
    for (t = 0; t < steps; ++t) {
#ifndef NO_COEF
        cudaMemcpy(d_c, h_c, xb, cudaMemcpyHostToDevice);
#endif
        upd<<<(n + 255) / 256, 256>>>(d_x, d_c, n, t);
    }
    cudaMemcpy(h_x, d_x, xb, cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; ++i) s += h_x[i] * (i % 7 + 1);
    printf("RESULT s=%.3f t=%d\n", s, t);
    cudaFree(d_x); cudaFree(d_c);
    free(h_x); free(h_c);
    return 0;
}
