// A program that prints its own time: eager and deferred runs of the
// original already differ on that line, so --verify cannot verify it
// unless --verify-ignore leaves the line out.
#include <cstdio>
#include <cstdlib>
#include <ctime>

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
    int n = 1 << 16;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    float *h = (float *)malloc(n * sizeof(float));
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemset(d, 0, n * sizeof(float));
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    double a = busy(100000);
    double r = a + h[3];
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("TOOK %.9f s\n", (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    printf("RESULT %.3f\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
