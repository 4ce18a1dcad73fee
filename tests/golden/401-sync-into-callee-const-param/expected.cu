// case: a download just before consume(h, d, n), whose parameter res is const float *, and which does host work before reading res
// expect: the download stays in main: h is passed as const float *, so the copy cannot be written in consume() through res
// trap: moved into consume() as cudaMemcpy(res, ...), the rewrite does not compile (a const float * as the copy's destination)
#include <cstdio>
#include <cstdlib>

__global__ void fill(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] = (float)(i % 13);
}

static long long consume(const float *res, float *dev, int n)
{
    long long s = 0;
    for (int i = 0; i < 100000; i++) s += i % 7;
    for (int i = 0; i < n; i++) s += (long long)res[i];
    return s;
}

int main()
{
    int n = 1 << 16;
    float *h = (float *)malloc(n * sizeof(float));
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    fill<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    long long r = consume(h, d, n);
    printf("RESULT %lld\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
