// case: a helper that ends with its download, called with Tile<64, 64>::size as an argument
// expect: kept in the helper: the call's text does not tell its arguments apart
// trap: writing (Tile<64) * sizeof(float) into the caller, which nvcc rejects
#include <cstdio>
#include <cstdlib>
template <int A, int B> struct Tile { static const int size = A * B; };
__global__ void k(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] = (float)(i % 13) + 1.0f;
}
static long busy(int m) { long s = 0; for (int i = 0; i < m; i++) s += i % 7; return s; }
static void step(float *h, float *d, int n)
{
    k<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}
int main()
{
    const int n = Tile<64, 64>::size;
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) h[i] = 0.0f;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    step(h, d, Tile<64, 64>::size);
    long r = busy(100000);
    double s = 0;
    for (int i = 0; i < n; i++) s += h[i];
    printf("RESULT %.1f r=%ld\n", s, r);
    cudaFree(d);
    free(h);
    return 0;
}
