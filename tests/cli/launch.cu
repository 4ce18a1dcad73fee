// launch.cu: launches a kernel defined in kernel.cu. Alone, the kernel is
// unknown (it might touch any host memory), so the copy stops at the first
// heap access; given with kernel.cu, cuflow sees it writes only device
// memory and moves the copy on to its use.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void scale(float *out, int n);

int main()
{
    const int n = 1 << 20;
    float *h = (float *)malloc(n * sizeof(float));
    double *w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i)
        w[i] = i % 5;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = 0;
    for (int k = 0; k < 1000; ++k) /* local work: passed either way */
        s += k % 3;
    for (int i = 0; i < n; ++i)
        s += w[i];
    printf("RESULT %.1f %.1f\n", s, h[n - 1]);
    return 0;
}
