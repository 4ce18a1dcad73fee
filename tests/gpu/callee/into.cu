// Issue 33, into a callee (GSOHC Fig. 7): main launches, downloads
// asynchronously into pinned memory, waits with cudaDeviceSynchronize and
// calls consume(), which does host work first and reads the result after.
// cuflow moves the wait into consume(), past its host work. Self-checking:
// RESULT is the same either way.
// usage: into [n [rounds [iters]]]
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

static double hostwork(const double *w, int m)
{
    double s = 0;
    for (int i = 0; i < m; i++)
        s += sqrt(w[i]) * 1e-3;
    return s;
}

static double consume(const float *res, const double *w, int m, int n, int r)
{
    double acc = hostwork(w, m);
    acc += res[(r * 131) % n];
    return acc;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    int rounds = argc > 2 ? atoi(argv[2]) : 50;
    int iters = argc > 3 ? atoi(argv[3]) : 2000;
    int m = 1 << 21;
    float *h;
    cudaMallocHost(&h, n * sizeof(float));
    double *w = (double *)malloc(m * sizeof(double));
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 97) * 0.01f;
    for (int i = 0; i < m; i++)
        w[i] = (double)(i % 1013);
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    double acc = 0;
    for (int r = 0; r < rounds; r++) {
        smooth<<<(n + 255) / 256, 256>>>(d, n, iters);
        cudaMemcpyAsync(h, d, n * sizeof(float), cudaMemcpyDeviceToHost, 0);
        cudaDeviceSynchronize();
        acc += consume(h, w, m, n, r);
    }
    printf("RESULT %.6f\n", acc);
    cudaFree(d);
    free(w);
    cudaFreeHost(h);
    return 0;
}
