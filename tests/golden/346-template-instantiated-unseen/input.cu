// case: a host template step<T> whose only call outside templates is step<float>; step<int> is instantiated by a class template's virtual member and by an explicit instantiation
// expect: no move inside step: it is analysed from its pattern, as its instantiations are not all seen (the int one reads h through peek(int *))
// trap: counting only the instantiations expressions name made step<float> its "one instantiation", whose peek(float *) reads nothing: the download moved past peek(h), which step<int> needs
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

template <typename T>
__global__ void twice(T *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] *= 2;
}

static int busy(int m)
{
    int k = 0;
    for (int i = 0; i < m; i++)
        k += i % 7;
    return k;
}

static long seen = 0;
static void peek(float *h) { (void)h; }
static void peek(int *h) { seen += h[0] + h[1]; }

template <typename T>
double step(T *h, T *d, int n)
{
    cudaMemcpy(d, h, n * sizeof(T), cudaMemcpyHostToDevice);
    twice<<<n / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(T), cudaMemcpyDeviceToHost);
    peek(h);
    int k = busy(n);
    k += busy(n);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    return s + k;
}

template double step<int>(int *, int *, int);

struct Base {
    virtual double go(int *h, int *d, int n) = 0;
    virtual ~Base() {}
};

template <typename T>
struct Run : Base {
    double go(T *h, T *d, int n) override { return step(h, d, n); }
};

int main()
{
    const int n = 1 << 20;
    float *h = (float *)malloc(n * sizeof(float));
    int *hi = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++) {
        h[i] = i % 3;
        hi[i] = i % 5 + 1;
    }
    float *d;
    int *di;
    cudaMalloc(&d, n * sizeof(float));
    cudaMalloc(&di, n * sizeof(int));
    Base *b = new Run<int>;
    double s = step(h, d, n) + b->go(hi, di, n);
    printf("RESULT %.1f %ld\n", s, seen);
    delete b;
    cudaFree(d);
    cudaFree(di);
    free(h);
    free(hi);
    return 0;
}
