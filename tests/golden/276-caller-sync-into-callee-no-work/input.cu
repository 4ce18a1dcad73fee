// case: the sync right before a timer helper with two callers (HeCBench's
//       get_time(), cfd, gaussian, pathfinder, ...): the helper declares a
//       struct timeval, whose defaulted constructor is a call in the model,
//       and then reads the clock
// expect: kept: a clone get_time_sync() would overlap only the declaration
//         (no host work), so the sync stays where it is, and says why
// trap: 0bb9f21 wrote the clone (its expected.cu would differ); the clone
//       changes no result, so this case guards the rule, not the output
#include <cstdio>
#include <sys/time.h>

__global__ void fill(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = 2.0f * i;
}

static double get_time()
{
    struct timeval t;
    gettimeofday(&t, NULL);
    return t.tv_sec + t.tv_usec * 1e-6;
}

int main()
{
    int n = 1 << 12;
    float *d, h[4];
    cudaMalloc(&d, n * sizeof(float));
    double t0 = get_time();
    fill<<<(n + 255) / 256, 256>>>(d, n);
    cudaDeviceSynchronize();
    double t1 = get_time();
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("time %s\n", t1 >= t0 ? "ok" : "backwards");
    printf("RESULT %.1f\n", h[0] + h[1] + h[2] + h[3]);
    cudaFree(d);
    return 0;
}
