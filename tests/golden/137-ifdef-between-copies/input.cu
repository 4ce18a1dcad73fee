// case: two uploads of the same bytes with an #ifdef between them: in this configuration nothing writes h_a between, but with -DPERTURB the host changes h_a there
// expect: the second "cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);" (line 35) stays: an #if/#ifdef line lies between it and the upload at line 25, and another configuration may write h_a there; nothing changes
// trap: removing the second upload makes a -DPERTURB build print another RESULT (the kernel would read the old h_a)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void scale(const int *a, int *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        b[i] = a[i] * 2 + 1;
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_a = (int *)malloc(bytes), *h_b = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i)
        h_a[i] = i % 17;
    int *d_a, *d_b;
    cudaMalloc(&d_a, bytes);
    cudaMalloc(&d_b, bytes);
    cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
    scale<<<(n + 255) / 256, 256>>>(d_a, d_b, n);
    cudaMemcpy(h_b, d_b, bytes, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += h_b[i];
#ifdef PERTURB
    for (int i = 0; i < n; ++i)
        h_a[i] += 3;
#endif
    cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
    scale<<<(n + 255) / 256, 256>>>(d_a, d_b, n);
    cudaMemcpy(h_b, d_b, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        s += (long long)h_b[i] * (i % 5 + 1);
    printf("RESULT %lld\n", s);
    cudaFree(d_a);
    cudaFree(d_b);
    free(h_a);
    free(h_b);
    return 0;
}
