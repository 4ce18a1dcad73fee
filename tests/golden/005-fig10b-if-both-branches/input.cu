// case: GSOHC Fig. 10(b): the copied data is used in both branches of an if/else that follows independent host work
// expect: "cudaMemcpy(h_u, d_u, bytes, cudaMemcpyDeviceToHost);" moves past the host-work loop ("hsum += h_w[i] * 0.5;") to just before "if (mode == 0) {"; it is not duplicated into the branches
// trap: moving past the whole if/else makes either branch sum the -1 sentinels; duplicating the copy into both branches is wrong even though RESULT would match
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
    const int mode = (argc > 1) ? 1 : 0;

    float *h_u = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_u[i] = -1.0f;
        h_w[i] = (i % 41) * 1.0;
    }
    float *d_u;
    cudaMalloc(&d_u, bytes);

    long long usum = 0;
    double hsum = 0.0;

    produce<<<blocks, threads>>>(d_u, n, 4);
    cudaMemcpy(h_u, d_u, bytes, cudaMemcpyDeviceToHost);

    for (int i = 0; i < n; ++i)
        hsum += h_w[i] * 0.5;

    if (mode == 0) {
        for (int i = 0; i < n; i += 2)
            usum += (long long)h_u[i];
    } else {
        for (int i = 1; i < n; i += 2)
            usum += 2 * (long long)h_u[i];
    }
    usum += (long long)h_u[n - 1];

    printf("RESULT %lld %.1f\n", usum, hsum);
    free(h_u);
    free(h_w);
    cudaFree(d_u);
    return 0;
}
