// wrong: the copies taken out of a loop that exits beside a printing kernel; upload, launch of a kernel that prints, download, in a loop that calls exit(0) at t == 3; RESULT is the kernel's printed lines
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
    cudaMemcpy(d_x, h_x, 64 * sizeof(int), cudaMemcpyHostToDevice);
    for (int t = 0; t < 8; ++t) {
        report<<<1, 32>>>(d_x, t);
        if (t == 3)
            exit(0);
    }
    cudaMemcpy(h_x, d_x, 64 * sizeof(int), cudaMemcpyDeviceToHost);
    printf("RESULT end %d\n", h_x[0]);
    return 0;
}
