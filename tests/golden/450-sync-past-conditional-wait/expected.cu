// case: a kernel, then (void)(debug ? cudaDeviceSynchronize() : cudaGetLastError()), then a plain cudaDeviceSynchronize
// expect: the plain sync moves past the host loop: the conditional one may not have waited, so the work is still in flight
// trap: 'no device work is in flight' after the conditional sync
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void produce(int *z, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        z[i] = (i * 7 + t) % 1009;
}

int main(int argc, char **argv)
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    bool debug = argc > 5;
    int *h_z;
    cudaHostAlloc(&h_z, bytes, cudaHostAllocMapped);
    int *d_z;
    cudaHostGetDevicePointer(&d_z, h_z, 0);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_z[i] = -1;
        h_w[i] = i % 11;
    }
    produce<<<(n + 255) / 256, 256>>>(d_z, n, 3);
    (void)(debug ? cudaDeviceSynchronize() : cudaGetLastError());
    double hw = 0;
    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 2.0;
    long long s = 0;
    cudaDeviceSynchronize();
    for (int i = 0; i < n; ++i)
        s += h_z[i];
    printf("RESULT %lld %.1f\n", s, hw);
    cudaFreeHost(h_z);
    free(h_w);
    return 0;
}
