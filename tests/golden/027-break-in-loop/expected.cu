// case: break trap: in an iteration loop, the copy is followed by independent host work and then "if (hw > limit) break;"
// expect: in the loop body, "cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" moves past the host-work loop ("hw += h_w[i] * 0.5;") to just before "if (hw > limit)" (whose body is "break;")
// trap: the break is taken at it == 3; a copy moved below the if would skip that iteration's copy, so h_out would keep the data of it == 2 and fsum would change
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void produce(float *out, int n, int salt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = (i + salt * 31) % 1000;
        for (int k = 0; k < 64; ++k)
            v = (v * 17 + 11) % 1009;
        out[i] = (float)(v % 100);
    }
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_out = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_out[i] = -1.0f;
        h_w[i] = (i % 109) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, bytes);

    const double limit = 1.0e8;
    double hw = 0.0;
    long long partial = 0;
    long long fsum = 0;
    int iters = 0;

    for (int it = 0; it < 8; ++it) {
        produce<<<blocks, threads>>>(d_out, n, 27 + it);
        for (int i = 0; i < n; ++i)
            hw += h_w[i] * 0.5;
        cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
        if (hw > limit)
            break;
        partial += (long long)h_out[it];
        iters = it + 1;
    }

    for (int i = 0; i < n; ++i)
        fsum += (long long)h_out[i];

    printf("RESULT %lld %lld %d %.1f\n", fsum, partial, iters, hw);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
