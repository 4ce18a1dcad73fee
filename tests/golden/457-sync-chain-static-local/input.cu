// case: a helper's download could climb to the caller's caller, but the middle function keeps a static local and has another call site that gains nothing
// expect: kept in the helper: the middle function would need a clone, which would split its static local
// trap: moving the download to the end of the middle function, where it overlaps nothing
// step()'s download leaves for mid(), whose end gains nothing; mid() keeps it (no clone: static local)
#include <cstdio>
#include <cstdlib>
__global__ void k(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] = (float)(i % 13) + 1.0f;
}
static long busy(int m) { long s = 0; for (int i = 0; i < m; i++) s += i % 7; return s; }
static int calls;
static void step(float *h, float *d, int n)
{
    k<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}
static void mid(float *h, float *d, int n)
{
    static int seen = 0;
    seen++;
    calls = seen;
    step(h, d, n);
}
int main(int argc, char **argv)
{
    int n = 4096;
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) h[i] = 0.0f;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    mid(h, d, n);
    long r = busy(100000);
    double s = 0;
    for (int i = 0; i < n; i++) s += h[i];
    if (argc > 0)
        mid(h, d, n);
    s += h[2];
    printf("RESULT %.1f r=%ld calls=%d\n", s, r, calls);
    cudaFree(d);
    free(h);
    return 0;
}
