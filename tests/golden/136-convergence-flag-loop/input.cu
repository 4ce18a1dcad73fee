// case: must never: the BFS/Rodinia convergence loop: each iteration sets the scalar h_changed = 0, uploads it, lets the kernels set the device flag, and downloads it for the loop condition
// expect: both copies stay in the loop: "cudaMemcpy(d_changed, &h_changed, sizeof(int), cudaMemcpyHostToDevice);" (line 47) follows the host's scalar write "h_changed = 0;" (line 46) and relax writes *d_changed; "cudaMemcpy(&h_changed, d_changed, sizeof(int), cudaMemcpyDeviceToHost);" (line 50) is read by the loop condition (line 52); the download of d_dist after the loop stays
// trap: hoisting the flag's upload never clears the device flag, so the loop runs to its cap of 2000 iterations (iters in RESULT); sinking the flag's download ends it after one iteration
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void relax(int *next, const int *dist, int n, int *changed)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int d = dist[i];
        if (i > 0 && dist[i - 1] + 1 < d)
            d = dist[i - 1] + 1;
        if (i < n - 1 && dist[i + 1] + 1 < d)
            d = dist[i + 1] + 1;
        next[i] = d;
        if (d != dist[i])
            *changed = 1;
    }
}

__global__ void commit(int *dist, const int *next, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        dist[i] = next[i];
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_dist = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i)
        h_dist[i] = (i % 512 == 100) ? 0 : 1000000;
    int *d_dist, *d_next, *d_changed;
    cudaMalloc(&d_dist, bytes);
    cudaMalloc(&d_next, bytes);
    cudaMalloc(&d_changed, sizeof(int));
    cudaMemcpy(d_dist, h_dist, bytes, cudaMemcpyHostToDevice);

    int h_changed;
    int iters = 0;
    do {
        h_changed = 0;
        cudaMemcpy(d_changed, &h_changed, sizeof(int), cudaMemcpyHostToDevice);
        relax<<<(n + 255) / 256, 256>>>(d_next, d_dist, n, d_changed);
        commit<<<(n + 255) / 256, 256>>>(d_dist, d_next, n);
        cudaMemcpy(&h_changed, d_changed, sizeof(int), cudaMemcpyDeviceToHost);
        ++iters;
    } while (h_changed && iters < 2000);

    cudaMemcpy(h_dist, d_dist, bytes, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_dist[i] * (i % 3 + 1);
    printf("RESULT %lld %d\n", s, iters);
    cudaFree(d_dist);
    cudaFree(d_next);
    cudaFree(d_changed);
    free(h_dist);
    return 0;
}
