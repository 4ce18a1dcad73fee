// case: after the sync, the host calls an error check whose body only exists under -DDEBUG, then works in a loop
// expect: "cudaDeviceSynchronize();" stays: check_error's body has #ifdef, so the move that is right for this build may not be for a -DDEBUG one
// trap: built with -DDEBUG, check_error reads cudaGetLastError, which reports the kernel's failure only after the sync; moved below it, the error goes unreported
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void fill(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = (float)(i % 17);
}

static void check_error(void)
{
#ifdef DEBUG
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) {
        fprintf(stderr, "error: %s\n", cudaGetErrorString(err));
        exit(1);
    }
#endif
}

int main()
{
    const int n = 1 << 20;
    float *h = (float *)malloc(n * sizeof(float));
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    fill<<<n / 256, 256>>>(d, n);
    cudaDeviceSynchronize();
    check_error();
    long acc = 0;
    for (int i = 0; i < 100000; i++)
        acc += i % 7;
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    printf("RESULT %.1f %ld\n", s, acc);
    cudaFree(d);
    free(h);
    return 0;
}
