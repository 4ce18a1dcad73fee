// case: a "check" that overwrites its status before testing it: note(e) sets e to the number of copies so far, so its "failure" branch runs on every call and counts
// expect: no change: note() writes the status it tests, so its then branch is no failure path; the upload through it (line 35) stays in the loop (the statement also calls note)
// trap: hoisting the upload would run note() once, and RESULT prints how often it ran (5)
#include <cstdio>
#include <cuda_runtime.h>

static int noted;

static void note(cudaError_t e)
{
    e = (cudaError_t)(noted + 1);
    if (e != cudaSuccess)
        noted++;
}

__global__ void add(const float *w, float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] += w[i];
}

int main()
{
    const int n = 512;
    size_t bytes = n * sizeof(float);
    static float h_w[512], h_x[512];
    for (int i = 0; i < n; ++i)
        h_w[i] = (float)(i % 5);
    float *d_w, *d_x;
    cudaMalloc(&d_w, bytes);
    cudaMalloc(&d_x, bytes);
    cudaMemset(d_x, 0, bytes);
    for (int t = 0; t < 5; ++t) {
        note(cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice));
        add<<<(n + 255) / 256, 256>>>(d_w, d_x, n);
    }
    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    double s = 0.0;
    for (int i = 0; i < n; ++i)
        s += h_x[i];
    printf("RESULT %.1f %d\n", s, noted);
    cudaFree(d_w);
    cudaFree(d_x);
    return 0;
}
