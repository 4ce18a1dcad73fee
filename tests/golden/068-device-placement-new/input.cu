// case: a kernel builds its items with placement new in a __device__ template (as cub's block_load.cuh does)
// expect: the file is analysed (clang's CUDA wrapper of <new> declares the device placement new); "cudaDeviceSynchronize();" and the copy move past the host loop and stop before the loop that reads `h`
// trap: without clang's resource directory libclang lost that wrapper and refused the whole file
#include <cstdio>
#include <cstdlib>
#include <new>
#include <cuda_runtime.h>

struct Pair {
    float a, b;
    __device__ Pair(float x) : a(x), b(2 * x) {}
};

template <class T>
__device__ void build(T *slot, float x)
{
    new (slot) T(x);
}

__global__ void fill(Pair *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        build(&p[i], (float)(i % 11));
}

int main()
{
    const int n = 1 << 20;
    Pair *d;
    cudaMalloc(&d, n * sizeof(Pair));
    Pair *h = (Pair *)malloc(n * sizeof(Pair));
    fill<<<n / 256, 256>>>(d, n);
    cudaDeviceSynchronize();
    long acc = 0;
    for (int i = 0; i < 100000; i++)
        acc += i % 7;
    cudaMemcpy(h, d, n * sizeof(Pair), cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i].a + h[i].b;
    printf("RESULT %.1f %ld\n", s, acc);
    cudaFree(d);
    free(h);
    return 0;
}
