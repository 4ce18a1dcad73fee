// case: upload, launch of a kernel that prints, download, in a loop that calls exit(0) at t == 3; RESULT is the kernel's printed lines
// expect: no change: the upload (line 24) and the download (line 26) stay in the loop (line 23): it may end the program while a kernel that prints could still run
// trap: taking the copies out would leave nothing to wait for the kernel of the last iteration before exit, and its line may never be printed (the oracle's deferred mode runs it only at a sync)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void report(int *x, int t)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        x[0] += t;
        printf("RESULT step %d %d\n", t, x[0]);
    }
}

int main()
{
    int *h_x = (int *)malloc(64 * sizeof(int));
    for (int i = 0; i < 64; ++i)
        h_x[i] = i;
    int *d_x;
    cudaMalloc(&d_x, 64 * sizeof(int));
    for (int t = 0; t < 8; ++t) {
        cudaMemcpy(d_x, h_x, 64 * sizeof(int), cudaMemcpyHostToDevice);
        report<<<1, 32>>>(d_x, t);
        cudaMemcpy(h_x, d_x, 64 * sizeof(int), cudaMemcpyDeviceToHost);
        if (t == 3)
            exit(0);
    }
    printf("RESULT end %d\n", h_x[0]);
    return 0;
}
