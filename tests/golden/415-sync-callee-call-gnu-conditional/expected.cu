// case: a helper ending in a download, called as skip ?: run_i(h, d, n) (GNU's conditional, skip is 1)
// expect: the download stays in run_i(): the call runs on some evaluations of its statement only
// trap: moved out below the statement, the download would always run and overwrite the host-only h[3] (296 instead of 300)
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
static int run_i(int *h, int *d, int n)
{
    k<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    return 1;
}
static int use(int x) { return x + 1; }

int main(int argc, char **argv)
{
    const int n = 1024;
    int *h = (int *)malloc(n * sizeof(int));
    int *d;
    for (int i = 0; i < n; i++) h[i] = 1;
    cudaMalloc(&d, n * sizeof(int));
    cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
    h[3] = 5;
    int skip = argc < 5;
    long r = 0;
    skip ?: run_i(h, d, n);
    r += busy(100);
    r += h[3];
    printf("RESULT %ld\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
