// case: a method ending with its download, called as o.run(h, d, n)
// expect: kept in the method: its parameters and the call's arguments are not mapped (this comes first)
// trap: writing cudaMemcpy(d, n, ...) into main: each parameter took the next argument
#include <cstdio>
#include <cstdlib>
__global__ void k(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] = (float)(i % 13) + 1.0f;
}
static long busy(int m) { long s = 0; for (int i = 0; i < m; i++) s += i % 7; return s; }
struct Obj {
    void run(float *h, float *d, int n)
    {
        k<<<(n + 255) / 256, 256>>>(d, n);
        cudaMemcpy(h, d, 4096 * sizeof(float), cudaMemcpyDeviceToHost);
    }
};
int main(int argc, char **argv)
{
    int n = 4096;
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) h[i] = 0.0f;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    Obj o;
    o.run(h, d, n);
    long r = busy(100000);
    double s = 0;
    for (int i = 0; i < n; i++) s += h[i];
    printf("RESULT %.1f r=%ld\n", s, r);
    cudaFree(d);
    free(h);
    return 0;
}
