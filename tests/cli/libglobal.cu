// A global host buffer, and a library function with no rule called
// elsewhere: code in a library cannot name the program's globals, so the
// upload from it is still followed and leaves the loop.
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <cuda_runtime.h>

float *g_host;

__global__ void add(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] += in[i];
}

long cores() { return sysconf(_SC_NPROCESSORS_ONLN); }

int main()
{
    const int n = 1024;
    g_host = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; ++i)
        g_host[i] = i;
    float *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, n * sizeof(float));
    cudaMemset(d_out, 0, n * sizeof(float));
    for (int t = 0; t < 4; ++t) {
        cudaMemcpy(d_in, g_host, n * sizeof(float), cudaMemcpyHostToDevice);
        add<<<4, 256>>>(d_in, d_out, n);
    }
    cudaMemcpy(g_host, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
    printf("%f\n", g_host[n - 1]);
    return 0;
}
