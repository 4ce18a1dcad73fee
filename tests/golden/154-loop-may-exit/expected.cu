// case: upload, launch, download in a loop whose body ends in an error check that may exit(1); the program registers no atexit handler, has no destructors of its own, and no kernel prints
// expect: the upload (line 33) leaves the loop (line 32) for before it and the download (line 35) for after it, as a round trip: after exit nothing of the program reads h_x, and no device output can be lost
// trap: none beyond 107's: the loop's exit path changes nothing the program can still observe; 128 (an atexit handler reads h_x) and 155 (a printing kernel) keep their copies
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void step(int *x, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 3 + t + (i % 5)) % 2039;
}

static void check(const char *what)
{
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        exit(1);
    }
}

int main()
{
    const int n = 1 << 12;
    int *h_x = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; ++i)
        h_x[i] = i % 19;
    int *d_x;
    cudaMalloc(&d_x, n * sizeof(int));
    cudaMemcpy(d_x, h_x, n * sizeof(int), cudaMemcpyHostToDevice);
    for (int t = 0; t < 8; ++t) {
        step<<<(n + 255) / 256, 256>>>(d_x, n, t);
        check("step");
    }
    cudaMemcpy(h_x, d_x, n * sizeof(int), cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; ++i)
        s += (long long)h_x[i] * (i % 7 + 1);
    printf("RESULT %lld\n", s);
    cudaFree(d_x);
    free(h_x);
    return 0;
}
