// Trap: the kernel reads __constant__ memory the host fills with
// cudaMemcpyToSymbol; the CPU's side would read its own, unfilled copy.
#include <cstdio>

__constant__ float coef[4];

__global__ void poly(const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = coef[0] + x[i] * (coef[1] + x[i] * (coef[2] + x[i] * coef[3]));
}

int main()
{
    const int n = 1 << 20;
    static float x[1 << 20], y[1 << 20];
    for (int i = 0; i < n; i++)
        x[i] = (i % 100) / 100.0f;
    float c[4] = {1, 2, 3, 4}, *dx, *dy;
    cudaMemcpyToSymbol(coef, c, sizeof c);
    cudaMalloc(&dx, sizeof x);
    cudaMalloc(&dy, sizeof y);
    cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
    poly<<<n / 256, 256>>>(dx, dy, n);
    cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += y[i];
    printf("RESULT poly %.0f\n", s);
    return 0;
}
