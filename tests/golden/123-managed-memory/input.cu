// case: must never: managed memory: each iteration copies h_w into the managed buffer m (cudaMemcpy, HostToDevice), a kernel reads m, and after a sync the host writes m[...] directly (the host and device see the same managed buffer)
// expect: "cudaMemcpy(m, h_w, bytes, cudaMemcpyHostToDevice);" (line 30) stays in the loop: "m[t * 7] += 100;" (line 33) is a host write of the copy's destination, which is managed memory; the download of m after the loop (line 35) stays (no copy of managed memory is assumed redundant without the same host-write tracking)
// trap: hoisting the copy (h_w never changes, and the kernel only reads m) lets the host's writes to m accumulate into later iterations' input
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void acc(int *x, const int *w, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 3 + w[i]) % 100003;
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_w = (int *)malloc(bytes);
    int *h_x = (int *)malloc(bytes);
    int *h_out = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i)
        h_w[i] = (i * 5) % 29;
    int *m, *d_x;
    cudaMallocManaged(&m, bytes);
    cudaMalloc(&d_x, bytes);
    cudaMemset(d_x, 0, bytes);

    for (int t = 0; t < 6; ++t) {
        cudaMemcpy(m, h_w, bytes, cudaMemcpyHostToDevice);
        acc<<<(n + 255) / 256, 256>>>(d_x, m, n);
        cudaDeviceSynchronize();
        m[t * 7] += 100;
    }
    cudaMemcpy(h_out, m, bytes, cudaMemcpyDeviceToHost);

    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    long long s = 0, so = 0;
    for (int i = 0; i < n; ++i) {
        s += (long long)h_x[i] * (i % 7 + 1);
        so += (long long)h_out[i] * (i % 3 + 1);
    }
    printf("RESULT %lld %lld\n", s, so);
    cudaFree(m);
    cudaFree(d_x);
    free(h_w);
    free(h_x);
    free(h_out);
    return 0;
}
