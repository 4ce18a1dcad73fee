// case: a copy whose status initialises a declaration ("cudaError_t cerr = cudaMemcpy(...)") and is checked after independent host work
// expect: "cudaError_t cerr = cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" moves as one unit past the host-work loop ("hw += h_w[i] * 0.5;") to just before "if (cerr != cudaSuccess) {"
// trap: moving it below the check would not compile (cerr used before its declaration); a copy below the sum loop would add -1 sentinels
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void produce(float *out, int n, int salt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = (i + salt * 31) % 1000;
        for (int k = 0; k < 64; ++k)
            v = (v * 17 + 11) % 1009;
        out[i] = (float)(v % 100);
    }
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_out = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_out[i] = -1.0f;
        h_w[i] = (i % 277) * 1.0;
    }
    float *d_out;
    if (cudaMalloc(&d_out, bytes) != cudaSuccess) {
        fprintf(stderr, "cudaMalloc failed\n");
        return 1;
    }

    long long sum = 0;
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_out, n, 57);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    cudaError_t cerr = cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
    if (cerr != cudaSuccess) {
        fprintf(stderr, "cudaMemcpy: %s\n", cudaGetErrorString(cerr));
        return 1;
    }
    for (int i = 0; i < n; ++i)
        sum += (long long)h_out[i];

    printf("RESULT %lld %.1f\n", sum, hw);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
