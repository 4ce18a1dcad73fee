// case: an unbraced "if (round++ == 0) goto again;" jumps back above the download, and the code at the label reads the downloaded buffer
// expect: the download may pass the host work before the if, and stops before it
// trap: every path from the if comes back to the statement after it, so the if looked passable: the copy moved below it and the label's read saw the old data
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void twice(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] *= 2.0f;
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
        h[i] = 1;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    int round = 0;
    double seen = 0;
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
again:
    if (round == 1)
        seen = h[0];
    twice<<<n / 256, 256>>>(d, n);
    int k = busy(n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    if (round++ == 0) goto again;
    k += busy(n);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    printf("RESULT %.1f %.1f %d\n", s, seen, k);
    cudaFree(d);
    free(h);
    return 0;
}
