// case: peek(h) is defined twice, under #ifdef ALT (it reads h[3]) and #else (it does not); main's download comes before r += peek(h)
// expect: the download stays before the call: the report names peek, whose definition differs between configurations
// trap: this parse sees the #else definition, which reads nothing: under -DALT the moved download came after the read
#include <cstdio>
#include <cstdlib>
__global__ void scale(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = d[i] * 2.0f + 1.0f;
}
static double busy(int k)
{
    double s = 0;
    for (int i = 0; i < k; i++)
        s += i * 0.5;
    return s;
}
static void step(float *h, float *d, int n)
{
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}
#ifdef ALT
static double peek(float *h) { return h[3]; }
#else
static double peek(float *h) { return 0.5; }
#endif
int main()
{
    int n = 1 << 12;
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++)
        h[i] = -7.0f;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemset(d, 0, n * sizeof(float));
    double r = 0;
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    r += peek(h);
    r += busy(1000);
    r += h[4];
    printf("RESULT %.3f\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
