// case: motion up the call chain (issue 33, GSOHC section 3.2): inner() ends with the blocking
//       download and is called by middle(), which outer() calls, which main calls before host
//       work; main also calls inner() on a line it shares with host work and a read of the result;
//       quick()'s download reaches the end of wrap(), whose only call is followed by a read
// expect: inner's download leaves inner, middle and outer in three rounds of one run and lands in
//         main after busy(), before the read; at main's other call the line splits after the host
//         work, before the read; quick's download stays (no caller up the chain has work to overlap)
// trap: a download carried past the read of h[3] or h[5] would print another RESULT (the
//       deferred oracle run)
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

static void inner(float *h, float *d, int n)
{
    scale<<<(n + 255) / 256, 256>>>(d, n);
}

static void middle(float *h, float *d, int n)
{
    cudaMemset(d, 0, n * sizeof(float));
    inner(h, d, n);
}

static void outer(float *h, float *d, int n)
{
    middle(h, d, n);
}

static void quick(float *h, float *d, int n)
{
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}

static void wrap(float *h, float *d, int n)
{
    quick(h, d, n);
}

int main()
{
    int n = 1 << 16;
    float *h = (float *)malloc(n * sizeof(float));
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    outer(h, d, n);
    double a = busy(100000);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    double r = a + h[3];
    inner(h, d, n); double b = busy(1000);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    r += b + h[5];
    wrap(h, d, n);
    r += h[7];
    printf("RESULT %.3f\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
