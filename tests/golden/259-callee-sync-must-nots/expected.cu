// case: the must-nevers across the boundary (issue 33): a helper's trailing download whose call
//       sites are between clock reads, read the result through another pointer to the same buffer,
//       sit in a loop, or recurse; a helper that reads a clock after its sync
// expect: fetch's download leaves it for its loop site (past the host work, inside the loop) and
//         stays right after the call where a clock read follows (the timed call) and where the
//         caller reads the buffer through alias; timed()'s download stays (a clock read follows it in
//         timed()); deep()'s stays (it calls itself: callers cuflow does not all see); part()'s
//         stays (main declares its own `extra`, which would stand for the global in main);
//         counted()'s stays (its call passes *pc, memory the caller rewrites before the read)
// trap: moved past the clock read the time would change meaning; moved past the read through
//       alias the sum would use stale values (the deferred oracle run prints another RESULT)
#include <cstdio>
#include <cstdlib>
#include <ctime>

__global__ void bump(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = d[i] + 1.5f;
}

static void fetch(float *h, float *d, int n)
{
    bump<<<(n + 255) / 256, 256>>>(d, n);
}

static double timed(float *h, float *d, int n)
{
    bump<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    return (double)clock();
}

static void deep(float *h, float *d, int n, int k)
{
    if (k > 0)
        deep(h, d, n, k - 1);
    bump<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}

static int extra = 1;

static void part(float *h, float *d, int n)
{
    bump<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, (n - extra) * sizeof(float), cudaMemcpyDeviceToHost);
}

static void counted(float *h, float *d, int n)
{
    bump<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}

static double busy(int k)
{
    double s = 0;
    for (int i = 0; i < k; i++)
        s += i * 0.25;
    return s;
}

int main()
{
    const int n = 1 << 14;
    float *h = (float *)malloc(n * sizeof(float));
    float *alias = h;
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 11);
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    double r = 0;
    for (int it = 0; it < 3; it++) {
        fetch(h, d, n);
        r += busy(50000);
        cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
        r += h[it];
    }
    clock_t t0 = clock();
    fetch(h, d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    clock_t t1 = clock();
    r += h[4] + (t1 >= t0);
    fetch(h, d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    r += alias[5] + busy(1000);
    double c = timed(h, d, n);
    r += busy(2000) + h[6] + (c >= 0);
    deep(h, d, n, 2);
    r += busy(3000) + h[7];
    int extra = n / 2;
    part(h, d, n);
    r += busy(4000) + h[8] + extra;
    int cnt = n;
    int *pc = &cnt;
    counted(h, d, *pc);
    *pc = 1;
    r += busy(5000) + h[10] + cnt;
    printf("RESULT %.1f\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
