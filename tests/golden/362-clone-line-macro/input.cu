// case: step() ends with a download and prints __LINE__; of its call sites one gains from a clone step_nosync()
// expect: no clone: the report says step() names __LINE__, which a clone would change
// trap: the clone, written below step(), printed its own line numbers
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
static void step(float *h, float *d, int n)
{
    printf("in %d\n", __LINE__);
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
    r += busy(1000);
    r += h[3];
    if (n > 4)
        step(h, d, n);
    r += h[3];
    printf("RESULT %.3f\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
