// case: a buffer copied every round of a loop, in a program that also defines a helper nothing calls whose body calls code cuflow cannot see (a function pointer a plug-in may set, handed a global that holds the buffer); cuda-samples' headers have such a helper (an uninstantiated template's throw_it)
// expect: the buffer is pinned: code that never runs cannot reach it
// trap: none: the helper is called nowhere, so pinning is safe; a call of it in main would keep the buffer pageable (golden 272)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void scale(float *a, int n, float k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = a[i] * k + 1.0f;
}

float *g_last;               /* the buffer a failure report hands on */
void (*g_hook)(float *);     /* set by a plug-in, if any: cuflow cannot see it */

void report_failure(const char *what)
{
    fprintf(stderr, "failed: %s\n", what);
    if (g_hook)
        g_hook(g_last);
}

int main(void)
{
    const int n = 1 << 20;
    float *h = NULL;
    cudaMallocHost((void **)&h, n * sizeof(float));
    g_last = h;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    double sum = 0;
    for (int round = 0; round < 10; round++) {
        for (int i = 0; i < n; i++)
            h[i] = (float)((i + round) % 17);
        cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
        scale<<<(n + 255) / 256, 256>>>(d, n, 0.5f);
        cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
        for (int i = 0; i < n; i += 4096)
            sum += h[i];
    }
    printf("RESULT %.1f\n", sum);
    cudaFree(d);
    cudaFreeHost(h);
    return 0;
}
