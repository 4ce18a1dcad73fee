// case: redundant re-upload: h_w goes up to d_w, a kernel reads it, the host reads (never writes) h_w, and h_w is uploaded to d_w again before a second kernel reads it
// expect: the second "cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);" (line 37) is removed: d_w already holds h_w's version from line 27; the host only reads h_w (the loop summing hw) and writes h_o, and neither kernel writes d_w; the first upload and both downloads stay
// trap: if the first upload were the one removed, apply reads uninitialised d_w; the downloads of d_o are needed because apply writes d_o each time
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void apply(int *o, const int *w, int n, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        o[i] = (w[i] * k + i) % 1009;
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_w = (int *)malloc(bytes);
    int *h_o = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i)
        h_w[i] = (i * 31) % 101;
    int *d_w, *d_o;
    cudaMalloc(&d_w, bytes);
    cudaMalloc(&d_o, bytes);

    cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);
    apply<<<(n + 255) / 256, 256>>>(d_o, d_w, n, 3);
    cudaMemcpy(h_o, d_o, bytes, cudaMemcpyDeviceToHost);
    long long s1 = 0, hw = 0;
    for (int i = 0; i < n; ++i) {
        s1 += h_o[i];
        hw += h_w[i] * (i & 7);
        h_o[i] = 0;
    }

    apply<<<(n + 255) / 256, 256>>>(d_o, d_w, n, 11);
    cudaMemcpy(h_o, d_o, bytes, cudaMemcpyDeviceToHost);
    long long s2 = 0;
    for (int i = 0; i < n; ++i)
        s2 += (long long)h_o[i] * (i % 3 + 1);

    printf("RESULT %lld %lld %lld\n", s1, s2, hw);
    cudaFree(d_w);
    cudaFree(d_o);
    free(h_w);
    free(h_o);
    return 0;
}
