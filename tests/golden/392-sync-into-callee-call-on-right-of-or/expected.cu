// case: a blocking download before a statement whose only call, consume(h, ...), is on the right of || and skipped (skip is 1)
// expect: the download is not moved into consume: the call may not run
// trap: moved into consume(), the download would never run and h[3] would stay 1 (RESULT 1 instead of 11)
#include <cstdio>
#include <cstdlib>
__global__ void k(int *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] += 10;
}
static long busy(int m) { long s = 0; for (int i = 0; i < m; i++) s += i % 7; return s; }
static long consume(int *h, int *d, int n, int m)
{
    long s = busy(m) + (d != 0) + n;
    return s + h[3];
}
int main(int argc, char **argv)
{
    const int n = 1024;
    int *h = (int *)malloc(n * sizeof(int));
    int *d;
    for (int i = 0; i < n; i++) h[i] = 1;
    cudaMalloc(&d, n * sizeof(int));
    cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
    int skip = argc < 5;            /* 1 when run with no arguments */
    long r = 0;
    k<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    skip || (r = consume(h, d, n, 100));
    r += h[3];                      /* 11 */
    printf("RESULT %ld\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
