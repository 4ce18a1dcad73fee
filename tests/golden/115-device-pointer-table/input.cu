// case: must never: a table of device pointers (d_a, d_acc) is uploaded once; each iteration re-uploads h_a to d_a and launches a kernel that gets only the table, which updates d_a in place through tab[0] and accumulates into tab[1]
// expect: "cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);" (line 37) stays in the loop: bump<<<...>>>(d_tab, n, t) writes d_a through the uploaded pointer table (line 34); no launch in the loop names d_a
// trap: hoisting the upload lets the second iteration start from the first iteration's tab[0] values instead of h_a, changing d_acc
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void bump(int **tab, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int *a = tab[0];
        int *acc = tab[1];
        a[i] = (a[i] * 2 + t) % 1013;
        acc[i] += a[i];
    }
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_a = (int *)malloc(bytes);
    int *h_acc = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i)
        h_a[i] = (i * 11) % 83;
    int *d_a, *d_acc;
    cudaMalloc(&d_a, bytes);
    cudaMalloc(&d_acc, bytes);
    cudaMemset(d_acc, 0, bytes);
    int *h_tab[2] = {d_a, d_acc};
    int **d_tab;
    cudaMalloc(&d_tab, sizeof(h_tab));
    cudaMemcpy(d_tab, h_tab, sizeof(h_tab), cudaMemcpyHostToDevice);

    for (int t = 0; t < 6; ++t) {
        cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
        bump<<<(n + 255) / 256, 256>>>(d_tab, n, t);
    }

    cudaMemcpy(h_acc, d_acc, bytes, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_acc[i] * (i % 5 + 1);
    printf("RESULT %lld\n", s);
    cudaFree(d_tab);
    cudaFree(d_a);
    cudaFree(d_acc);
    free(h_a);
    free(h_acc);
    return 0;
}
