// case: trap on the copy's size argument: the host later writes the variable that the copy's byte count is computed from
// expect: "cudaMemcpy(h_out, d_out, count * sizeof(float), cudaMemcpyDeviceToHost);" moves past the host-work loop ("hw += h_w[i] * 3.0;") to just before "count = n / 2;"
// trap: a copy moved below "count = n / 2;" would copy only the first half; the second half keeps the -1 sentinels and total changes
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

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
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;
    size_t count = n;

    float *h_out = (float *)malloc(n * sizeof(float));
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_out[i] = -1.0f;
        h_w[i] = (i % 23) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, n * sizeof(float));

    long long head = 0;
    long long total = 0;
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_out, n, 9);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 3.0;

    cudaMemcpy(h_out, d_out, count * sizeof(float), cudaMemcpyDeviceToHost);
    count = n / 2;
    for (size_t i = 0; i < count; ++i)
        head += (long long)h_out[i];
    for (int i = 0; i < n; ++i)
        total += (long long)h_out[i];

    printf("RESULT %lld %lld %.1f\n", head, total, hw);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
