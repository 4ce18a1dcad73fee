// case: a download before ACC(3), a macro of two statements (r += busy(10); r += h[3]), composed passes
// expect: one move, past busy(100), before ACC(3); the report says 1 move overlapping 1 statement (the macro's statements are passed all or none)
// trap: reported 4 moves (one per round) and 2 statements passed, though the sync stays before the macro
#include <cstdio>
#include <cstdlib>
__global__ void k(int *d, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] = d[i] * 3 + i + t;
}
static long busy(int m) { long s = 0; for (int i = 0; i < m; i++) s += i % 7; return s; }

#define ACC(i) r += busy(10); r += h[i]
int main()
{
    const int n = 1024;
    int *h = (int *)malloc(n * sizeof(int));
    int *h2 = (int *)malloc(n * sizeof(int));
    int *d;
    for (int i = 0; i < n; i++) { h[i] = 1; h2[i] = 2; }
    cudaMalloc(&d, n * sizeof(int));
    cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
    k<<<(n + 255) / 256, 256>>>(d, n, 1);
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    long r = busy(100);
    ACC(3);
    r += busy(10);
    printf("RESULT %ld\n", r);
    cudaFree(d); free(h); free(h2);
    return 0;
}
