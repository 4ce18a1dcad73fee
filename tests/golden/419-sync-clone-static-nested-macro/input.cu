// case: a helper's static counter declared through nested macros (#define STATIC static; NEXT_SALT uses STATIC)
// expect: no clone of the helper: the parse sees the static local c_
// trap: a clone would split the counter (300018 instead of 300120)
#include <cstdio>
#include <cstdlib>

#define STATIC static
#define NEXT_SALT(v) STATIC int c_ = 0; int v = ++c_

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
    NEXT_SALT(salt);
    fill<<<(n + 255) / 256, 256>>>(d, n, salt);
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
