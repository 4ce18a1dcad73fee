// case: the copied data is used in the cases of a switch that follows independent host work
// expect: "cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" moves past the host-work loop ("hw += h_w[i] * 0.5;") to just before "switch (mode) {"; it is not moved into any case
// trap: a copy moved below the switch would make the taken case (mode 1) sum -1 sentinels
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

int main(int argc, char **argv)
{
    (void)argv;
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;
    const int mode = argc % 3;

    float *h_out = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_out[i] = -1.0f;
        h_w[i] = (i % 211) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, bytes);

    long long sum = 0;
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_out, n, 45);
    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    switch (mode) {
    case 0:
        for (int i = 0; i < n; ++i)
            sum += (long long)h_out[i];
        break;
    case 1:
        for (int i = 0; i < n; ++i)
            sum += 3 * (long long)h_out[i];
        break;
    default:
        sum = (long long)h_out[0];
        break;
    }

    printf("RESULT %lld %.1f mode=%d\n", sum, hw, mode);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
