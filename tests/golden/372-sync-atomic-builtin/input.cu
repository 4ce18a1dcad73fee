// case: after the download, the host reads h[3] with __atomic_load_n(&h[3], __ATOMIC_ACQUIRE)
// expect: the download stays before the atomic load: code cuflow cannot see
// trap: clang shows the builtin as no call: its pointer argument's memory was taken to be untouched and the copy moved past it
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
__global__ void produce(int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = i % 100 + 1;
}
int main() {
    const int n = 1024;
    const size_t bytes = n * sizeof(int);
    int *h = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i) h[i] = -1;
    int *d;
    cudaMalloc(&d, bytes);
    double wsum = 0.0;
    produce<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) wsum += i * 0.5;
    int v = __atomic_load_n(&h[3], __ATOMIC_ACQUIRE);
    printf("RESULT %d %.1f\n", v, wsum);
    free(h); cudaFree(d);
    return 0;
}
