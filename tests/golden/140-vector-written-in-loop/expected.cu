// case: an upload through std::vector::data() of a vector the loop writes: h_in[(t + 1) * 7] changes every iteration
// expect: no change: "h_in[(t + 1) * 7] = 2.0f * t;" (line 31) writes h_in, which the upload reads, so both copies stay in the loop
// trap: hoisting the upload would send h_in once, before the writes: the kernel would read stale values and RESULT changes
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

__global__ void scale(const float *in, float *out, int n, float s)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * s;
}

int main()
{
    const int n = 1 << 12;
    const int steps = 8;
    std::vector<float> h_in(n), h_out(n);
    for (int i = 0; i < n; ++i)
        h_in[i] = (float)(i % 17);
    float *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, n * sizeof(float));
    double sum = 0.0;
    for (int t = 0; t < steps; ++t) {
        cudaMemcpy(d_in, h_in.data(), n * sizeof(float), cudaMemcpyHostToDevice);
        scale<<<(n + 255) / 256, 256>>>(d_in, d_out, n, 0.5f + t);
        cudaMemcpy(h_out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
        sum += h_out[t * 7];
        h_in[(t + 1) * 7] = 2.0f * t;
    }
    printf("RESULT %.3f\n", sum);
    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
