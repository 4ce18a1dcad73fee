// case: three std::vectors copied in a loop; after the loop one grows through a struct's reference member (Holder h{a}, and a constructor binding it), one through a function template's reference pack (C &...c), one through a range-for over a braced list of pointers
// expect: all three stay pageable, each report naming the resize that may move its data
// trap: an aggregate's reference member was given the vector's value, not its address, a constructor's reference member initialiser (r(x)) took the value too, a reference pack's arguments were passed by value, and a range-for over a braced list took its elements as unknown pointers, so the resize did not reach the vector: cudaHostRegister then pinned memory the vector frees when it grows, and cudaHostUnregister named its new data
#include <cstdio>
#include <vector>

__global__ void twice(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = d[i] * 2 + 1;
}

struct Holder {
    std::vector<float> &v;
};

static void grow(Holder h) { h.v.resize(h.v.size() * 4, 1.0f); }

struct Owner {
    std::vector<float> &r;
    Owner(std::vector<float> &x) : r(x) {}
    void twice() { r.resize(r.size() * 2, 3.0f); }
};

template <class... C> static void growall(C &...c) { (c.resize(c.size() * 2, 0.5f), ...); }

int main()
{
    int n = 1 << 14;
    std::vector<float> a(n, 1.0f), b(n, 2.0f), c(n, 4.0f);
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    double host = 0;
    for (int it = 0; it < 4; it++) {
        cudaMemcpy(d, a.data(), n * sizeof(float), cudaMemcpyHostToDevice);
        twice<<<(n + 255) / 256, 256>>>(d, n);
        cudaMemcpy(a.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
        cudaMemcpy(d, b.data(), n * sizeof(float), cudaMemcpyHostToDevice);
        twice<<<(n + 255) / 256, 256>>>(d, n);
        cudaMemcpy(b.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
        cudaMemcpy(d, c.data(), n * sizeof(float), cudaMemcpyHostToDevice);
        twice<<<(n + 255) / 256, 256>>>(d, n);
        cudaMemcpy(c.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
        host += a[it] + b[it] + c[it];
    }
    Holder h{a};
    grow(h);
    growall(b);
    Owner o(a);
    o.twice();
    for (auto *p : {&c})
        p->push_back(5.0f);
    double s = host;
    for (size_t i = 0; i < a.size(); i++)
        s += a[i];
    for (size_t i = 0; i < b.size(); i++)
        s += b[i];
    for (size_t i = 0; i < c.size(); i++)
        s += c[i];
    printf("RESULT %.1f\n", s);
    cudaFree(d);
    return 0;
}
