// case: loop-invariant upload through std::vector::data(): the host vector h_in is filled before the loop and only read by the copy in it
// expect: "cudaMemcpy(d_in, h_in.data(), n * sizeof(float), cudaMemcpyHostToDevice);" (line 27) is hoisted to just before the loop (line 26); the download into h_out.data() stays, since the loop reads h_out; bytes saved: 7 * n * sizeof(float)
// trap: data() is a call in the copy's arguments: it reads h_in, so a loop that wrote h_in (or resized it) would keep the copy (case 140)
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
    cudaMemcpy(d_in, h_in.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    for (int t = 0; t < steps; ++t) {
        scale<<<(n + 255) / 256, 256>>>(d_in, d_out, n, 0.5f + t);
        cudaMemcpy(h_out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
        sum += h_out[t * 7];
    }
    printf("RESULT %.3f\n", sum);
    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
