// case: cudaStreamSynchronize(0) and cudaStreamSynchronize(nullptr) wait for the legacy default stream, like a blocking copy
// expect: no change: after the stream syncs no device work is in flight, so moving cudaFree past free() or the print overlaps nothing; the syncs themselves stay before the host reads h_out
// trap: a sync pass that does not see the null stream as the default stream believes the kernel still runs at cudaFree and moves it for nothing (a line users review that buys no overlap)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void square(int *out, const int *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * in[i];
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_in = (int *)malloc(bytes);
    int *h_out;
    cudaMallocHost(&h_out, bytes);
    for (int i = 0; i < n; ++i)
        h_in[i] = i % 97;
    int *d_in, *d_out;
    cudaMalloc(&d_in, bytes);
    cudaMalloc(&d_out, bytes);
    cudaMemcpy(d_in, h_in, bytes, cudaMemcpyHostToDevice);
    square<<<(n + 255) / 256, 256>>>(d_out, d_in, n);
    cudaMemcpyAsync(h_out, d_out, bytes, cudaMemcpyDeviceToHost, 0);
    cudaStreamSynchronize(0);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_out[i] * (i % 7 + 1);
    square<<<(n + 255) / 256, 256>>>(d_out, d_out, n);
    cudaMemcpyAsync(h_out, d_out, bytes, cudaMemcpyDeviceToHost, nullptr);
    cudaStreamSynchronize(nullptr);
    long long t = 0;
    for (int i = 0; i < n; ++i)
        t += h_out[i] % 1013;
    cudaFree(d_in);
    cudaFree(d_out);
    free(h_in);
    printf("RESULT %lld %lld\n", s, t);
    cudaFreeHost(h_out);
    return 0;
}
