// case: setp<<<>>>(d_w) stores d_w into the __device__ pointer g_p; bumpg<<<>>> then writes d_w's buffer through g_p, between two uploads of h_w
// expect: the second upload stays
// trap: the launch's pointer argument was not seen to reach g_p: the re-upload looked redundant and went
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
__global__ void apply(int *o, const int *w, int n, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) o[i] = (w[i] * k + i) % 1009;
}
__device__ int *g_p;
__global__ void setp(int *p) { g_p = p; }
__global__ void bumpg(int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) g_p[i] += 7; }
int main()
{
    const int n = 1024;
    const size_t bytes = n * sizeof(int);
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
    setp<<<1, 1>>>(d_w);
    bumpg<<<4, 256>>>(n);
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
