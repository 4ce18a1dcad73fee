// case: positive: async H2D copy, kernel and async D2H copy on a stream (pinned buffers), then cudaStreamSynchronize and independent host work
// expect: "cudaStreamSynchronize(stream);" moves past the host-work loop ("hw += h_w[i] * 0.5;") to just before the loop "for (int i = 0; i < n; ++i) sum += (long long)h_out[i];"
// trap: h_out is written by the pending cudaMemcpyAsync; a sync moved below the sum loop would read -1 sentinels
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

// how long each thread spins: long enough on a GPU for the trap to show;
// the CPU oracle (tests/oracle.test) builds with a small value
#ifndef SPIN
#define SPIN 200000
#endif

__global__ void square_plus(float *out, const float *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = i % 1000;
        for (int k = 0; k < SPIN; ++k)
            v = (v * 17 + 11) % 1009;
        float x = in[i] + (float)(v % 2);
        out[i] = x * x + 1.0f;
    }
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    cudaStream_t stream;
    cudaStreamCreate(&stream);
    float *h_in, *h_out;
    cudaMallocHost(&h_in, bytes);
    cudaMallocHost(&h_out, bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_in[i] = (float)(i % 10);
        h_out[i] = -1.0f;
        h_w[i] = (i % 163) * 1.0;
    }
    float *d_in, *d_out;
    cudaMalloc(&d_in, bytes);
    cudaMalloc(&d_out, bytes);

    long long sum = 0;
    double hw = 0.0;

    cudaMemcpyAsync(d_in, h_in, bytes, cudaMemcpyHostToDevice, stream);
    square_plus<<<blocks, threads, 0, stream>>>(d_out, d_in, n);
    cudaMemcpyAsync(h_out, d_out, bytes, cudaMemcpyDeviceToHost, stream);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    cudaStreamSynchronize(stream);
    for (int i = 0; i < n; ++i) sum += (long long)h_out[i];

    printf("RESULT %lld %.1f\n", sum, hw);
    free(h_w);
    cudaFreeHost(h_in);
    cudaFreeHost(h_out);
    cudaStreamDestroy(stream);
    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
