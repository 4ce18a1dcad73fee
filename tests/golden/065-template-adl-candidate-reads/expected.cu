// case: a template calls emit(v) by a dependent name; the emit it binds to is found by argument-dependent lookup, declared after the template, and reads the host buffer the download fills (through a global pointer)
// expect: "cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost);" passes the independent loop and stops before `report(app::Tag{3});`
// trap: the candidates visible where the template is defined (only ::emit(int), which touches nothing) miss app::emit; moving the download past report() would read stale data
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

namespace app {
struct Tag {
    int id;
};
}
float *g_host;
static double g_seen;

void emit(int v) { (void)v; }

template <typename T>
void report(T v)
{
    emit(v);
}

namespace app {
void emit(Tag t) { g_seen += g_host[t.id]; }
}

__global__ void fill(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = (float)(i % 17);
}

int main()
{
    const int n = 1 << 16;
    const size_t bytes = n * sizeof(float);
    float *h = (float *)malloc(bytes);
    float *d;
    cudaMalloc(&d, bytes);
    g_host = h;
    fill<<<n / 256, 256>>>(d, n);
    long acc = 0;
    for (int i = 0; i < 1000; i++)
        acc += i % 3;
    cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost);
    report(app::Tag{3});
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    printf("RESULT %.1f %ld %.1f\n", s, acc, g_seen);
    cudaFree(d);
    free(h);
    return 0;
}
