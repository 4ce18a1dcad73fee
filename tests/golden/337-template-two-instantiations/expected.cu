// case: the same host template instantiated twice (run<float>, run<double>): one text serves two instantiations
// expect: no move: the pattern is analysed, and its calls on T stay code cuflow cannot see
// trap: building run from one of its instantiations would judge the text by the float one alone
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

template <typename T>
__global__ void twice(T *a, int n)
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
    cudaMemcpy(h, d, n * sizeof(T), cudaMemcpyDeviceToHost);
    std::vector<T> w(n);
    for (int i = 0; i < n; i++)
        w[i] = (i % 10) * 0.5f;
    double s = total(w);
    for (int i = 0; i < n; i++)
        s += h[i];
    return s;
}

int main()
{
    const int n = 1 << 20;
    float *d;
    float *h = (float *)malloc(n * sizeof(float));
    double *dd;
    double *hd = (double *)malloc(n * sizeof(double));
    cudaMalloc(&d, n * sizeof(float));
    cudaMalloc(&dd, n * sizeof(double));
    double s = run(d, h, n) + run(dd, hd, n);
    printf("RESULT %.1f\n", s);
    cudaFree(d);
    cudaFree(dd);
    free(h);
    free(hd);
    return 0;
}
