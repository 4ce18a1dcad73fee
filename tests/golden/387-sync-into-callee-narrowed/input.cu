// case: main's double m = 2.5 is passed to a helper's int m; the download before the call copies (int)(m * 16) floats
// expect: the download does not move into the helper: m is another value there (2, not 2.5)
// trap: moved into the helper, the size was 32 floats instead of 40
#include <cstdio>
__global__ void k(float *d) { d[threadIdx.x] = threadIdx.x + 1; }
static double busy(int k) { double s = 0; for (int i = 0; i < k; i++) s += i; return s; }
static double use(float *h, float *d, int m)
{
    double s = busy(100);
    for (int i = 0; i < 64; i++) s += h[i];
    return s + m;
}
int main()
{
    float *h = new float[64](), *d;
    cudaMalloc(&d, 64 * sizeof(float));
    double m = 2.5;
    k<<<1, 64>>>(d);
    cudaMemcpy(h, d, (int)(m * 16) * sizeof(float), cudaMemcpyDeviceToHost);
    double r = use(h, d, m);
    printf("RESULT %.1f\n", r);
    return 0;
}
