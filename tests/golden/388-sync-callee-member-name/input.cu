// case: a helper's parameter is named d and its download reads d->d (member d of struct Dev)
// expect: the download moves to main with the parameter replaced and the member kept: pd->d
// trap: every token d was replaced, the member too: pd->pd did not compile
#include <cstdio>
struct Dev { float *d; };
__global__ void k(float *d) { d[threadIdx.x] = threadIdx.x; }
static double busy(int k) { double s = 0; for (int i = 0; i < k; i++) s += i; return s; }
static void get(float *h, Dev *d)
{
    k<<<1, 64>>>(d->d);
    cudaMemcpy(h, d->d, 64 * sizeof(float), cudaMemcpyDeviceToHost);
}
int main()
{
    float *h = new float[64]();
    Dev dev, *pd = &dev;
    cudaMalloc(&dev.d, 64 * sizeof(float));
    get(h, pd);
    double r = busy(100);
    for (int i = 0; i < 64; i++) r += h[i];
    printf("RESULT %.1f\n", r);
    return 0;
}
