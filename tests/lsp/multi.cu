// lsp fixture: several moves in one file, for "applying every quick fix gives
// what cuflow -i gives": a group of two copies, a copy in a loop body, a sync
// that moves to the end of an if block (with its comment), and a second
// function with its own move.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void produce(float *out, int n, int salt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = (float)((i + salt * 31) % 100);
}

static double helper(float *h, float *d, const double *w, int n, size_t bytes)
{
    double hw = 0.0;
    produce<<<(n + 255) / 256, 256>>>(d, n, 7);
    cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost); // the copy back
    for (int i = 0; i < n; ++i)
        hw += w[i] * 3.0;
    for (int i = 0; i < n; ++i)
        hw += h[i];
    return hw;
}

int main(int argc, char **argv)
{
    (void)argv;
    const int n = 1 << 16;
    const size_t bytes = n * sizeof(float);
    float *h_lo = (float *)malloc(bytes), *h_hi = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i)
        h_w[i] = (i % 173) * 1.0;
    float *d_lo, *d_hi;
    cudaMalloc(&d_lo, bytes);
    cudaMalloc(&d_hi, bytes);
    double hw = 0.0;
    long long sum = 0;

    produce<<<n / 256, 256>>>(d_lo, n, 1);
    produce<<<n / 256, 256>>>(d_hi, n, 2);
    cudaMemcpy(h_lo, d_lo, bytes, cudaMemcpyDeviceToHost);
    cudaMemcpy(h_hi, d_hi, bytes, cudaMemcpyDeviceToHost);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    for (int i = 0; i < n; ++i)
        sum += (long long)h_lo[i] + (long long)h_hi[i];

    for (int step = 0; step < 3; ++step) {
	produce<<<n / 256, 256>>>(d_lo, n, step);
	cudaMemcpy(h_lo, d_lo, bytes, cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; ++i)
	    hw += h_w[i] * step;
	sum += (long long)h_lo[step];
    }

    if (argc < 4) {
        produce<<<n / 256, 256>>>(d_hi, n, 9);
        // wait for the refinement
        cudaDeviceSynchronize();
        for (int i = 0; i < n; ++i)
            hw += h_w[i] * 0.25;
    }

    hw += helper(h_lo, d_lo, h_w, n, bytes);
    printf("RESULT %lld %.1f\n", sum, hw);
    free(h_lo);
    free(h_hi);
    free(h_w);
    cudaFree(d_lo);
    cudaFree(d_hi);
    return 0;
}
