// case: a download inside #ifndef NO_DOWNLOAD in a loop that may run zero times, sunk out of it
// expect: the sunk download sits under if (0 < steps) { ... } with its #ifndef inside the braces
// trap: without braces, with NO_DOWNLOAD defined the test guarded the next statement (count += 5 ran only when the loop ran)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void upd(float *x, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = x[i] * 0.5f + t;
}

int main(int argc, char **argv)
{
    int n = 1 << 12;
    int steps = argc > 1 ? atoi(argv[1]) % 4 : 3;
    size_t xb = n * sizeof(float);
    float *h_x = (float *)malloc(xb);
    for (int i = 0; i < n; ++i) h_x[i] = (float)(i % 13);
    float *d_x;
    int count = 0;
    cudaMalloc(&d_x, xb);
    cudaMemcpy(d_x, h_x, xb, cudaMemcpyHostToDevice);
    for (int t = 0; t < steps; ++t) {
        upd<<<(n + 255) / 256, 256>>>(d_x, n, t);
#ifndef NO_DOWNLOAD
#endif
    }
    if (0 < steps) {
#ifndef NO_DOWNLOAD
        cudaMemcpy(h_x, d_x, xb, cudaMemcpyDeviceToHost);
#endif
    }
    count += 5;
    double s = 0;
    for (int i = 0; i < n; ++i) s += h_x[i] * (i % 7 + 1);
    printf("RESULT s=%.3f count=%d\n", s, count);
    cudaFree(d_x);
    free(h_x);
    return 0;
}
