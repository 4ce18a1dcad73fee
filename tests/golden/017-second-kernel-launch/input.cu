// case: copy-vs-kernel order trap: after independent host work a second kernel overwrites the copy's source buffer
// expect: "cudaMemcpy(h_first, d_out, bytes, cudaMemcpyDeviceToHost);" moves past the host-work loop ("hw += h_w[i] * 0.25;") to just before the launch "produce<<<blocks, threads>>>(d_out, n, 40);"; the second copy "cudaMemcpy(h_second, d_out, bytes, cudaMemcpyDeviceToHost);" does not move (its data is read by the next statement)
// trap: a first copy moved below the second launch would fetch round-2 data, making fsum equal ssum
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

    float *h_first = (float *)malloc(bytes);
    float *h_second = (float *)malloc(bytes);
    double *h_w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_first[i] = -1.0f;
        h_second[i] = -1.0f;
        h_w[i] = (i % 59) * 1.0;
    }
    float *d_out;
    cudaMalloc(&d_out, bytes);

    long long fsum = 0;
    long long ssum = 0;
    double hw = 0.0;

    produce<<<blocks, threads>>>(d_out, n, 17);
    cudaMemcpy(h_first, d_out, bytes, cudaMemcpyDeviceToHost);

    for (int i = 0; i < n; ++i)
        hw += h_w[i] * 0.25;

    produce<<<blocks, threads>>>(d_out, n, 40);
    cudaMemcpy(h_second, d_out, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        ssum += (long long)h_second[i];
    for (int i = 0; i < n; ++i)
        fsum += (long long)h_first[i] * 2;

    printf("RESULT %lld %lld %.2f\n", fsum, ssum, hw);
    free(h_first);
    free(h_second);
    free(h_w);
    cudaFree(d_out);
    return 0;
}
