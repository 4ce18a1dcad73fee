// case: must never: the upload's size grows each iteration (m doubles) while its source h_src never changes; the kernel reads the whole device buffer, whose tail still holds the -1 the first upload did not cover
// expect: "cudaMemcpy(d_x, h_src, m * sizeof(int), cudaMemcpyHostToDevice);" (line 32) stays in the loop: its size m (line 31) changes each iteration, and no single copy before the loop gives every iteration its bytes (the first would cover too little, the last too much)
// trap: hoisting the first iteration's copy (m = 256) makes every later count see only 256 values; hoisting the full copy makes the first iterations see all of them; sums[] changes either way
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void count(const int *x, int n, int *sums, int it)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && x[i] >= 0)
        atomicAdd(&sums[it], x[i] % 7 + 1);
}

int main()
{
    const int n = 1 << 12;
    int *h_src = (int *)malloc(n * sizeof(int));
    int *h_neg = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; ++i) {
        h_src[i] = (i * 13) % 97;
        h_neg[i] = -1;
    }
    int *d_x, *d_sums;
    cudaMalloc(&d_x, n * sizeof(int));
    cudaMalloc(&d_sums, 8 * sizeof(int));
    cudaMemcpy(d_x, h_neg, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_sums, 0, 8 * sizeof(int));

    int it = 0;
    for (int m = 256; m <= n; m *= 2) {
        cudaMemcpy(d_x, h_src, m * sizeof(int), cudaMemcpyHostToDevice);
        count<<<(n + 255) / 256, 256>>>(d_x, n, d_sums, it);
        ++it;
    }

    int sums[8] = {0};
    cudaMemcpy(sums, d_sums, 8 * sizeof(int), cudaMemcpyDeviceToHost);
    printf("RESULT %d %d %d %d %d %d\n", it, sums[0], sums[1], sums[2], sums[3], sums[4]);
    cudaFree(d_x);
    cudaFree(d_sums);
    free(h_src);
    free(h_neg);
    return 0;
}
