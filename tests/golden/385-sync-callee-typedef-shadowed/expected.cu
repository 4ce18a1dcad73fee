// case: a helper's download copies n * sizeof(real) with the global typedef float real; main declares its own typedef double real
// expect: the download stays in the helper: main() declares types of its own
// trap: only variable names were checked: moved into main, sizeof(real) was a double's and the copy twice as long
#include <cstdio>
typedef float real;
__global__ void k(real *d) { d[threadIdx.x] = threadIdx.x; }
static double busy(int k) { double s = 0; for (int i = 0; i < k; i++) s += i; return s; }
static void get(real *h, real *d, int n)
{
    k<<<1, 64>>>(d);
    cudaMemcpy(h, d, n * sizeof(real), cudaMemcpyDeviceToHost);
}
int main()
{
    typedef double real;
    float *h = new float[64](), *d;
    cudaMalloc(&d, 64 * sizeof(float));
    get(h, d, 32);
    real r = busy(100);
    for (int i = 0; i < 64; i++) r += h[i];
    printf("RESULT %.1f\n", r);
    return 0;
}
