// case: main's download reads ps->d, a member named like main's variable d, which main passes to the helper
// expect: the member stays d where the sync moves into the helper
// trap: the member was renamed with the variable: s->dd did not compile
#include <cstdio>
struct Dev { float *d; };
__global__ void k(float *d) { d[threadIdx.x] = threadIdx.x; }
static double busy(int k) { double s = 0; for (int i = 0; i < k; i++) s += i; return s; }
static double use(float *h, Dev *s, float *dd)
{
    double r = busy(100);
    for (int i = 0; i < 64; i++) r += h[i];
    return r + (dd != s->d);
}
int main()
{
    float *h = new float[64](), *d;
    Dev dev, *ps = &dev;
    cudaMalloc(&d, 64 * sizeof(float));
    dev.d = d;
    k<<<1, 64>>>(d);
    cudaMemcpy(h, ps->d, 64 * sizeof(float), cudaMemcpyDeviceToHost);
    double r = use(h, ps, d);
    printf("RESULT %.1f\n", r);
    return 0;
}
