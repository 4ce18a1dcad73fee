// Trap: an in-place smoothing step reads the neighbours of the element it
// writes, in the same array: a block on one device would read what a
// block on the other writes. Each block's range reaches its neighbours',
// so the runtime keeps every launch on the GPU.
#include <cstdio>
#include <cstdlib>

__global__ void smooth(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n - 1 && i % 2 == 1)
        a[i] = 0.5f * (a[i - 1] + a[i + 1]);
}

int main()
{
    const int n = 1 << 20;
    float *h = (float *)malloc(n * sizeof(float)), *d;
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 17);
    cudaMalloc(&d, n * sizeof(float));
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    smooth<<<n / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i];
    printf("RESULT smooth %.1f\n", s);
    return 0;
}
