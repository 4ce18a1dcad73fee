// case: a device pointer read back through structured bindings: of a pair from make_pair, of a reference to a pair, of a struct, of an array, and in a range-for over a vector of pairs
// expect: no copy removed: each kernel doubles the uploaded buffer it reaches through a binding, and the download reads it
// trap: libclang does not expose the binding declarations: the bindings read as no pointer at all, so the upload looked unread and the copies pass removed it with the download
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>
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
        h[i] = (i + k) % 5;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    float *q = nullptr;
    if (k == 0) {
        auto [len, p] = std::make_pair(n, d);
        q = len == n ? p : nullptr;
    } else if (k == 1) {
        std::pair<int, float *> pr(n, d);
        auto &[len, p] = pr;
        q = len == n ? p : nullptr;
    } else if (k == 2) {
        Ten t{d, n};
        auto [p, len] = t;
        q = len == n ? p : nullptr;
    } else if (k == 3) {
        float *arr[1] = {d};
        auto [p] = arr;
        q = p;
    } else {
        std::vector<std::pair<int, float *>> v;
        v.push_back({n, d});
        for (auto [len, p] : v)
            q = len == n ? p : nullptr;
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
    for (int k = 0; k < 5; k++)
        s += roundtrip(k, n, h) * (k + 1);
    printf("RESULT %.1f\n", s);
    free(h);
    return 0;
}
