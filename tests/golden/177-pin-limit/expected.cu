// case: two 1 MiB buffers copied in a loop, each worth pinning, under --pin-limit=1536K
// expect: the first is pinned; the second stays pageable, its keep naming the cap and the bytes already pinned
// trap: none for the results; pinning both would pass the cap the user set
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void inc(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] += 1.0f;
}

int main()
{
    float *h_a = NULL;
    cudaMallocHost((void **)&h_a, 262144 * sizeof(float));
    float *h_b = (float *)malloc(262144 * sizeof(float));
    for (int i = 0; i < 262144; i++)
        h_a[i] = h_b[i] = (float)(i % 11);
    float *d_a, *d_b;
    cudaMalloc((void **)&d_a, 262144 * sizeof(float));
    cudaMalloc((void **)&d_b, 262144 * sizeof(float));
    for (int r = 0; r < 3; r++) {
        cudaMemcpy(d_a, h_a, 262144 * sizeof(float), cudaMemcpyHostToDevice);
        inc<<<1024, 256>>>(d_a, 262144);
        cudaMemcpy(h_a, d_a, 262144 * sizeof(float), cudaMemcpyDeviceToHost);
        cudaMemcpy(d_b, h_b, 262144 * sizeof(float), cudaMemcpyHostToDevice);
        inc<<<1024, 256>>>(d_b, 262144);
        cudaMemcpy(h_b, d_b, 262144 * sizeof(float), cudaMemcpyDeviceToHost);
    }
    double s = 0;
    for (int i = 0; i < 262144; i++)
        s += h_a[i] - 0.5 * h_b[i];
    printf("RESULT %.1f\n", s);
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFreeHost(h_a);
    free(h_b);
    return 0;
}
