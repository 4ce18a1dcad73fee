// case: a download, host work, then sizeof(int[h[2]]), the size of a variable-length array type
// expect: the download stops before the sizeof: a VLA type's size is evaluated and reads h
// trap: moved past it, sizeof would use the stale h[2] (299 instead of 339)
#include <alloca.h>
#include <vector>
#include <cstdio>
#include <cstdlib>
__global__ void k(int *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] += 10;
}
static long busy(int m) { long s = 0; for (int i = 0; i < m; i++) s += i % 7; return s; }
int main()
{
    const int n = 1024;
    int *h = (int *)malloc(n * sizeof(int));
    int *d;
    for (int i = 0; i < n; i++) h[i] = 1;
    cudaMalloc(&d, n * sizeof(int));
    cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
    k<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    long r = busy(100);
    r += (long)sizeof(int[h[2]]);
    printf("RESULT %ld\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
