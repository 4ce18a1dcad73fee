// case: device pointers stored in containers by constructor, assign, array fill, std::fill, a swap of vectors and emplace_back, each launched through the container
// expect: no copy removed: each kernel doubles the uploaded buffer it reaches through its container, and the download reads it
// trap: these members and algorithms stored nothing in the container's model: the copies pass removed each upload and download as unread
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <array>
#include <algorithm>
#include <utility>
#include <cuda_runtime.h>

__global__ void twice(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] *= 2.0f;
}

struct Ten {
    float *data_ptr;
    long numel;
};

static double roundtrip(int k, int n, float *h)
{
    for (int i = 0; i < n; i++)
        h[i] = (i + k) % 7;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    float *q = nullptr;
    if (k == 0) {
        std::vector<float *> c(3, d);
        q = c[1];
    } else if (k == 1) {
        std::vector<float *> c;
        c.assign(2, d);
        q = c[1];
    } else if (k == 2) {
        std::array<float *, 2> c;
        c.fill(d);
        q = c[1];
    } else if (k == 3) {
        std::vector<float *> c(2);
        std::fill(c.begin(), c.end(), d);
        q = c[1];
    } else if (k == 4) {
        std::vector<float *> a{d}, c;
        std::swap(a, c);
        q = c[0];
    } else {
        std::vector<Ten> c;
        c.emplace_back(Ten{d, n});
        q = c[0].data_ptr;
    }
    twice<<<n / 256, 256>>>(q, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    cudaFree(d);
    return s;
}

int main()
{
    const int n = 1 << 16;
    float *h = (float *)malloc(n * sizeof(float));
    double s = 0;
    for (int k = 0; k < 6; k++)
        s += roundtrip(k, n, h) * (k + 1);
    printf("RESULT %.1f\n", s);
    free(h);
    return 0;
}
