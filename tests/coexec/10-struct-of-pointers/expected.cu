// Trap: the kernel takes a struct holding device pointers; the CPU's side
// would follow device addresses. The kernel stays on the GPU.
#include <cstdio>

struct Pair {
    const float *x;
    float *y;
};

__global__ void twice(Pair p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p.y[i] = 2 * p.x[i];
}

int main()
{
    const int n = 4096;
    static float h[4096];
    for (int i = 0; i < n; i++)
        h[i] = i;
    Pair p;
    float *x, *y;
    cudaMalloc(&x, sizeof h);
    cudaMalloc(&y, sizeof h);
    p.x = x;
    p.y = y;
    cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
    twice<<<n / 256, 256>>>(p, n);
    cudaMemcpy(h, y, sizeof h, cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    printf("RESULT struct %.0f\n", s);
    return 0;
}
