// case: an upload of an unchanged buffer in a loop that SERIAL_FOR (a macro of _Pragma("omp parallel for if(0)")) stands before
// expect: the upload stays in its loop: a copy hoisted before the loop would come between the pragma and its for
// trap: hoisted, the pragma would apply to the cudaMemcpy: with -fopenmp the rewrite does not compile
// bug: the copies pass hoists the loop-invariant upload out of a for loop preceded by _Pragma("omp parallel for if(0)") (a macro), putting the cudaMemcpy between the pragma and its for loop: the rewrite does not compile with -fopenmp ("for statement expected before cudaMemcpy"). Same with a plain #pragma omp parallel for line: see ../c06/input.cu
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#define SERIAL_FOR _Pragma("omp parallel for if(0)")
__global__ void acc(long long *out, const int *w, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] += (long long)w[i] * (t + 1);
}
int main()
{
    const int n = 256;
    const size_t bytes = n * sizeof(int);
    int *h_w = (int *)malloc(bytes);
    long long *h_o = (long long *)malloc(n * sizeof(long long));
    for (int i = 0; i < n; ++i)
        h_w[i] = i % 17 + 1;
    int *d_w;
    long long *d_o;
    cudaMalloc(&d_w, bytes);
    cudaMalloc(&d_o, n * sizeof(long long));
    cudaMemset(d_o, 0, n * sizeof(long long));
    SERIAL_FOR
    for (int t = 0; t < 4; ++t) {
        cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);
        acc<<<(n + 127) / 128, 128>>>(d_o, d_w, n, t);
    }
    cudaMemcpy(h_o, d_o, n * sizeof(long long), cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += h_o[i] * (i % 5 + 1);
    printf("RESULT %lld\n", s);
    cudaFree(d_w);
    cudaFree(d_o);
    free(h_o);
    return 0;
}
