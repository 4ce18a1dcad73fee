// case: no device work pending: in main, a blocking H2D copy runs before any kernel launch or async operation, followed by independent host work
// expect: no move: "cudaMemcpy(d_in, h_in, bytes, cudaMemcpyHostToDevice);" stays put (nothing can be pending at it in main); the later "cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" is directly followed by its use and does not move either
// trap: a tool ignoring the pending-work rule would move the first copy past the host-work loop to just before the launch (a spurious edit, RESULT unchanged); moving it below "scale<<<blocks, threads>>>(d_out, d_in, n);" would make the kernel read uninitialised d_in and change sum
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void scale(float *out, const float *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 3.0f * in[i] + 1.0f;
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_in = (float *)malloc(bytes);
    float *h_out = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_in[i] = (float)(i % 21);
        h_out[i] = -1.0f;
        h_w[i] = (i % 229) * 1.0;
    }
    float *d_in, *d_out;
    cudaMalloc(&d_in, bytes);
    cudaMalloc(&d_out, bytes);

    long long sum = 0;
    double hw = 0.0;

    cudaMemcpy(d_in, h_in, bytes, cudaMemcpyHostToDevice);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.5;

    scale<<<blocks, threads>>>(d_out, d_in, n);
    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        sum += (long long)h_out[i];

    printf("RESULT %lld %.1f\n", sum, hw);
    free(h_in);
    free(h_out);
    free(h_w);
    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
