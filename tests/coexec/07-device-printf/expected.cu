// Trap: device-side printf; its lines come from one device, in its order.
#include <cstdio>

__global__ void report(const int *v, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = v[i] * 2;
    if (i == 0)
        printf("first %d\n", out[0]);
}

int main()
{
    int h[1024], *dv, *dout;
    for (int i = 0; i < 1024; i++)
        h[i] = i;
    cudaMalloc(&dv, sizeof h);
    cudaMalloc(&dout, sizeof h);
    cudaMemcpy(dv, h, sizeof h, cudaMemcpyHostToDevice);
    report<<<8, 128>>>(dv, dout);
    cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
    long s = 0;
    for (int i = 0; i < 1024; i++)
        s += h[i];
    printf("RESULT printf %ld\n", s);
    return 0;
}
