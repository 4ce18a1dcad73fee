// case: a signal handler reads the downloaded buffer through a global; raise() runs it before returning
// expect: the download stays before raise(SIGUSR1)
// trap: raise(int) takes no pointer, so as a library function without a rule it computed a value only: the download moved past it
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void twice(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] *= 2.0f;
}

static float *gp;
static volatile double seen = 0;

static void handler(int sig)
{
    (void)sig;
    seen = gp[0] + gp[1];
}

static int busy(int m)
{
    int k = 0;
    for (int i = 0; i < m; i++)
        k += i % 7;
    return k;
}

int main()
{
    const int n = 1 << 20;
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++)
        h[i] = i % 3 + 1;
    gp = h;
    signal(SIGUSR1, handler);
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    twice<<<n / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    int k = busy(n);
    raise(SIGUSR1);
    k += busy(n);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    printf("RESULT %.1f %.1f %d\n", s, (double)seen, k);
    cudaFree(d);
    free(h);
    return 0;
}
