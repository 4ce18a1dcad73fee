// case: a helper ending in a download, called with its last parameter n left to its default
// expect: the download stays in step(); the report says the call leaves n to its default
// trap: (a report case: it named the missing argument 'passes ?')
#include <cstdio>
#include <cstring>
#include <vector>
#include <array>
#include <memory>
#include <numeric>
#include <algorithm>
#include <functional>
#include <utility>
#include <cuda_runtime.h>

__global__ void fill(float *d, int n, int salt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] = (float)((i * 7 + salt) % 13);
}

static long long busy(int k)
{
    long long s = 0;
    for (int i = 0; i < k; i++) s += i % 7;
    return s;
}
static void step(float *h, float *d, int n = 1 << 12)
{
    fill<<<(n + 255) / 256, 256>>>(d, n, 3);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}
int main()
{
    int n = 1 << 16;
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) h[i] = -1.0f;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    step(h, d);
    long long w = busy(100000);
    long long s = 0;
    for (int i = 0; i < n; i++) s += (long long)h[i];
    printf("RESULT %lld %lld\n", s, w);
    cudaFree(d);
    free(h);
    return 0;
}
