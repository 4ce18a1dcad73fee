// case: template <class T> get(T *h, T *d, int n) launches and ends with cudaMemcpy(h, d, n * sizeof(T), D2H); main calls get(h, d, 64), then host work
// expect: the download stays in get(): its text names T, which main() does not have
// trap: the instantiation's cursors said float: moved into main, sizeof(T) did not compile (or, with a global typedef T, meant another size)
#include <cstdio>
__global__ void k(float *d) { d[threadIdx.x] = threadIdx.x; }
static double busy(int k) { double s = 0; for (int i = 0; i < k; i++) s += i; return s; }
template <class T> static void get(T *h, T *d, int n)
{
    k<<<1, 64>>>(d);
    cudaMemcpy(h, d, n * sizeof(T), cudaMemcpyDeviceToHost);
}
int main()
{
    float *h = new float[64](), *d;
    cudaMalloc(&d, 64 * sizeof(float));
    get(h, d, 64);
    double r = busy(100);
    for (int i = 0; i < 64; i++) r += h[i];
    printf("RESULT %.1f\n", r);
    return 0;
}
