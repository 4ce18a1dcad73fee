// case: a host function template the program instantiates once (run<float>): its launch, its download, then host work through calls that depend on T (std::vector<T>, total<T>)
// expect: the download moves past the host work that fills and sums w, and stops before the loop reading h
// trap: analysed from its pattern, every call on T (the launch's, w's constructor and operator[], total(w)) is code cuflow cannot see, which may touch h or leave work in flight: the copy stayed
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

__global__ void twice(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = (i % 100) * 2.0f;
}

template <typename T>
static double total(const std::vector<T> &v)
{
    double s = 0;
    for (size_t i = 0; i < v.size(); i++)
        s += v[i];
    return s;
}

template <typename T>
static double run(T *d, T *h, int n)
{
    twice<<<n / 256, 256>>>(d, n);
    std::vector<T> w(n);
    for (int i = 0; i < n; i++)
        w[i] = (i % 10) * 0.5f;
    double s = total(w);
    cudaMemcpy(h, d, n * sizeof(T), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        s += h[i];
    return s;
}

int main()
{
    const int n = 1 << 20;
    float *d;
    float *h = (float *)malloc(n * sizeof(float));
    cudaMalloc(&d, n * sizeof(float));
    double s = run(d, h, n);
    printf("RESULT %.1f\n", s);
    cudaFree(d);
    free(h);
    return 0;
}
