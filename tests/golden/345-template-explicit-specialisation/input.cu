// case: a function template with an explicit specialisation for float that reads the downloaded buffer; main calls it with a float pointer after the download
// expect: the download stays before the call of look(h), which runs the specialisation's body
// trap: a call of an explicit specialisation was taken for a call of the primary template (an empty body), so the download moved past the read
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void twice(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] *= 2.0f;
}

static int busy(int m)
{
    int k = 0;
    for (int i = 0; i < m; i++)
        k += i % 7;
    return k;
}

static double seen = 0;

template <typename T>
void look(T *p, int n)
{
    (void)p;
    (void)n;
}

template <>
void look<float>(float *p, int n)
{
    seen = p[0] + p[n - 1];
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
    int k = busy(n);
    look(h, n);
    k += busy(n);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    printf("RESULT %.1f %.1f %d\n", s, seen, k);
    cudaFree(d);
    free(h);
    return 0;
}
