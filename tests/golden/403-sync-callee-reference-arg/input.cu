// case: main passes int &len = n to step(h, d, len), then halves n before host work
// expect: the download stays in step(): len is a reference, whose referent n changes after the call
// trap: moved out as cudaMemcpy(h, d, len * sizeof(float), ...) below n = n / 2, it would copy half the bytes
#include <cstdio>
#include <cstdlib>

__global__ void fill(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] = (float)(i % 13);
}

static long long busy(int k)
{
    long long s = 0;
    for (int i = 0; i < k; i++) s += i % 7;
    return s;
}

static void step(float *h, float *d, int n)
{
    fill<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}

int main()
{
    int n = 1 << 16, total = n;
    int &len = n;
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) h[i] = -1.0f;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    step(h, d, len);
    n = n / 2;
    long long w = busy(100000);
    long long s = 0;
    for (int i = 0; i < total; i++) s += (long long)h[i];
    printf("RESULT %lld %lld\n", s, w);
    cudaFree(d);
    free(h);
    return 0;
}
