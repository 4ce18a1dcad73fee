// case: step() keeps a thread_local call counter and ends in a download; main calls it once where the download could leave it and in a loop where it cannot
// expect: no clone step_nosync(): a clone would split the thread_local counter (report names it)
// trap: with a clone, the clone's calls would count on a counter of their own and the launches would get other arguments (RESULT 300018 instead of 300120)
#include <cstdio>
#include <cstdlib>

__global__ void fill(float *d, int n, int salt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] = (float)((i * 7 + salt) % 13);
}

static long long busy(int k)
{
    long long s = 0;
    for (int i = 0; i < k; i++) s += i % 7;
    return s;
}

static void step(float *h, float *d, int n)
{
    thread_local int calls = 0;
    fill<<<(n + 255) / 256, 256>>>(d, n, ++calls);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}

int main()
{
    int n = 1 << 16;
    float *h = (float *)malloc(n * sizeof(float));
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    step(h, d, n);
    long long r = busy(100000);
    r += (long long)h[3];
    for (int k = 0; k < 2; k++) {
        step(h, d, n);
        r += (long long)h[4 + k];
    }
    if (n > 4)
        step(h, d, n);
    r += (long long)h[7] * 100;
    printf("RESULT %lld\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
