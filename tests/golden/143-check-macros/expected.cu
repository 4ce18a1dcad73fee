// case: copies written through error-check macros: CHECK(x) expands to a call of check_status(x, __FILE__, __LINE__), whose success path does nothing; check_at(__LINE__, x) takes the copy second; CUDA_CHECK(x) is a do-while with the test inline
// expect: "CHECK(cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice));" (line 57) is hoisted before the loop (line 56) as the whole invocation, "check_at(__LINE__, cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost));" (line 59) sinks after it, and "CUDA_CHECK(cudaMemcpy(h_y, d_y, bytes, cudaMemcpyDeviceToHost));" (line 63) sinks after the second loop: its do-while only prints and exits when the copy fails
// trap: dropping the macro's text or moving only part of the expansion would not compile; a macro that prints on success, or tests another status, keeps its copy (case 145)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

static void check_status(cudaError_t r, const char *file, int line)
{
    if (r != cudaSuccess) {
        fprintf(stderr, "%s:%d: %s\n", file, line, cudaGetErrorString(r));
        exit(1);
    }
}

static void check_at(int line, cudaError_t r)
{
    if (r)
        exit(100 + line % 100);
}

#define CHECK(call) check_status((call), __FILE__, __LINE__)
#define CUDA_CHECK(call)                                            \
    do {                                                            \
        cudaError_t e_ = (call);                                    \
        if (e_ != cudaSuccess) {                                    \
            fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(e_)); \
            exit(1);                                                \
        }                                                           \
    } while (0)

__global__ void relax(const float *w, float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        x[i] = 0.5f * x[i] + w[i];
        y[i] = x[i] * 2.0f;
    }
}

int main()
{
    const int n = 1 << 12;
    const int steps = 10;
    size_t bytes = n * sizeof(float);
    float *h_w = (float *)malloc(bytes), *h_x = (float *)malloc(bytes), *h_y = (float *)malloc(bytes);
    for (int i = 0; i < n; ++i) {
        h_w[i] = (float)(i % 7);
        h_x[i] = 1.0f;
    }
    float *d_w, *d_x, *d_y;
    CHECK(cudaMalloc(&d_w, bytes));
    CHECK(cudaMalloc(&d_x, bytes));
    CHECK(cudaMalloc(&d_y, bytes));
    CHECK(cudaMemcpy(d_x, h_x, bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice));
    for (int t = 0; t < steps; ++t) {
        relax<<<(n + 255) / 256, 256>>>(d_w, d_x, d_y, n);
    }
    check_at(__LINE__, cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost));
    for (int t = 0; t < 2; ++t) {
        relax<<<(n + 255) / 256, 256>>>(d_w, d_x, d_y, n);
    }
    CUDA_CHECK(cudaMemcpy(h_y, d_y, bytes, cudaMemcpyDeviceToHost));
    double s = 0.0;
    for (int i = 0; i < n; ++i)
        s += h_x[i] * (i % 5 + 1) + h_y[i];
    printf("RESULT %.4f\n", s);
    cudaFree(d_w);
    cudaFree(d_x);
    cudaFree(d_y);
    free(h_w);
    free(h_x);
    free(h_y);
    return 0;
}
