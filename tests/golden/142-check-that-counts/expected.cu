// case: a download wrapped in a "check" that also counts the downloads on success (downloads += line > 0), and the count is printed
// expect: checked() writes downloads when the copy succeeds, so it is no error check: the download stays (the statement also calls checked, line 52); the upload (line 50) leaves the loop: that statement may end the program, but nothing of the program runs after exit
// trap: sinking the download with its counter would print 1 download instead of 10
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

static void check(cudaError_t err)
{
    if (err != cudaSuccess) {
        fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(err));
        exit(1);
    }
}

static int downloads;

static cudaError_t checked(cudaError_t r, int line)
{
    if (r) {
        fprintf(stderr, "line %d: error %d\n", line, (int)r);
        exit(2);
    }
    downloads += line > 0;
    return r;
}

__global__ void relax(const float *w, float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = 0.5f * x[i] + w[i];
}

int main()
{
    const int n = 1 << 12;
    const int steps = 10;
    size_t bytes = n * sizeof(float);
    float *h_w = (float *)malloc(bytes), *h_x = (float *)malloc(bytes);
    for (int i = 0; i < n; ++i) {
        h_w[i] = (float)(i % 7);
        h_x[i] = 1.0f;
    }
    float *d_w, *d_x;
    check(cudaMalloc(&d_w, bytes));
    check(cudaMalloc(&d_x, bytes));
    check(cudaMemcpy(d_x, h_x, bytes, cudaMemcpyHostToDevice));
    check(cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice));
    for (int t = 0; t < steps; ++t) {
        relax<<<(n + 255) / 256, 256>>>(d_w, d_x, n);
        checked(cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost), __LINE__);
    }
    double s = 0.0;
    for (int i = 0; i < n; ++i)
        s += h_x[i] * (i % 5 + 1);
    printf("RESULT %.4f %d\n", s, downloads);
    cudaFree(d_w);
    cudaFree(d_x);
    free(h_w);
    free(h_x);
    return 0;
}
