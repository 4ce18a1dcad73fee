// case: after step(h, d, n), whose download could leave it, main computes use(Peek{h}): a brace-initialised temporary whose destructor reads h[3]
// expect: the download stays in step(): the statement after the call runs a destructor, code cuflow cannot see, so no call site has host work it could overlap
// trap: Peek{h} (an aggregate's braces, no constructor call) ran no code in the model, so the download moved past the destructor's read
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
static double acc;
struct Peek { float *p; ~Peek() { acc += p[3]; } };
static double use(const Peek &) { return busy(10); }
static void step(float *h, float *d, int n)
{
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}
int main()
{
    int n = 1 << 12;
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++)
        h[i] = -7.0f;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemset(d, 0, n * sizeof(float));
    double r = 0;
    step(h, d, n);
    r += use(Peek{h});
    r += busy(1000);
    r += h[4] + acc;
    printf("RESULT %.3f\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
