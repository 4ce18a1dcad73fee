// case: a helper ending in a blocking download, called in an arm of ?: that the run skips (skip is 1)
// expect: the download stays in run_step: its call runs on some evaluations of the statement only (report: kept)
// trap: moved below the statement into main, the download would always run and overwrite the host-only h[3] = 5 (RESULT 296 instead of 300)
#include <cstdio>
#include <cstdlib>
__global__ void k(int *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] += 10;
}
static long busy(int m) { long s = 0; for (int i = 0; i < m; i++) s += i % 7; return s; }
static void run_step(int *h, int *d, int n)
{
    k<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
}
int main(int argc, char **argv)
{
    const int n = 1024;
    int *h = (int *)malloc(n * sizeof(int));
    int *d;
    for (int i = 0; i < n; i++) h[i] = 1;
    cudaMalloc(&d, n * sizeof(int));
    cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
    h[3] = 5;                       /* host-only change, d still holds 1 */
    int skip = argc < 5;            /* 1 when run with no arguments */
    skip ? (void)0 : run_step(h, d, n);
    long r = busy(100);
    r += h[3];                      /* 5 when run_step was skipped */
    printf("RESULT %ld\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
