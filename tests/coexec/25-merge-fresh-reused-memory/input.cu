// A grid-stride (formless, write-only) kernel into a fresh cudaMalloc'd
// buffer that reuses memory freed earlier: every element is written, so the
// CUDA program's answer is defined whatever the fresh memory held.
#include <cstdio>
#include <cstdlib>

__global__ void fill(float *out, int n, float k)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        out[i] = k * (float)(i % 1000);
}

int main()
{
    const int n = 1 << 20;
    float *h = (float *)malloc(n * sizeof(float));
    long long bad = 0;
    double sum = 0;
    for (int rep = 1; rep <= 4; rep++) {
        float *d;
        cudaMalloc(&d, n * sizeof(float));          // typically the address freed last round, old bytes in it
        fill<<<n / 256, 256>>>(d, n, (float)rep);   // writes every element
        cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
        for (int i = 0; i < n; i++) { bad += h[i] != (float)rep * (float)(i % 1000); sum += h[i]; }
        cudaFree(d);
    }
    printf("RESULT bad=%lld sum=%.1f\n", bad, sum);
    return 0;
}
