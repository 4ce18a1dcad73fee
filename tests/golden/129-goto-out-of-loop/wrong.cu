// wrong: the download sunk after the loop
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void step(int *x, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 3 + (i ^ t)) % 1021;
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_x = (int *)malloc(bytes);
    int *h_bad = (int *)malloc(16 * sizeof(int));
    for (int t = 0; t < 16; ++t)
        h_bad[t] = t == 4;
    for (int i = 0; i < n; ++i)
        h_x[i] = i % 29;
    int *d_x;
    cudaMalloc(&d_x, bytes);
    cudaMemcpy(d_x, h_x, bytes, cudaMemcpyHostToDevice);
    long long s = 0;
    int t;

    for (t = 0; t < 16; ++t) {
        step<<<(n + 255) / 256, 256>>>(d_x, n, t);
        if (h_bad[t])
            goto failed;
    }
    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 5 + 1);
    printf("RESULT ok %lld %d\n", s, t);
    goto done;

failed:
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 9 + 1);
    printf("RESULT failed %lld %d\n", s, t);

done:
    cudaFree(d_x);
    free(h_x);
    free(h_bad);
    return 0;
}
