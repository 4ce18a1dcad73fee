// case: call sites that differ (issue 33, GSOHC Fig. 9(b)): step()'s trailing download can leave
//       it at main's first call (host work follows) but not at the call that is an if's own body
//       nor at the loop's call, whose next statement reads the result; counted() keeps a static
//       local and named() prints __func__, so a copy of either would change what the program prints
// expect: step_nosync(), a static copy of step() without the download, beside it; the first call
//         calls it and the download follows past busy(), before the read; the other two calls keep
//         step(); counted() and named() are not cloned (their reasons), their downloads stay
// trap: a clone of counted() would split its call counter and print another RESULT; a clone of
//       named() would print another name
#include <cstdio>
#include <cstdlib>

__global__ void scale(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = d[i] * 2.0f + 1.0f;
}

static double busy(int k)
{
    double s = 0;
    for (int i = 0; i < k; i++)
        s += i * 0.5;
    return s;
}

static void step(float *h, float *d, int n)
{
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}

static int counted(float *h, float *d, int n)
{
    static int calls = 0;
    calls++;
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    return calls;
}

static void named(float *h, float *d, int n)
{
    printf("in %s\n", __func__);
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}

int main()
{
    int n = 1 << 16;
    float *h = (float *)malloc(n * sizeof(float));
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemset(d, 0, n * sizeof(float));
    step(h, d, n);
    double a = busy(100000);
    double r = a + h[3];
    if (n > 4)
        step(h, d, n);
    r += h[9];
    for (int i = 0; i < 3; i++) {
        step(h, d, n / (i + 1));
        r += busy(1000) + h[i];
    }
    int k = 0;
    if (n > 4)
        k = counted(h, d, n);
    r += h[11] + k;
    counted(h, d, n);
    r += busy(2000);
    r += h[13];
    if (n > 4)
        named(h, d, n);
    r += h[15];
    named(h, d, n);
    r += busy(3000);
    r += h[17];
    k = counted(h, d, n);
    printf("RESULT %.3f %d\n", r, k);
    cudaFree(d);
    free(h);
    return 0;
}
