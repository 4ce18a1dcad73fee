// case: host work after a download prints with std::cout << ... << std::endl, which hands the library a pointer to its own function
// expect: the download moves past the printing and the loop, before the read of h
// trap: a library call given a function pointer is code cuflow cannot see (a comparator may read anything), but std::endl is the library's own function, described by its rule: treating it as a callback kept the copy in place
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <cuda_runtime.h>

__global__ void twice(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] *= 2.0f;
}

int main()
{
    const int n = 1 << 20;
    float *h = (float *)malloc(n * sizeof(float));
    float *w = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++)
        h[i] = i % 3 + 1;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    twice<<<n / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    std::cout << "host work" << std::endl;
    for (int i = 0; i < n; i++)
        w[i] = (i % 10) * 0.5f;
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i] + w[i];
    printf("RESULT %.1f\n", s);
    cudaFree(d);
    free(h);
    free(w);
    return 0;
}
