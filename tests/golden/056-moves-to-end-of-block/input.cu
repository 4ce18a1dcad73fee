// case: positive: nothing after the sync in its block stops it, so it moves to the end of that block (just before the closing brace)
// expect: inside "if (refine) {", "cudaDeviceSynchronize();" moves past the host-work loop ("hw += h_w[i] * 0.5;") and "passes += 1;" to become the last statement of the block, just before its closing "}"; it does not leave the block; the later cudaMemcpy does not move
// trap: leaving the block would skip or duplicate the wait on the refine path; moving past the block's end into the following copy changes runtime-call order
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
    const int refine = (argc < 4);

    float *h_out = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_out[i] = -1.0f;
        h_w[i] = (i % 271) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, bytes);

    long long sum = 0;
    double hw = 0.0;
    int passes = 0;

    produce<<<blocks, threads>>>(d_out, n, 56);
    if (refine) {
        produce<<<blocks, threads>>>(d_out, n, 57);
        cudaDeviceSynchronize();
        for (int i = 0; i < n; ++i)
            hw += h_w[i] * 0.5;
        passes += 1;
    }
    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        sum += (long long)h_out[i];

    printf("RESULT %lld %.1f %d\n", sum, hw, passes);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
