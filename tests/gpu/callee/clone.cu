// Issue 33, call sites that differ: step() ends with the blocking
// download; main's first call each round is followed by host work, the
// second is an if's own body and the third needs the result at once.
// cuflow gives the first call step_nosync(), a copy without the download,
// and puts the download after the host work; the others keep step().
// Self-checking: RESULT is the same either way.
// usage: clone [n [rounds [iters]]]
#include <cmath>
#include <cstdio>
#include <cstdlib>

__global__ void smooth(float *d, int n, int iters)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = d[i];
    for (int k = 0; k < iters; k++)
        x = x * 0.999f + 0.001f * sinf(x);
    d[i] = x;
}

static void step(float *h, float *d, int n, int iters)
{
    smooth<<<(n + 255) / 256, 256>>>(d, n, iters);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
}

static double hostwork(const double *w, int m)
{
    double s = 0;
    for (int i = 0; i < m; i++)
        s += sqrt(w[i]) * 1e-3;
    return s;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    int rounds = argc > 2 ? atoi(argv[2]) : 50;
    int iters = argc > 3 ? atoi(argv[3]) : 2000;
    int m = 1 << 21;
    float *h = (float *)malloc(n * sizeof(float));
    double *w = (double *)malloc(m * sizeof(double));
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 97) * 0.01f;
    for (int i = 0; i < m; i++)
        w[i] = (double)(i % 1013);
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    double acc = 0, chk = 0;
    for (int r = 0; r < rounds; r++) {
        step(h, d, n, iters);
        acc += hostwork(w, m);
        chk += h[(r * 131) % n];
        if (r % 5 == 4)
            step(h, d, n, iters / 8);
        chk += h[(r * 7) % n];
        step(h, d, n, iters / 8);
        chk += h[(r * 7919) % n];
    }
    printf("RESULT %.6e %.6f\n", chk, acc);
    cudaFree(d);
    free(w);
    free(h);
    return 0;
}
