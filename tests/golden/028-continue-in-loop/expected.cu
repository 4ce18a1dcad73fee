// case: continue trap: in a loop body, the copy is followed by independent host work and then "if (it % 2 == 1) continue;" before the use
// expect: in the loop body, "cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);" moves past the host-work loop ("hw += h_w[i] * 0.25;") to just before "if (it % 2 == 1)" (whose body is "continue;")
// trap: the last iteration (it == 3) continues; a copy moved below the if would skip the odd iterations' copies, so h_out would end with iteration-2 data and fsum would change
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
        h_w[i] = (i % 113) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, bytes);

    double hw = 0.0;
    long long even_sum = 0;
    long long fsum = 0;

    for (int it = 0; it < 4; ++it) {
        produce<<<blocks, threads>>>(d_out, n, 28 + it);
        for (int i = 0; i < n; ++i)
            hw += h_w[i] * 0.25;
        cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost);
        if (it % 2 == 1)
            continue;
        for (int i = 0; i < n; i += 1024)
            even_sum += (long long)h_out[i];
    }

    for (int i = 0; i < n; ++i)
        fsum += (long long)h_out[i];

    printf("RESULT %lld %lld %.2f\n", fsum, even_sum, hw);
    free(h_out);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
