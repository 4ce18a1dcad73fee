// case: a helper that ends with its download, called with a line comment holding a comma between its arguments
// expect: the download leaves the helper naming the caller's own arguments, each parameter the argument the call gives it
// trap: splitting the arguments at the comment's comma: the size became the argument before it (13 floats copied, not 4096)
#include <cstdio>
#include <cstdlib>
__global__ void k(float *d, int n, int w)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] = (float)(i % w) + 1.0f;
}
static long busy(int m) { long s = 0; for (int i = 0; i < m; i++) s += i % 7; return s; }
static void step(float *h, float *d, int w, int n)
{
    k<<<(n + 255) / 256, 256>>>(d, n, w);
}
int main()
{
    int n = 4096, w = 13;
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) h[i] = 0.0f;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    step(h, d,   // buffers,
         w, n);
    long r = busy(100000);
    double s = 0;
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) s += h[i];
    printf("RESULT %.1f r=%ld\n", s, r);
    cudaFree(d);
    free(h);
    return 0;
}
