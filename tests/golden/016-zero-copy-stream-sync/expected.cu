// case: zero-copy trap: a long kernel on a stream writes a mapped pinned buffer (cudaHostAllocMapped); cudaStreamSynchronize; independent host work; the host reads the buffer
// expect: "cudaStreamSynchronize(stream);" moves past the host-work loop ("hw += h_w[i] * 2.0;") to just before the loop "for (int i = 0; i < n; ++i) zsum += (long long)h_zc[i];" (host read of a buffer the pending kernel writes)
// trap: no copy names h_zc, the kernel writes it directly; reading it before the stream sync sees unwritten -1 sentinels and changes zsum
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

    cudaStream_t stream;
    cudaStreamCreate(&stream);
    float *h_zc;
    cudaHostAlloc(&h_zc, bytes, cudaHostAllocMapped);
    float *d_zc;
    cudaHostGetDevicePointer(&d_zc, h_zc, 0);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_zc[i] = -1.0f;
        h_w[i] = (i % 47) * 1.0;
    }

    long long zsum = 0;
    double hw = 0.0;

    slow_produce<<<blocks, threads, 0, stream>>>(d_zc, n, 16);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 2.0;

    cudaStreamSynchronize(stream);
    for (int i = 0; i < n; ++i) zsum += (long long)h_zc[i];

    printf("RESULT %lld %.1f\n", zsum, hw);
    free(h_w);
    cudaStreamDestroy(stream);
    cudaFreeHost(h_zc);
    return 0;
}
