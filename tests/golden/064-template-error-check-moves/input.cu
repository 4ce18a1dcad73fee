// case: the cuda-samples error check: checkCudaErrors(x) calls a function template check<T>, whose body calls an overloaded name (errname) that binds only at instantiation
// expect: "checkCudaErrors(cudaDeviceSynchronize());" moves past the host loop filling w and stops before the loop reading h, together with the download
// trap: a template analysed without its argument sees errname(result) as an unknown call; the union of every errname it may bind to shows it only reads its value
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

static const char *errname(cudaError_t e) { return cudaGetErrorName(e); }
static const char *errname(int e) { return e ? "error" : "no error"; }

template <typename T>
void check(T result, char const *const func, const char *const file, int const line)
{
    if (result) {
        fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\"\n", file, line,
                static_cast<unsigned int>(result), errname(result), func);
        exit(EXIT_FAILURE);
    }
}
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)

__global__ void twice(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = (i % 100) * 2.0f;
}

int main()
{
    const int n = 1 << 20;
    float *d;
    float *h = (float *)malloc(n * sizeof(float));
    float *w = (float *)malloc(n * sizeof(float));
    checkCudaErrors(cudaMalloc(&d, n * sizeof(float)));
    twice<<<n / 256, 256>>>(d, n);
    checkCudaErrors(cudaDeviceSynchronize());
    for (int i = 0; i < n; i++)
        w[i] = (i % 10) * 0.5f;
    checkCudaErrors(cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost));
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i] + w[i];
    printf("RESULT %.1f\n", s);
    checkCudaErrors(cudaFree(d));
    free(h);
    free(w);
    return 0;
}
