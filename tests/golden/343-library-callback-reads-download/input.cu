// case: a download read only by the comparator std::sort is given: a lambda written in the call, a lambda kept in a variable, a functor holding the buffer
// expect: the download stays ahead of the sort (it may move down to it) and is not removed; the sort's statement is code cuflow cannot see
// trap: std::sort's rule reads and writes its range only: the comparator's reads of h were not seen, so the copies pass removed the download as unread
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <numeric>
#include <cuda_runtime.h>

__global__ void fill(float *a, int n, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = (i * 7919 + k * 31) % 1000;
}

struct Cmp {
    const float *h;
    bool operator()(int a, int b) const { return h[a] < h[b] || (h[a] == h[b] && a < b); }
};

static long firsts(int k, int n, float *h, float *d)
{
    std::vector<int> idx(n);
    std::iota(idx.begin(), idx.end(), 0);
    auto kept = [&](int a, int b) { return h[a] < h[b] || (h[a] == h[b] && a < b); };
    fill<<<n / 256, 256>>>(d, n, k);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    if (k == 0)
        std::sort(idx.begin(), idx.end(), [&](int a, int b) { return h[a] < h[b] || (h[a] == h[b] && a < b); });
    else if (k == 1)
        std::sort(idx.begin(), idx.end(), kept);
    else
        std::sort(idx.begin(), idx.end(), Cmp{h});
    long s = 0;
    for (int i = 0; i < 10; i++)
        s += idx[i] * (i + 1);
    return s;
}

int main()
{
    const int n = 1 << 16;
    float *h = (float *)malloc(n * sizeof(float));
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    long s = 0;
    for (int k = 0; k < 3; k++)
        s += firsts(k, n, h, d) * (k + 1);
    printf("RESULT %ld\n", s);
    cudaFree(d);
    free(h);
    return 0;
}
