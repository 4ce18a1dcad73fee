// Each thread copies a float4 through *(float4 *)&in[4 * i]: the range
// analysis takes &in[4 * i] for the one element in[4 * i].
#include <cstdio>
#include <cstdlib>

__global__ void scale4(float *out, const float *in, int n4)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4)
        *(float4 *)&out[4 * i] = *(const float4 *)&in[4 * i];
}

int main()
{
    const int n = 1 << 20;
    float *h = (float *)malloc(n * sizeof(float)), *r = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 1000);
    float *din, *dout;
    cudaMalloc(&din, n * sizeof(float));
    cudaMalloc(&dout, n * sizeof(float));
    cudaMemcpy(din, h, n * sizeof(float), cudaMemcpyHostToDevice);
    scale4<<<n / 4 / 256, 256>>>(dout, din, n / 4);
    cudaMemcpy(r, dout, n * sizeof(float), cudaMemcpyDeviceToHost);
    long long bad = 0, sum = 0;
    for (int i = 0; i < n; i++) {
        bad += r[i] != h[i];
        sum += (long long)r[i];
    }
    printf("RESULT bug1 bad=%lld sum=%lld\n", bad, sum);
    return 0;
}
