// bw64.cu: 64 MiB copied up and down 20 times each from one malloc'd buffer
// (issue 19: after `cuflow --passes=pin` the copies should run at 90% or more
// of the pinned bandwidth pinbench measures). Prints the achieved GB/s of
// each direction and a RESULT line that does not depend on the timing.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void twice(float *a, size_t n)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n)
        a[i] *= 2.0f;
}

static double seconds()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int main()
{
    const size_t n = (64u << 20) / sizeof(float);
    const size_t bytes = n * sizeof(float);
    const int reps = 20;
    float *h = (float *)malloc(bytes);
    for (size_t i = 0; i < n; ++i)
        h[i] = (float)(i % 1000);
    float *d;
    cudaMalloc(&d, bytes);
    cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice);
    double t0 = seconds();
    for (int r = 0; r < reps; ++r)
        cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice);
    double t1 = seconds();
    twice<<<(unsigned)((n + 255) / 256), 256>>>(d, n);
    cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost);
    double t2 = seconds();
    for (int r = 0; r < reps; ++r)
        cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost);
    double t3 = seconds();
    printf("upload bandwidth %.1f GB/s\n", reps * bytes / (t1 - t0) / 1e9);
    printf("download bandwidth %.1f GB/s\n", reps * bytes / (t3 - t2) / 1e9);
    double s = 0;
    for (size_t i = 0; i < n; i += 97)
        s += h[i];
    printf("RESULT %.1f\n", s);
    cudaFree(d);
    free(h);
    return 0;
}
