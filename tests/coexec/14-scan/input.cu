// An inclusive scan in three kernels: each block scans its part and writes
// its total, one block scans the totals, each block adds its offset.
#include <cstdio>
#include <cstdlib>
#define B 256

__global__ void blockscan(const int *in, int *out, int *sums, int n)
{
    __shared__ int s[B];
    int i = blockIdx.x * B + threadIdx.x;
    s[threadIdx.x] = i < n ? in[i] : 0;
    __syncthreads();
    for (int d = 1; d < B; d *= 2) {
        int v = threadIdx.x >= d ? s[threadIdx.x - d] : 0;
        __syncthreads();
        s[threadIdx.x] += v;
        __syncthreads();
    }
    if (i < n)
        out[i] = s[threadIdx.x];
    if (threadIdx.x == B - 1)
        sums[blockIdx.x] = s[B - 1];
}

__global__ void scansums(int *sums, int m)
{
    if (threadIdx.x == 0)
        for (int b = 1; b < m; b++)
            sums[b] += sums[b - 1];
}

__global__ void addoffset(int *out, const int *sums, int n)
{
    int i = blockIdx.x * B + threadIdx.x;
    if (blockIdx.x > 0 && i < n)
        out[i] += sums[blockIdx.x - 1];
}

int main(int argc, char **argv)
{
    const int n = argc > 1 && atoi(argv[1]) > 0 ? atoi(argv[1]) * 1000 : 1 << 20, m = (n + B - 1) / B;
    int *in = (int *)malloc(n * sizeof(int)), *out = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        in[i] = (i * 7) % 13 - 6;
    int *din, *dout, *dsums;
    cudaMalloc(&din, n * sizeof(int));
    cudaMalloc(&dout, n * sizeof(int));
    cudaMalloc(&dsums, m * sizeof(int));
    cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice);
    blockscan<<<m, B>>>(din, dout, dsums, n);
    scansums<<<1, 32>>>(dsums, m);
    addoffset<<<m, B>>>(dout, dsums, n);
    cudaMemcpy(out, dout, n * sizeof(int), cudaMemcpyDeviceToHost);
    int bad = 0;
    long long run = 0;
    for (int i = 0; i < n; i++) {
        run += in[i];
        bad += out[i] != run;
    }
    printf("RESULT scan n=%d bad=%d last=%d\n", n, bad, out[n - 1]);
    return 0;
}
