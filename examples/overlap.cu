// overlap.cu: a blocking copy placed right after a launch keeps the CPU idle
// while the GPU works. cuflow moves it below the independent host work.
//
//   src/cuflow examples/overlap.cu        (prints the diff and the report)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void square(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = in[i];
        for (int k = 0; k < 200; ++k)
            v = v * 0.999f + 0.001f * (float)k;
        out[i] = v * v;
    }
}

static double host_reference(const double *w, int n)
{
    double s = 0.0;
    for (int i = 0; i < n; ++i)
        s += w[i] * w[i] + 0.5 * w[i];
    return s;
}

int main()
{
    const int n = 1 << 22;
    float *h_in = (float *)malloc(n * sizeof(float));
    float *h_out = (float *)malloc(n * sizeof(float));
    double *w = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i) {
        h_in[i] = (float)(i % 100) / 100.0f;
        w[i] = (double)(i % 7);
    }
    float *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, n * sizeof(float));
    cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice);

    square<<<(n + 255) / 256, 256>>>(d_in, d_out, n);
    // the results come back to the host
    cudaMemcpy(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);

    // host work that needs nothing from the GPU
    double ref = host_reference(w, n);

    double sum = 0.0;
    for (int i = 0; i < n; ++i)
        sum += h_out[i];
    printf("RESULT %.3f %.1f\n", sum, ref);

    cudaFree(d_in);
    cudaFree(d_out);
    free(h_in);
    free(h_out);
    free(w);
    return 0;
}
