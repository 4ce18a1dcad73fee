// case: alias trap through a struct field: res.data holds the copy's destination pointer and is read after independent host work
// expect: "cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" moves past the host-work loop ("hw += h_w[i] * 2.0;") to just before the loop "for (int i = 0; i < res.count; ++i) rsum += (long long)res.data[i];"
// trap: res.data == h_out; a copy moved below the res.data loop would make rsum sum -1 sentinels
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

struct Result {
    float *data;
    int count;
};

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
        h_w[i] = (i % 13) * 1.0;
    }
    Result res;
    res.data = h_out;
    res.count = n;
    float *d_out;
    cudaMalloc(&d_out, bytes);

    long long rsum = 0;
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_out, n, 11);
    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 2.0;

    for (int i = 0; i < res.count; ++i) rsum += (long long)res.data[i];

    printf("RESULT %lld %.1f\n", rsum, hw);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
