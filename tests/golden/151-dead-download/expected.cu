// case: copies around every kernel (the naive baseline of OmpMemOpt): each step uploads h_x, runs one kernel and downloads h_x, twice per iteration; the host reads h_x only after the loop
// expect: the first download "cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);" (line 30) goes: nothing reads h_x before the download at line 34 writes the same bytes again; the uploads at lines 28 and 32 go: d_x already holds those bytes (from line 25 or the previous iteration's download, and from line 30); the download at line 34 sinks out of the loop (line 27)
// trap: keeping the upload at line 32 while the download at line 30 goes would upload stale h_x; removing the last download would leave h_x stale
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void mix(int *x, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 5 + t + (i & 7)) % 4093;
}

int main()
{
    const int n = 1 << 12;
    const int steps = 6;
    size_t bytes = n * sizeof(int);
    int *h_x = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i)
        h_x[i] = i % 31;
    int *d_x;
    cudaMalloc(&d_x, bytes);
    cudaMemcpy(d_x, h_x, bytes, cudaMemcpyHostToDevice);

    for (int t = 0; t < steps; ++t) {
        mix<<<(n + 255) / 256, 256>>>(d_x, n, t);

        mix<<<(n + 255) / 256, 256>>>(d_x, n, t + 100);
    }
    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);

    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 11 + 1);
    printf("RESULT %lld\n", s);
    cudaFree(d_x);
    free(h_x);
    return 0;
}
