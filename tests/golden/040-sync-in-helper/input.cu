// case: positive: the copy lives in a helper (not main) with no launch of its own in that function; device work is assumed pending there
// expect: in collect(), "cudaMemcpy(h_dst, d_src, m * sizeof(float), cudaMemcpyDeviceToHost);" moves past the scalar host-work loop ("ref += (i % 181) * 0.5;") to just before the loop "for (int i = 0; i < m; ++i) s += (long long)h_dst[i];"; nothing in main moves
// trap: a copy moved below the sum loop would sum -1 sentinels; treating the helper like main (nothing pending) would leave it unmoved
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

static long long collect(float *h_dst, const float *d_src, int m, double *ref_out)
{
    long long s = 0;
    double ref = 0.0;
    cudaMemcpy(h_dst, d_src, m * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < m; ++i)
        ref += (i % 181) * 0.5;
    for (int i = 0; i < m; ++i) s += (long long)h_dst[i];
    *ref_out = ref;
    return s;
}

int main()
{
    const int n = 1 << 20;
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;

    float *h_out = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; ++i)
        h_out[i] = -1.0f;
    float *d_out;
    cudaMalloc(&d_out, n * sizeof(float));

    double ref = 0.0;
    produce<<<blocks, threads>>>(d_out, n, 40);
    long long sum = collect(h_out, d_out, n, &ref);

    printf("RESULT %lld %.1f\n", sum, ref);
    free(h_out);
    cudaFree(d_out);
    return 0;
}
