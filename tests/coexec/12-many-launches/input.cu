// Many small launches of one kernel (a time step): what the split costs
// per launch when the runtime keeps the kernel on the GPU.
#include <cstdio>
#include <cstdlib>

__global__ void step(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 0.5f * in[i] + 1.0f;
}

int main(int argc, char **argv)
{
    const int steps = argc > 2 ? atoi(argv[2]) : 1000, n = 1 << 14;
    float *h = (float *)malloc(n * sizeof(float)), *a, *b;
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 10);
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaMemcpy(a, h, n * sizeof(float), cudaMemcpyHostToDevice);
    for (int s = 0; s < steps; s++) {
        step<<<n / 256, 256>>>(a, b, n);
        float *t = a;
        a = b;
        b = t;
    }
    cudaMemcpy(h, a, n * sizeof(float), cudaMemcpyDeviceToHost);
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += h[i];
    printf("RESULT steps=%d sum=%.3f\n", steps, sum);
    return 0;
}
