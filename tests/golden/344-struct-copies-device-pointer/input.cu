// case: a device pointer carried by struct assignment (t = u, t = {d, n}, a user operator=), a designated initialiser, a delegating constructor, a placement new and an anonymous union, then launched on
// expect: no copy removed: each kernel doubles the uploaded buffer it reaches, and the download reads it
// trap: each spelling lost the pointer in the model (x = y passed y's value where operator= takes a reference; designators typed void; a delegating constructor built a temporary; placement new a fresh object; the anonymous union's variable a fresh object per use), so the copies pass removed the upload and the download
#include <cstdio>
#include <cstdlib>
#include <new>
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

struct Box {
    float *p;
    int k;
    Box() : p(nullptr), k(0) {}
    Box(float *x, int y) : p(x), k(y) {}
    Box(float *x) : Box(x, 0) {}
    Box &operator=(const Box &o)
    {
        p = o.p;
        k = o.k;
        return *this;
    }
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
        Ten u{d, n}, t;
        t = u;
        q = t.data_ptr;
    } else if (k == 1) {
        Ten t;
        t = {d, n};
        q = t.data_ptr;
    } else if (k == 2) {
        Box a(d, 1), b;
        b = a;
        q = b.p;
    } else if (k == 3) {
        Ten t{.data_ptr = d, .numel = n};
        q = t.data_ptr;
    } else if (k == 4) {
        Box b(d);
        q = b.p;
    } else if (k == 5) {
        alignas(Ten) char buf[sizeof(Ten)];
        new (buf) Ten{d, n};
        q = ((Ten *)buf)->data_ptr;
    } else {
        union {
            float *p;
            double *dd;
        };
        p = d;
        q = p;
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
    for (int k = 0; k < 7; k++)
        s += roundtrip(k, n, h) * (k + 1);
    printf("RESULT %.1f\n", s);
    free(h);
    return 0;
}
