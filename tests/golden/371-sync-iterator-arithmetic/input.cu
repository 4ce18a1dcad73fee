// case: auto last = hv.end() - 1; taken before the download into hv.data(); *last read after host work
// expect: the download moves down to the read of *last, not past it
// trap: the iterator arithmetic worked on a temporary that held nothing (the result of hv.end()), so *last read no memory the copy writes and the copy moved past it
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
__global__ void produce(float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = (float)(i % 100) + 1.0f;
}
int main() {
    const int n = 1024;
    const size_t bytes = n * sizeof(float);
    std::vector<float> hv(n, -1.0f);
    auto last = hv.end() - 1;
    float *d_u;
    cudaMalloc(&d_u, bytes);
    double wsum = 0.0;
    produce<<<(n + 255) / 256, 256>>>(d_u, n);
    cudaMemcpy(hv.data(), d_u, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) wsum += i * 0.5;
    float lastval = *last;
    printf("RESULT %.1f %.1f\n", lastval, wsum);
    cudaFree(d_u);
    return 0;
}
