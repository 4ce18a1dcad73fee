// case: step(h, d, t) in main's loop leaves step's last parameter n = 1024 to its default; step uploads, launches and downloads n ints
// expect: the copies stay in step(): the call has no text for n, so the promoted copies could not name its value (they were written with ? for it)
// trap: promoted as cudaMemcpy(d_x, h_x, ? * sizeof(int), ...), the rewrite did not compile
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void advance(int *x, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 7 + (i ^ t)) % 1021;
}

static void step(int *h, int *d, int t, int n = 1024)
{
    cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
    advance<<<(n + 255) / 256, 256>>>(d, n, t);
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
}

int main()
{
    const int n = 1024;
    int *h_x = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; ++i)
        h_x[i] = i % 23;
    int *d_x;
    cudaMalloc(&d_x, n * sizeof(int));
    for (int t = 0; t < 6; ++t) {
        step(h_x, d_x, t);
    }
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 13 + 1);
    printf("RESULT %lld\n", s);
    cudaFree(d_x);
    free(h_x);
    return 0;
}
