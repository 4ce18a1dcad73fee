// case: copies written through do-while macros that are no plain checks: LOGGED(x) prints a line every time the copy succeeds, LAST(x) tests cudaGetLastError() instead of the copy's own status
// expect: no change: the download through LOGGED (line 45) stays, since its printf runs on success (the statement also calls printf); the download through LAST (line 46) stays, since its test is of another call's status (the statement also calls cudaGetLastError)
// trap: sinking LOGGED's download would print "copied" once instead of 6 times; RESULT counts the lines as the program sees them
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

static int logged;

#define LOGGED(call)                                  \
    do {                                              \
        cudaError_t s_ = (call);                      \
        logged += printf("copied %d\n", (int)s_) > 0; \
        if (s_ != cudaSuccess)                        \
            exit(1);                                  \
    } while (0)
#define LAST(call)                                    \
    do {                                              \
        cudaError_t s_ = (call);                      \
        s_ = cudaGetLastError();                      \
        if (s_ != cudaSuccess)                        \
            exit(2);                                  \
    } while (0)

__global__ void grow(float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        x[i] = x[i] * 1.5f + 1.0f;
        y[i] = x[i] - 2.0f;
    }
}

int main()
{
    const int n = 2048;
    size_t bytes = n * sizeof(float);
    float *h_x = (float *)calloc(n, sizeof(float)), *h_y = (float *)calloc(n, sizeof(float));
    float *d_x, *d_y;
    cudaMalloc(&d_x, bytes);
    cudaMalloc(&d_y, bytes);
    cudaMemset(d_x, 0, bytes);
    for (int t = 0; t < 6; ++t) {
        grow<<<(n + 255) / 256, 256>>>(d_x, d_y, n);
        LOGGED(cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost));
        LAST(cudaMemcpy(h_y, d_y, bytes, cudaMemcpyDeviceToHost));
    }
    double s = 0.0;
    for (int i = 0; i < n; ++i)
        s += h_x[i] + 0.5 * h_y[i];
    printf("RESULT %.3f %d\n", s, logged);
    cudaFree(d_x);
    cudaFree(d_y);
    free(h_x);
    free(h_y);
    return 0;
}
