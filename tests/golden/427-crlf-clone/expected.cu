// case: golden 262 with CRLF line endings: a helper's download leaves it for one call site, the others call a NAME_nosync copy
// expect: the same moves as 262, and every line of the copy and of the moved statements ends in CRLF
// trap: the clone's lines came out with LF endings in a CRLF file
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

static void step_nosync(float *h, float *d, int n)
{
    scale<<<(n + 255) / 256, 256>>>(d, n);
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
    step_nosync(h, d, n);
    double a = busy(100000);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
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
