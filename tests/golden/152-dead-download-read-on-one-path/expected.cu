// case: copies around every kernel, twice per iteration, as in 151, but the host reads h_x between the two on one path (t == 3)
// expect: the first download (line 31) stays: on the path through the read at line 33 nothing writes h_x again before it is read; the uploads at lines 29 and 34 still go (d_x already holds those bytes), and neither download leaves the loop: each uses h_x the other writes
// trap: removing the first download would let the read at line 33 see the previous iteration's h_x; RESULT's probe changes
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

    long long probe = 0;
    for (int t = 0; t < steps; ++t) {
        mix<<<(n + 255) / 256, 256>>>(d_x, n, t);
        cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
        if (t == 3)
            probe += h_x[t * 7];
        mix<<<(n + 255) / 256, 256>>>(d_x, n, t + 100);
        cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    }

    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 11 + 1);
    printf("RESULT %lld %lld\n", s, probe);
    cudaFree(d_x);
    free(h_x);
    return 0;
}
