// case: step() ends with the blocking download cudaMemcpy(h, d, BYTES, ...), where the macro BYTES is (n * sizeof(float)) of step()'s parameter n; main calls step(h, d, m) with m half of its own n, then does host work
// expect: the download stays in step(), the report naming the variable inside the macro's body
// trap: moved to main, the text BYTES named main's n: the copy wrote twice the bytes (the move replaces only the parameter names it sees written)
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
#define BYTES (n * sizeof(float))
static void step(float *h, float *d, int n)
{
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, BYTES, cudaMemcpyDeviceToHost);
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
    int m = n / 2;
    step(h, d, m);
    r += busy(1000);
    r += h[4] + h[m + 3];
    printf("RESULT %.3f\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
