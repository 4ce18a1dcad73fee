#include <cstdio>
struct Par { int n; float k; };

__global__ void gc(float *p, const __grid_constant__ Par q)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < q.n) p[i] = q.k * i;
}

int main()
{
    const int n = 1 << 12;
    float *d, h[n];
    cudaMalloc(&d, n * sizeof(float));
    Par q = {n, 2.0f};
    gc<<<n / 256, 256>>>(d, q);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++) s += h[i];
    printf("RESULT s=%.1f\n", s);
    return 0;
}
