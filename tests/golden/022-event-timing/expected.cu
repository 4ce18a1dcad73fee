// case: CUDA event timing: cudaEventRecord around a kernel, cudaEventSynchronize(stop), independent host work, then cudaEventElapsedTime
// expect: "cudaEventSynchronize(stop);" moves past the host-work loop ("hw += h_w[i] * 0.5;") to just before "terr = cudaEventElapsedTime(&ms, start, stop);"; the later cudaMemcpy does not move (followed by its use)
// trap: if the event sync were moved below cudaEventElapsedTime, that call would run before "stop" completed and return cudaErrorNotReady, so timing_ok in RESULT becomes 0
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

// how long each thread spins: long enough on a GPU for the trap to show;
// the CPU oracle (tests/oracle.test) builds with a small value
#ifndef SPIN
#define SPIN 200000
#endif

__global__ void slow_produce(float *out, int n, int salt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = (i + salt * 31) % 1000;
        for (int k = 0; k < SPIN; ++k)
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
        h_w[i] = (i % 97) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, bytes);
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);

    long long sum = 0;
    double hw = 0.0;
    float ms = -1.0f;
    cudaError_t terr = cudaErrorUnknown;

    cudaEventRecord(start);
    slow_produce<<<blocks, threads>>>(d_out, n, 22);
    cudaEventRecord(stop);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    cudaEventSynchronize(stop);
    terr = cudaEventElapsedTime(&ms, start, stop);
    int timing_ok = (terr == cudaSuccess && ms > 0.0f) ? 1 : 0;
    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        sum += (long long)h_out[i];

    fprintf(stderr, "kernel: %.3f ms\n", ms);
    printf("RESULT %lld %.1f timing_ok=%d\n", sum, hw, timing_ok);
    free(h_out);
    free(h_w);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaFree(d_out);
    return 0;
}
