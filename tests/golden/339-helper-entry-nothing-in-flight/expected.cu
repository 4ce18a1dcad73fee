// case: main calls a helper before any launch; the helper uploads, then does host work (an attribute query, a print) before its own launch
// expect: no change: nothing is in flight when the upload runs, so moving it past the host work overlaps nothing
// trap: the work in flight at a helper's entry comes from its call sites, before the call: counting the helper's own launch there (its call statement enqueues it) moved the upload "to overlap device work in flight" that does not exist yet
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void twice(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] *= 2.0f;
}

static void eval(int n)
{
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++)
        h[i] = i % 7;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    int m;
    cudaDeviceGetAttribute(&m, cudaDevAttrMaxSharedMemoryPerBlock, 0);
    printf("shared memory known: %d\n", m > 0);
    twice<<<n / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    printf("RESULT %.1f\n", s);
    cudaFree(d);
    free(h);
}

int main()
{
    eval(1 << 20);
    return 0;
}
