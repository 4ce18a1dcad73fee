// case: CHECK-wrapped copy (CHECK prints and calls exit on error) followed by independent host work that produces no output
// expect: "CHECK(cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost));" moves past the host-work loop ("hw += h_w[i] * 0.5;") to just before the loop "for (int i = 0; i < n; ++i) sum += (long long)h_out[i];"
// trap: a copy moved below the sum loop would sum -1 sentinels
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call)                                                        \
    do {                                                                   \
        cudaError_t e_ = (call);                                           \
        if (e_ != cudaSuccess) {                                           \
            fprintf(stderr, "%s:%d: CUDA error: %s\n", __FILE__, __LINE__, \
                    cudaGetErrorString(e_));                               \
            exit(EXIT_FAILURE);                                            \
        }                                                                  \
    } while (0)

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
        h_w[i] = (i % 139) * 1.0;
    }
    float *d_out;
    CHECK(cudaMalloc(&d_out, bytes));

    long long sum = 0;
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_out, n, 32);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost));

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    for (int i = 0; i < n; ++i) sum += (long long)h_out[i];

    printf("RESULT %lld %.1f\n", sum, hw);
    free(h_out);
    free(h_w);
    CHECK(cudaFree(d_out));
    return 0;
}
