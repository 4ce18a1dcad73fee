// case: alias trap through std::vector::data(): the copy writes out.data() and the host later reads out[i]; host work uses a different vector
// expect: "cudaMemcpy(out.data(), d_out, bytes, cudaMemcpyDeviceToHost);" moves past the host-work loop over the independent vector weights ("hw += weights[i] * 1.5;") to just before the loop "for (int i = 0; i < n; ++i) vsum += (long long)out[i];"
// trap: out[i] reads the buffer written through out.data(); a copy moved below that loop would make vsum sum -1 sentinels
#include <cstdio>
#include <vector>
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
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    std::vector<float> out(n, -1.0f);
    std::vector<double> weights(n);
    for (int i = 0; i < n; ++i)
        weights[i] = (i % 43) * 1.0;
    float *d_out;
    cudaMalloc(&d_out, bytes);

    long long vsum = 0;
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_out, n, 14);
    cudaMemcpy(out.data(), d_out, bytes, cudaMemcpyDeviceToHost);

    for (int i = 0; i < n; ++i)
        hw += weights[i] * 1.5;

    for (int i = 0; i < n; ++i) vsum += (long long)out[i];

    printf("RESULT %lld %.1f\n", vsum, hw);
    cudaFree(d_out);
    return 0;
}
