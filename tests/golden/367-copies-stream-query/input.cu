// case: a redundant upload after a launch is the wait before if (cudaStreamQuery(0) == cudaSuccess)
// expect: nothing changes: the query's answer depends on what device work still runs, which removing the copy or putting a sync in its place changes (the H200 printed another RESULT for the sync)
// trap: removed outright, the query could see the kernel still running (deferred runs differ)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cstring>
#include <algorithm>
__global__ void apply(int *o, const int *w, int n, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) o[i] = (w[i] * k + i) % 1009;
}
__global__ void mark(int *m, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) m[i] = i % 13; }
int main()
{
    const int n = 1024;
    size_t bytes = n * sizeof(int);
    int *h_w = (int *)malloc(bytes);
    int *h_o = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i) h_w[i] = (i * 31) % 101;
    int *d_w, *d_o;
    cudaMalloc(&d_w, bytes);
    cudaMalloc(&d_o, bytes);
    cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);
    apply<<<4, 256>>>(d_o, d_w, n, 3);
    cudaMemcpy(h_o, d_o, bytes, cudaMemcpyDeviceToHost);
    long long s1 = 0;
    for (int i = 0; i < n; ++i) s1 += h_o[i];
    int *d_m; cudaMalloc(&d_m, bytes);
    mark<<<4, 256>>>(d_m, n);
    cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);
    if (cudaStreamQuery(0) == cudaSuccess) s1 += 1000;
    cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);
    apply<<<4, 256>>>(d_o, d_w, n, 11);
    cudaMemcpy(h_o, d_o, bytes, cudaMemcpyDeviceToHost);
    long long s2 = 0;
    for (int i = 0; i < n; ++i) s2 += (long long)h_o[i] * (i % 3 + 1);
    printf("RESULT %lld %lld\n", s1, s2);
    cudaFree(d_w); cudaFree(d_o);
    free(h_w); free(h_o);
    return 0;
}
