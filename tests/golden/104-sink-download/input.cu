// case: download sunk to the loop exit: each iteration launches a kernel on d_x and downloads d_x into h_x, but nothing in the loop reads h_x (the host works on h_w only)
// expect: "cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);" (line 33) sinks out of the loop to just after its closing brace, before "long long s = 0;" (line 39); the loop's single exit is the normal one (steps is the constant 10); bytes saved: 9 * bytes
// trap: dropping the download instead of sinking it leaves h_x at its initial values; sinking it above the last launch gives the state of step 8
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void step(int *x, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 5 + i + t) % 1013;
}

int main()
{
    const int n = 1 << 12;
    const int steps = 10;
    const size_t bytes = n * sizeof(int);
    int *h_x = (int *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_x[i] = i % 17;
        h_w[i] = (i % 9) * 0.25;
    }
    int *d_x;
    cudaMalloc(&d_x, bytes);
    cudaMemcpy(d_x, h_x, bytes, cudaMemcpyHostToDevice);

    double hw = 0.0;
    for (int t = 0; t < steps; ++t) {
        step<<<(n + 255) / 256, 256>>>(d_x, n, t);
        cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
        for (int i = 0; i < n; i += 64)
            h_w[i] = h_w[i] * 0.5 + t;
        hw += h_w[t * 64];
    }

    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 11 + 1);
    printf("RESULT %lld %.3f\n", s, hw);
    cudaFree(d_x);
    free(h_x);
    free(h_w);
    return 0;
}
