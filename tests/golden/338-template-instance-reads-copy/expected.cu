// case: a host template instantiated once whose host work after the download calls another template, first<T>, that reads the downloaded buffer through its parameter
// expect: the download moves past the vector's fill and stops before first(h), the call that reads h in the instantiation
// trap: with its calls resolved, a call on T is no longer "code cuflow cannot see", so only the callee's own reads keep the copy in front of it
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
static T first(const T *p, int n)
{
    T m = p[0];
    for (int i = 1; i < n; i++)
        m = p[i] > m ? p[i] : m;
    return m;
}

template <typename T>
static double run(T *d, T *h, int n)
{
    twice<<<n / 256, 256>>>(d, n);
    std::vector<T> w(n);
    for (int i = 0; i < n; i++)
        w[i] = (i % 10) * 0.5f;
    cudaMemcpy(h, d, n * sizeof(T), cudaMemcpyDeviceToHost);
    double s = first(h, n);
    for (int i = 0; i < n; i++)
        s += w[i];
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
