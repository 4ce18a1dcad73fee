// case: a helper downloads, then dynamic_cast<Der &>(rb), which throws std::bad_cast; main catches it and reads h[3]
// expect: the download stops before the cast: a cast to a reference may throw
// trap: moved past the cast, the catch would read a stale h[3] (1001 instead of 1011)
#include <cstdio>
#include <cstdlib>
#include <string>
#include <stdexcept>
#include <typeinfo>
__global__ void k(int *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] += 10;
}
static long busy(int m) { long s = 0; for (int i = 0; i < m; i++) s += i % 7; return s; }
struct Base { virtual ~Base() {} }; struct Der : Base { int x = 1; };
static long work(int *h, int *d, int n, int sel)
{
    k<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    long s = busy(100);
    Base b; Base &rb = b;
    s += dynamic_cast<Der &>(rb).x;
    return s + h[3];
}
int main(int argc, char **argv)
{
    const int n = 1024;
    int *h = (int *)malloc(n * sizeof(int));
    int *d;
    for (int i = 0; i < n; i++) h[i] = 1;
    cudaMalloc(&d, n * sizeof(int));
    cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
    long r;
    try {
        r = work(h, d, n, argc);
    } catch (const std::bad_cast &) {
        r = 1000 + h[3];
    }
    printf("RESULT %ld\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
