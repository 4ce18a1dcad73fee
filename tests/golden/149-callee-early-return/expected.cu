// case: callee to caller with an early return: step() uploads h to d, launches, and returns before its download on odd steps; main calls it in a loop
// expect: no change: the upload "cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);" (line 17) and the download (line 21) stay in step(): it has a return, so its download does not run on every call
// trap: promoting the copies and taking them out of the loop would upload once and download once, where the original re-uploads the stale h_x after each odd step; RESULT changes
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void advance(int *x, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 7 + (i ^ t)) % 1021;
}

static void step(int *h, int *d, int n, int t)
{
    cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
    advance<<<(n + 255) / 256, 256>>>(d, n, t);
    if (t % 2)
        return;
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
}

int main()
{
    const int n = 1 << 12;
    const int steps = 12;
    int *h_x = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; ++i)
        h_x[i] = i % 23;
    int *d_x;
    cudaMalloc(&d_x, n * sizeof(int));

    for (int t = 0; t < steps; ++t) {
        step(h_x, d_x, n, t);
    }

    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 13 + 1);
    printf("RESULT %lld\n", s);
    cudaFree(d_x);
    free(h_x);
    return 0;
}
