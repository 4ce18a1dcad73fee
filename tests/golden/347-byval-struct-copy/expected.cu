// case: a struct holding the host pointer is passed by value (an lvalue copied by the implicit copy constructor) to a function that reads the downloaded buffer
// expect: the download stays before first(bb)
// trap: the argument was the copy constructor's result, the address of the new object, not what it holds: the callee's read of b.p[0] reached nothing, and the download moved past it
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void twice(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] *= 2.0f;
}

struct Buf {
    float *p;
    int n;
};

static float first(Buf b) { return b.p[0] + b.p[b.n - 1]; }

static int busy(int m)
{
    int k = 0;
    for (int i = 0; i < m; i++)
        k += i % 7;
    return k;
}

int main()
{
    const int n = 1 << 20;
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++)
        h[i] = i % 3 + 1;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    twice<<<n / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    Buf bb{h, n};
    float x = first(bb);
    int k = busy(n);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    printf("RESULT %.1f %.1f %d\n", s, x, k);
    cudaFree(d);
    free(h);
    return 0;
}
