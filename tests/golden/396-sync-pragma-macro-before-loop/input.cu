// case: a download, host work, then PARFOR (a macro expanding to _Pragma("omp parallel for ...")) before the loop that reads the buffer
// expect: the download moves past busy() and is inserted before PARFOR, not between the pragma and its for loop
// trap: inserted after PARFOR, the pragma would apply to the cudaMemcpy: with -fopenmp the file does not compile
#include <cstdio>
#include <cstdlib>
#define PARFOR _Pragma("omp parallel for reduction(+:r)")
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
    PARFOR
    for (int i = 0; i < 8; i++) r += h[i];
    printf("RESULT %ld\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
