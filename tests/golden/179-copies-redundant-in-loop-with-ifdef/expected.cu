// case: a loop whose body starts with an #ifdef block; later in the same iteration, an upload repeats one made earlier in that iteration, and another repeats one made before the loop
// expect: the second "cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);" of the body (line 40) goes: every path to it comes from the upload at line 36 of the same iteration, and no #if line lies between them; the upload of d_c in the loop (line 35) stays: the path from the upload before the loop to it crosses the #ifdef block, where a -DPERTURB build writes h_c
// trap: removing line 35 makes a -DPERTURB build print another RESULT; keeping line 40 changes nothing but costs a copy per iteration
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void step(const int *a, const int *c, int *b, int n, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        b[i] = a[i] * (k + 1) + c[i];
}

int main()
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    int *h_a = (int *)malloc(bytes), *h_b = (int *)malloc(bytes), *h_c = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i) {
        h_a[i] = i % 17;
        h_c[i] = i % 5;
    }
    int *d_a, *d_b, *d_c;
    cudaMalloc(&d_a, bytes);
    cudaMalloc(&d_b, bytes);
    cudaMalloc(&d_c, bytes);
    cudaMemcpy(d_c, h_c, bytes, cudaMemcpyHostToDevice);
    long long s = 0;
    for (int k = 0; k < 4; ++k) {
#ifdef PERTURB
        for (int i = 0; i < n; ++i)
            h_c[i] += k;
#endif
        cudaMemcpy(d_c, h_c, bytes, cudaMemcpyHostToDevice);
        cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
        step<<<(n + 255) / 256, 256>>>(d_a, d_c, d_b, n, k);
        cudaMemcpy(h_b, d_b, bytes, cudaMemcpyDeviceToHost);
        s += h_b[k * 7];
        step<<<(n + 255) / 256, 256>>>(d_a, d_c, d_b, n, k + 1);
        cudaMemcpy(h_b, d_b, bytes, cudaMemcpyDeviceToHost);
        for (int i = 0; i < n; ++i)
            s += (long long)h_b[i] * (i % 3 + 1);
        h_a[k] += 1;
    }
    printf("RESULT %lld\n", s);
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_c);
    free(h_a);
    free(h_b);
    free(h_c);
    return 0;
}
