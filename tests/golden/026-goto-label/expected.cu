// case: label trap: inside a loop body, a goto before the copy jumps forward to a label after the host work (round 1 keeps its data on the device)
// expect: in the loop body, "cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" moves past the host-work loop ("hw += h_w[i] * 0.5;") to just before the label "merge:" and no further
// trap: a copy moved below "merge:" would also run on the goto path in round 1, so h_out would end with round-1 data and osum would change
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void produce(float *out, int n, int salt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = (i + salt * 31) % 1000;
        for (int k = 0; k < 64; ++k)
            v = (v * 17 + 11) % 1009;
        out[i] = (float)(v % 100);
    }
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_out = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_out[i] = -1.0f;
        h_w[i] = (i % 107) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, bytes);

    long long osum = 0;
    double hw = 0.0;
    int rounds = 0;

    for (int round = 0; round < 2; ++round) {
        produce<<<blocks, threads>>>(d_out, n, 26 + round);
        if (round == 1)
            goto merge;
        for (int i = 0; i < n; ++i)
            hw += h_w[i] * 0.5;
    cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
    merge:
        rounds += 1;
    }

    for (int i = 0; i < n; ++i)
        osum += (long long)h_out[i];

    printf("RESULT %lld %.1f %d\n", osum, hw, rounds);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
