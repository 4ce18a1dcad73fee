// case: as golden 272, but the helper whose body calls code cuflow cannot see is called only inside a lambda, whose body cuflow does not model
// expect: the buffer stays pageable: the helper is named in a lambda, so it may run (it is not code that never runs, as in golden 271)
// trap: counted as code that never runs (no call site the front end sees), the helper would be skipped, and only the lambda's own call, itself unseen code, would keep the buffer pageable
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
        [&] { report_failure("negative sum"); }();
    printf("RESULT %.1f\n", sum);
    cudaFree(d);
    free(h);
    return 0;
}
