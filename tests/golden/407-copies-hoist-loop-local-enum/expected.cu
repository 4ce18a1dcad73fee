// case: an upload in a loop sized by HALF, an enumerator the loop body declares (enum { HALF = 128 }), shadowing an outer one
// expect: the upload stays in its loop: it names an enumerator where its function declares types of its own
// trap: hoisted above the loop, HALF would be the outer one and copy other bytes
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

__global__ void acc(long long *out, const int *w, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] += (long long)w[i] * (t + 1);
}

int main(int argc, char **argv)
{
    const int n = 256;
    const size_t bytes = n * sizeof(int);
    int *h_w = (int *)malloc(bytes);
    long long *h_o = (long long *)malloc(n * sizeof(long long));
    for (int i = 0; i < n; ++i)
        h_w[i] = i % 17 + 1;
    int *d_w;
    long long *d_o;
    cudaMalloc(&d_w, bytes);
    cudaMalloc(&d_o, n * sizeof(long long));
    cudaMemset(d_o, 0, n * sizeof(long long));
    cudaMemset(d_w, 0, bytes);
    enum { HALF = 64 };
    for (int t = 0; t < 4; ++t) {
        enum { HALF = 128 };
        cudaMemcpy(d_w, h_w, HALF * sizeof(int), cudaMemcpyHostToDevice);
        acc<<<(n + 127) / 128, 128>>>(d_o, d_w, n, t);
    }
    cudaMemcpy(h_o, d_o, n * sizeof(long long), cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += h_o[i] * (i % 5 + 1);
    printf("RESULT %lld\n", s);
    cudaFree(d_w);
    cudaFree(d_o);
    free(h_o);
    return 0;
}
