// case: a loop uploads h_w, launches, then writes h_w[t] with a placement new of an int
// expect: the upload stays in its loop: the placement new writes the buffer it copies
// trap: hoisted out of the loop, the device would never see the writes (RESULT 20400 instead of 40385)
#include <cstdio>
#include <cstdlib>
#include <new>
#include <cuda_runtime.h>

__global__ void acc(long long *out, const int *w, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] += (long long)w[i] * (t + 1);
}

int main()
{
    const int n = 256;
    int *h_w = (int *)malloc(n * sizeof(int));
    long long *h_o = (long long *)malloc(n * sizeof(long long));
    for (int i = 0; i < n; ++i)
        h_w[i] = i % 17;
    int *d_w;
    long long *d_o;
    cudaMalloc(&d_w, n * sizeof(int));
    cudaMalloc(&d_o, n * sizeof(long long));
    cudaMemset(d_o, 0, n * sizeof(long long));
    for (int t = 0; t < 4; ++t) {
        cudaMemcpy(d_w, h_w, n * sizeof(int), cudaMemcpyHostToDevice);
        acc<<<2, 128>>>(d_o, d_w, n, t);
        new (&h_w[t]) int(1000); // constructs a new value in h_w
    }
    cudaMemcpy(h_o, d_o, n * sizeof(long long), cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += h_o[i];
    printf("RESULT %lld\n", s);
    return 0;
}
