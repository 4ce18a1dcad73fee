// The callers of the helpers (tests/across.test); each reads the
// downloaded result only after host work, and prints one RESULT line.
#include <cstdio>
#include <cstdlib>
#include "across.h"

float peek(float *h, float *d, int n);

static double busy(int k)
{
    double s = 0;
    for (int i = 0; i < k; i++)
        s += i * 0.5;
    return s;
}

static void middle(float *h, float *d, int n)
{
    cudaMemset(d, 0, n * sizeof(float));
    inner(h, d, n);
}

// declares g_dev for itself: locals()'s download, which names the global
// g_dev, cannot come here
static double shadow(float *h, float *d, int n)
{
    float *g_dev = d;
    (void)g_dev;
    locals(h, n / 4);
    double g = busy(600000);
    return g + h[13];
}

int main()
{
    int n = N_ELEMS;
    float *h = (float *)malloc(n * sizeof(float));
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMalloc(&g_dev, n * sizeof(float));
    cudaMemset(d, 0, n * sizeof(float));
    cudaMemset(g_dev, 0, n * sizeof(float));
    step(h, d, n);
    double a = busy(100000);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    double r = a + h[3];
    step_global(h, n / 2);
    double b = busy(200000);
    cudaMemcpy(h, g_dev, (n / 2) * sizeof(float), cudaMemcpyDeviceToHost);
    r += b + h[5];
    step_macro(h, d);
    double c = busy(300000);
    r += c + h[7];
    step_static(h, n);
    double e = busy(400000);
    r += e + h[9];
    r += peek(h, d, n);
    twice(h, d, n);
    double f = busy(500000);
    r += f + h[11];
    r += shadow(h, d, n);
    middle(h, d, n);
    double k = busy(700000);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    r += k + h[15];
    launch(d, n);
    r += consume(h, d, n);
    printf("RESULT %.1f\n", r);
    free(h);
    cudaFree(d);
    cudaFree(g_dev);
    return 0;
}
