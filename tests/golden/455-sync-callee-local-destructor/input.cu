// case: a helper ending with its download holds a local whose destructor reads the downloaded buffer
// expect: kept in the helper: the local's destructor runs at the return, after the sync
// trap: moving the download into main, after the destructor read h[5] (seen=0.0, not 6.0)
#include <cstdio>
#include <cstdlib>
__global__ void k(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] = (float)(i % 13) + 1.0f;
}
static long busy(int m) { long s = 0; for (int i = 0; i < m; i++) s += i % 7; return s; }
static double g_seen = 0;
struct Peek {
    float *p;
    ~Peek() { g_seen += p[5]; }
};
static void step(float *h, float *d, int n)
{
    Peek pk{h};
    k<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}
int main()
{
    const int n = 4096;
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) h[i] = 0.0f;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    step(h, d, n);
    long r = busy(100000);
    double s = 0;
    for (int i = 0; i < n; i++) s += h[i];
    printf("RESULT %.1f seen=%.1f r=%ld\n", s, g_seen, r);
    cudaFree(d);
    free(h);
    return 0;
}
