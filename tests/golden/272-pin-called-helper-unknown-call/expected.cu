// case: as golden 271, but main calls the helper whose body calls code cuflow cannot see (a function pointer a plug-in may set, handed a global that holds the buffer) while the buffer lives
// expect: the buffer stays pageable: the helper runs, and what the plug-in's function does to the buffer is not seen
// trap: pinning it as in 271 would ignore code that runs while the buffer lives
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
    float *h = (float *)malloc(n * sizeof(float));
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
    if (sum < 0)
        report_failure("negative sum");
    printf("RESULT %.1f\n", sum);
    cudaFree(d);
    free(h);
    return 0;
}
