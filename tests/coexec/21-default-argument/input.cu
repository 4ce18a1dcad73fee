// A kernel declared first with a default argument, defined later; the
// launch after the definition leaves the argument out.
#include <cstdio>
#include <cstdlib>

__global__ void addk(int *out, const int *in, int n, int k = 5);

__global__ void addk(int *out, const int *in, int n, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] + k;
}

int main()
{
    const int n = 1 << 16;
    int *h = (int *)malloc(n * sizeof(int)), *r = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        h[i] = i % 1000;
    int *a, *b;
    cudaMalloc(&a, n * sizeof(int));
    cudaMalloc(&b, n * sizeof(int));
    cudaMemcpy(a, h, n * sizeof(int), cudaMemcpyHostToDevice);
    addk<<<n / 256, 256>>>(b, a, n);
    cudaMemcpy(r, b, n * sizeof(int), cudaMemcpyDeviceToHost);
    long long bad = 0, sum = 0;
    for (int i = 0; i < n; i++) { bad += r[i] != h[i] + 5; sum += r[i]; }
    printf("RESULT default-arg bad=%lld sum=%lld\n", bad, sum);
    return 0;
}
