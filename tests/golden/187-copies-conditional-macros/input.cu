// case: TOUCH writes its argument only when DEBUG is defined and SHOW reads it only when VERIFY is; a loop uploads x every iteration beside TOUCH(x); check() downloads into a buffer that only SHOW reads; LOG, defined once for every configuration, stands beside a second loop's upload
// expect: the upload in the first loop (line 49) stays: line 51 uses TOUCH, which the file defines under an #if; the download into h_v (line 31) stays: SHOW, defined under an #if, may read h_v in another configuration; the upload in the second loop (line 56) is hoisted: LOG means the same in every configuration
// trap: hoisting line 49 makes a -DDEBUG build use a stale x on the device; removing line 31 makes a -DVERIFY build print another RESULT (the oracle builds this case with each of DEBUG and VERIFY defined too, original and rewrite)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#ifdef DEBUG
#define TOUCH(p) ((p)[0] += 1.0f)
#else
#define TOUCH(p) ((void)0)
#endif
#ifdef VERIFY
#define SHOW(p, s) ((s) += (p)[1])
#else
#define SHOW(p, s) ((void)0)
#endif
#define LOG(t) ((void)(t))

__global__ void step(const float *x, float *acc, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        acc[i] += x[i];
}

static double check(const float *d_acc, int n)
{
    float *h_v = (float *)malloc(n * sizeof(float));
    double s = 0;
    cudaMemcpy(h_v, d_acc, n * sizeof(float), cudaMemcpyDeviceToHost);
    SHOW(h_v, s);
    free(h_v);
    return s;
}

int main()
{
    const int n = 1024, steps = 10;
    size_t bytes = n * sizeof(float);
    float *h = (float *)malloc(bytes), *x = (float *)malloc(bytes);
    for (int i = 0; i < n; ++i)
        x[i] = (float)(i % 9);
    float *d_acc, *d_x;
    cudaMalloc(&d_acc, bytes);
    cudaMalloc(&d_x, bytes);
    cudaMemset(d_acc, 0, bytes);
    for (int t = 0; t < steps; ++t) {
        cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice);
        step<<<(n + 255) / 256, 256>>>(d_x, d_acc, n);
        TOUCH(x);
    }
    double s = check(d_acc, n);
    for (int t = 0; t < steps; ++t) {
        LOG(t);
        cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice);
        step<<<(n + 255) / 256, 256>>>(d_x, d_acc, n);
    }
    cudaMemcpy(h, d_acc, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        s += h[i];
    printf("RESULT %.1f\n", s);
    cudaFree(d_acc);
    cudaFree(d_x);
    free(h);
    free(x);
    return 0;
}
