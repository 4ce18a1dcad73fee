// A program that needs a -D to build: --verify lowers and builds it with
// the -D and -U options cuflow was given, the configuration it parsed.
#include <cstdio>
#include <cstdlib>

#ifndef ROUNDS
#error "build with -DROUNDS=N"
#endif

__global__ void scale(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = d[i] * 2.0f + 1.0f;
}

static double busy(int k)
{
    double s = 0;
    for (int i = 0; i < k; i++)
        s += i * 0.5;
    return s;
}

int main()
{
    int n = 1 << 12;
    float *h = (float *)calloc(n, sizeof(float));
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemset(d, 0, n * sizeof(float));
    double r = 0;
    for (int k = 0; k < ROUNDS; k++) {
        scale<<<(n + 255) / 256, 256>>>(d, n);
        cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
        r += busy(1000);
        r += h[k];
    }
    printf("RESULT %.3f\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
