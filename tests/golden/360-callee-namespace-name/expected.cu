// case: ns::step() ends with a download from buf, which inside namespace ns is ns::buf; main, outside it, has a global buf too
// expect: the download stays in ns::step(), the report naming ns::buf
// trap: moved to main, the text buf named the global ::buf: another buffer
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
static float *buf;
namespace ns {
static float *buf;
static void step(float *h, int n)
{
    scale<<<(n + 255) / 256, 256>>>(buf, n);
    cudaMemcpy(h, buf, n * sizeof(float), cudaMemcpyDeviceToHost);
}
}
int main()
{
    int n = 1 << 12;
    float *h = (float *)malloc(n * sizeof(float));
    cudaMalloc(&buf, n * sizeof(float));
    cudaMalloc(&ns::buf, n * sizeof(float));
    cudaMemset(buf, 0, n * sizeof(float));
    cudaMemset(ns::buf, 0, n * sizeof(float));
    ns::step(h, n);
    double r = busy(1000);
    r += h[3];
    printf("RESULT %.3f\n", r);
    return 0;
}
