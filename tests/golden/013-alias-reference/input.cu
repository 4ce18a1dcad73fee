// case: alias trap through a C++ reference: count_ref is bound to the copy's destination (h_count) before the copy
// expect: "cudaMemcpy(&h_count, d_count, sizeof(int), cudaMemcpyDeviceToHost);" moves past the host-work loop ("hw += h_w[i] * 1.25;") to just before "checked = 3LL * count_ref;"
// trap: count_ref refers to h_count; a copy moved below that statement would read the -1 sentinel and change checked
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void count_large(int *count, int n, int salt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = (i + salt * 31) % 1000;
        for (int k = 0; k < 64; ++k)
            v = (v * 17 + 11) % 1009;
        if (v % 100 >= 50)
            atomicAdd(count, 1);
    }
}

int main()
{
    const int n = 1 << 20;
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    int h_count = -1;
    int &count_ref = h_count;
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i)
        h_w[i] = (i % 31) * 1.0;
    int *d_count;
    cudaMalloc(&d_count, sizeof(int));
    cudaMemset(d_count, 0, sizeof(int));

    long long checked = 0;
    double hw = 0.0;

    count_large<<<blocks, threads>>>(d_count, n, 13);
    cudaMemcpy(&h_count, d_count, sizeof(int), cudaMemcpyDeviceToHost);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 1.25;

    checked = 3LL * count_ref;

    printf("RESULT %lld %.2f\n", checked, hw);
    free(h_w);
    cudaFree(d_count);
    return 0;
}
