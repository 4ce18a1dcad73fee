// Trap: a kernel template stays on the GPU (co-execution takes kernels of
// one form); the plain kernel beside it is split.
#include <cstdio>

template <typename T> __global__ void scale(T *v, T f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] *= f;
}

__global__ void square(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * in[i];
}

int main()
{
    const int n = 1 << 16;
    static int h[1 << 16];
    for (int i = 0; i < n; i++)
        h[i] = i % 100;
    int *d, *e;
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&e, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    scale<int><<<n / 256, 256>>>(d, 3, n);
    square<<<n / 256, 256>>>(d, e, n);
    cudaMemcpy(h, e, sizeof h, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    printf("RESULT template %lld\n", s);
    return 0;
}
