// case: a download followed by host work and int row[h[2]]: a variable-length array sized by the downloaded buffer
// expect: the download moves down past busy() and stops before line 20: the array's size reads h
// trap: moved past the VLA declaration, the array would be sized by the stale h[2] (RESULT 296 instead of 306)
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
    long r = busy(100);
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    int row[h[2]];                  /* 11 ints: reads the downloaded h[2] */
    r += (long)(sizeof row / sizeof row[0]);
    printf("RESULT %ld\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
