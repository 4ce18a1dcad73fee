// case: the issue's 3.4x loop: each iteration uploads h_x to d_x, launches a kernel that updates d_x in place (reading the constant d_c), and downloads d_x back to h_x; the host does not touch h_x in the loop
// expect: "cudaMemcpy(d_x, h_x, bytes, cudaMemcpyHostToDevice);" (line 33) is hoisted to just before "for (int t = 0; t < steps; ++t)" (line 32) and "cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);" (line 35) sinks to just after the loop; from the second iteration on the upload is redundant (d_x already holds h_x's version from the download) and the download's destination is not read in the loop; steps is the constant 16, so no guard; bytes saved: 15 * bytes each way
// trap: hoisting the download or sinking the upload (the wrong direction) loses every step's result; keeping only one of the two copies in the loop is still correct but misses the point
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void update(int *x, const int *c, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 3 + c[i] * t + 1) % 1009;
}

int main()
{
    const int n = 1 << 12;
    const int steps = 16;
    const size_t bytes = n * sizeof(int);
    int *h_x = (int *)malloc(bytes);
    int *h_c = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i) {
        h_x[i] = i % 31;
        h_c[i] = (i * 7) % 19;
    }
    int *d_x, *d_c;
    cudaMalloc(&d_x, bytes);
    cudaMalloc(&d_c, bytes);
    cudaMemcpy(d_c, h_c, bytes, cudaMemcpyHostToDevice);

    long long host = 0;
    cudaMemcpy(d_x, h_x, bytes, cudaMemcpyHostToDevice);
    for (int t = 0; t < steps; ++t) {
        update<<<(n + 255) / 256, 256>>>(d_x, d_c, n, t);
        for (int k = 0; k < 1000; ++k)
            host += (k * t) % 7;
    }
    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);

    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 9 + 1);
    printf("RESULT %lld %lld\n", s, host);
    cudaFree(d_x);
    cudaFree(d_c);
    free(h_x);
    free(h_c);
    return 0;
}
