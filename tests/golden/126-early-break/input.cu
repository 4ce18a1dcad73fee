// case: must never: early break between a download and the loop exit: each iteration launches step on d_x, leaves the loop at t == stop (read from data: 5), and otherwise downloads d_x into h_x, which the loop does not read
// expect: "cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);" (line 34) stays in the loop: on the break path (line 33) h_x must hold the state of the iteration before the break, which d_x no longer holds at either exit
// trap: sinking the download to the loop's exits gives h_x the state after step 5 instead of step 4
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void step(int *x, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 5 + i + t) % 1013;
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_x = (int *)malloc(bytes);
    int *h_cfg = (int *)malloc(4 * sizeof(int));
    h_cfg[0] = 5;
    for (int i = 0; i < n; ++i)
        h_x[i] = i % 17;
    int stop = h_cfg[0];
    int *d_x;
    cudaMalloc(&d_x, bytes);
    cudaMemcpy(d_x, h_x, bytes, cudaMemcpyHostToDevice);

    int t;
    for (t = 0; t < 20; ++t) {
        step<<<(n + 255) / 256, 256>>>(d_x, n, t);
        if (t == stop)
            break;
        cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    }

    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 11 + 1);
    printf("RESULT %lld %d\n", s, t);
    cudaFree(d_x);
    free(h_x);
    free(h_cfg);
    return 0;
}
