// case: get(h, d, BIG) with enum { BIG = 300 } passed for an unsigned char parameter n (44); get() downloads n floats
// expect: the download stays in get(): BIG changes its value as get() takes it
// trap: an enum was no arithmetic type to the conversion check: moved into main, (BIG) copied 300 floats
#include <cstdio>
__global__ void k(float *d) { d[threadIdx.x] = threadIdx.x; }
static double busy(int k) { double s = 0; for (int i = 0; i < k; i++) s += i; return s; }
static void get(float *h, float *d, unsigned char n)
{
    k<<<1, 320>>>(d);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}
enum { BIG = 300 };
int main()
{
    float *h = new float[320](), *d;
    cudaMalloc(&d, 320 * sizeof(float));
    get(h, d, BIG);
    double r = busy(100);
    for (int i = 0; i < 320; i++) r += h[i];
    printf("RESULT %.1f\n", r);
    return 0;
}
