// case: a download, host work, then CHECK(h[3] == 11) with #define CHECK(x) assert(x), analysed with -DNDEBUG
// expect: the download stops before CHECK: a macro of the file naming assert differs between configurations too
// trap: moved past it, the build without NDEBUG would abort on the stale h[3]
#include <cassert>
#include <cstdio>
#include <cstdlib>
__global__ void k(int *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] += 10;
}
static long busy(int m) { long s = 0; for (int i = 0; i < m; i++) s += i % 7; return s; }
#define CHECK(x) assert(x)
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
    CHECK(h[3] == 11);
    r += busy(10);
    printf("RESULT %ld\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
