// case: GSOHC Fig. 10(a): the copy passes a whole independent loop nest, and its data is first used inside the body of a following loop
// expect: "cudaMemcpy(h_u, d_u, bytes, cudaMemcpyDeviceToHost);" moves past the whole independent loop nest "for (int r = 0; r < 4; ++r) { ... }" to just before the dependent loop "for (int row = 0; row < rows; ++row) {"; it is never moved into that loop's body
// trap: moving below the dependent loop makes usum sum the -1 sentinels; moving into its body (before "usum += ...") would repeat the 4 MiB copy once per row (64 copies, same RESULT, much slower)
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
    const int rows = 64;
    const int cols = 1 << 14;
    const int n = rows * cols;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_u = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_u[i] = -1.0f;
        h_w[i] = (i % 50) * 0.5;
    }
    float *d_u;
    cudaMalloc(&d_u, bytes);

    long long usum = 0;
    double wsum = 0.0;

    produce<<<blocks, threads>>>(d_u, n, 2);

    for (int r = 0; r < 4; ++r) {
        for (int i = 0; i < n; ++i)
            wsum += h_w[i] * r;
    }

    cudaMemcpy(h_u, d_u, bytes, cudaMemcpyDeviceToHost);
    for (int row = 0; row < rows; ++row) {
        double weight = h_w[row] + 1.0;
        wsum += weight;
        for (int c = 0; c < cols; ++c)
            usum += (long long)h_u[row * cols + c] * (row % 3 + 1);
    }

    printf("RESULT %lld %.1f\n", usum, wsum);
    free(h_u);
    free(h_w);
    cudaFree(d_u);
    return 0;
}
