// case: step() gets a static counter from a macro of the file (NEXT_SALT: do { static int c_ ... } while (0)); its download could leave it for one call site
// expect: no clone: the macro's definition names static (report names NEXT_SALT)
// trap: a clone would split the macro's static counter (RESULT 300018 instead of 300120)
#include <cstdio>
#include <cstdlib>

#define NEXT_SALT(v) int v; do { static int c_ = 0; v = ++c_; } while (0)

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
