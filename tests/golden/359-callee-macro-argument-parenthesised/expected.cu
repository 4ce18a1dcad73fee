// case: step(h, d, CNT) with #define CNT n - 1000: the download at step()'s end leaves it for main, spelled with the call's argument
// expect: the moved copy reads (CNT) * sizeof(float): a macro's name is parenthesised like any expression
// trap: CNT looked like a variable's name and went in bare: CNT * sizeof(float) is n - 1000 * 4
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
#define CNT n - 1000
static void step(float *h, float *d, int n)
{
    scale<<<(n + 255) / 256, 256>>>(d, n);
}
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
    step(h, d, CNT);
    r += busy(1000);
    cudaMemcpy(h, d, (CNT) * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) r += h[i];
    printf("RESULT %.3f\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
