// case: cudaFree(d_u); cudaFree(d_v); on one line after a launch, host work after them
// expect: both frees move down together, and their line goes
// trap: each cut took the blank between them: the edits overlapped and the file was left alone with an internal error
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void k(float *u, int n) { int i = threadIdx.x; if (i < n) u[i] = i; }

int main()
{
    float *d_u, *d_v;
    cudaMalloc(&d_u, 64 * sizeof(float));
    cudaMalloc(&d_v, 64 * sizeof(float));
    double *h = (double *)malloc(64);
    k<<<1, 64>>>(d_u, 64);
    cudaFree(d_u); cudaFree(d_v);
    free(h);
    printf("RESULT ok\n");
    return 0;
}
