// case: GSOHC's callee-to-caller motion (issue 33): run_step() launches and ends with the blocking
//       download; main calls it twice, each time with host work before it reads the result, and a
//       third time where it reads the result at once; tally() returns a value after its download;
//       the helpers below it are the ones that cannot move (an early return, a local in the
//       sync, an argument with a side effect, a caller above the helper)
// expect: run_step's download leaves it: after the first two calls it goes down past the host
//         work (n / 2 substituted for n, in parentheses), after the third right after the call;
//         tally's download leaves it past its return; the others stay
// trap: each helper that stays would print another RESULT if its sync moved
#include <cstdio>
#include <cstdlib>

__global__ void scale(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = d[i] * 2.0f + 1.0f;
}

static void early(float *h, float *d, int n);

static void run_step(float *h, float *d, int n)
{
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}

static int tally(float *h, float *d, int n)
{
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    return n / 4;
}

static void maybe(float *h, float *d, int n)
{
    scale<<<(n + 255) / 256, 256>>>(d, n);
    if (n < 16)
        return;
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}

static void ownsize(float *h, float *d, int n)
{
    int m = n / 2;
    scale<<<(m + 255) / 256, 256>>>(d, m);
    cudaMemcpy(h, d, m * sizeof(float), cudaMemcpyDeviceToHost);
}

static void bumped(float *h, float *d, int n)
{
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}

static double busy(int k)
{
    double s = 0;
    for (int i = 0; i < k; i++)
        s += i * 0.5;
    return s;
}

int main()
{
    int n = 1 << 16;
    float *h = (float *)malloc(n * sizeof(float));
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemset(d, 0, n * sizeof(float));
    run_step(h, d, n);
    double a = busy(100000);
    double r = a + h[3];
    run_step(h, d, n / 2);
    double b = busy(200000);
    r += b + h[5];
    run_step(h, d, n);
    r += h[7];
    int q = tally(h, d, n);
    double c = busy(300000);
    r += c + h[q];
    maybe(h, d, n);
    r += busy(1000) + h[9];
    ownsize(h, d, n);
    r += busy(1000) + h[11];
    int m = n;
    bumped(h, d, m--);
    r += busy(1000) + h[13] + m;
    early(h, d, n);
    r += busy(1000) + h[15];
    printf("RESULT %.1f\n", r);
    cudaFree(d);
    free(h);
    return 0;
}

static void early(float *h, float *d, int n)
{
    scale<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}
