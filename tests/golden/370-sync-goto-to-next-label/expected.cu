// case: a download, host work, then goto done; with the label done: right after it, where the buffer is read
// expect: the download stays before the goto: the report names it
// trap: the goto was passed as if it fell through: the copy went in before the label, after the goto, where it never runs
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
__global__ void produce(float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = (float)(i % 100) + 1.0f;
}
int main() {
    const int n = 1024;
    const size_t bytes = n * sizeof(float);
    float *h_u = (float *)malloc(bytes);
    for (int i = 0; i < n; ++i) h_u[i] = -1.0f;
    float *d_u;
    cudaMalloc(&d_u, bytes);
    double wsum = 0.0;
    long long usum = 0;
    produce<<<(n + 255) / 256, 256>>>(d_u, n);
    for (int i = 0; i < n; ++i) wsum += i * 0.5;
    cudaMemcpy(h_u, d_u, bytes, cudaMemcpyDeviceToHost);
    goto done;
done:
    for (int i = 0; i < n; ++i) usum += (long long)h_u[i];
    printf("RESULT %lld %.1f\n", usum, wsum);
    free(h_u); cudaFree(d_u);
    return 0;
}
