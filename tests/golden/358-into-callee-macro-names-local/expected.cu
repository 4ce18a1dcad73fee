// case: main's blocking download uses NB, #defined as (n * sizeof(float)) of main's n, right before a call of fetch(), which declares its own n and does host work before it reads the buffer
// expect: the download stays in main, the report naming the variable inside the macro's body
// trap: moved into fetch(), NB named fetch()'s own n: another byte count
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
#define NB (n * sizeof(float))
static double fetch(float *res, float *dev, int cnt)
{
    int n = 8;
    double s = busy(1000);
    for (int i = 0; i < cnt; i += 512)
        s += res[i] + res[i + 100] + n;
    return s;
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
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, NB, cudaMemcpyDeviceToHost);
    r += fetch(h, d, n);
    printf("RESULT %.3f\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
