// case: a download before a helper that reads it after host work, called with a line comment holding a comma between its arguments
// expect: the download moves into the helper naming the helper's parameter that holds the caller's n
// trap: naming the parameter one place off (m for n): 2 floats copied, not 4096
#include <cstdio>
#include <cstdlib>
__global__ void k(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] = (float)(i % 13) + 1.0f;
}
static long busy(int m) { long s = 0; for (int i = 0; i < m; i++) s += i % 7; return s; }
static double consume(float *h, float *d, int m, int n)
{
    double s = busy(100000);
    for (int i = 0; i < m; i++) s += h[i] * n;
    return s;
}
int main()
{
    int n = 4096, m = 2;
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) h[i] = 0.0f;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    k<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = consume(h, d,   // buffers,
                       n, m);
    printf("RESULT %.1f\n", s);
    cudaFree(d);
    free(h);
    return 0;
}
