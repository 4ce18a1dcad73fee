// case: a convergence loop, while (k < maxit && err > tol), uploads the same weights every iteration and downloads the error it tests
// expect: "cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);" (line 24) is hoisted before the loop (line 23) under "if (k < maxit && err > tol)", the loop's first test, which reads no call and writes nothing; the download of err (line 26) stays: the loop reads err; bytes saved: (iterations - 1) * bytes
// trap: the hoisted upload must sit under the loop's first test (expected.cu holds it); sinking the download of err would leave err at 1.0 and run the loop to maxit, and RESULT would change
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
__global__ void step(const float *w, float *x, float *err, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { float o = x[i]; x[i] = 0.5f * x[i] + w[i]; if (i == 0) *err = x[i] - o; }
}
int main()
{
    const int n = 1024;
    size_t bytes = n * sizeof(float);
    float *h_w = (float *)malloc(bytes), *h_x = (float *)malloc(bytes);
    for (int i = 0; i < n; ++i) { h_w[i] = (float)(i % 7); h_x[i] = 1.0f; }
    float *d_w, *d_x, *d_e;
    cudaMalloc(&d_w, bytes); cudaMalloc(&d_x, bytes); cudaMalloc(&d_e, sizeof(float));
    cudaMemcpy(d_x, h_x, bytes, cudaMemcpyHostToDevice);
    int k = 0, maxit = 100;
    float err = 1.0f, tol = 1e-3f;
    while (k < maxit && err > tol) {
        cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);
        step<<<(n + 255) / 256, 256>>>(d_w, d_x, d_e, n);
        err = err < 0 ? -err : err;
        k++;
    }
    cudaMemcpy(&err, d_e, sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    printf("RESULT %d %.4f\n", k, h_x[5]);
    return 0;
}
