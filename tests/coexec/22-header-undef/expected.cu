// A kernel from a header whose helper macros are #undef'd at its end.
#include <cstdio>
#include <cstdlib>
#include "kern.h"

int main()
{
    const int n = 1 << 18;
    float *h = (float *)malloc(n * sizeof(float)), *r = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 1000);
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaMemcpy(a, h, n * sizeof(float), cudaMemcpyHostToDevice);
    scale<<<n / 256, 256>>>(b, a, 3.0f);
    cudaMemcpy(r, b, n * sizeof(float), cudaMemcpyDeviceToHost);
    long long bad = 0, sum = 0;
    for (int i = 0; i < n; i++) { bad += r[i] != h[i] * 3.0f; sum += (long long)r[i]; }
    printf("RESULT header-undef bad=%lld sum=%lld\n", bad, sum);
    return 0;
}
