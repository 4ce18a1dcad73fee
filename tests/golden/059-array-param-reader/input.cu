// case: host functions and a kernel that take their buffers as array parameters (double c[], double c[][N]), which are pointers
// expect: both cudaMemcpy calls stay; the cudaDeviceSynchronize after fill2 stays before show(q); only the sync before the host work on w moves
// trap: sum() and integral() read the copied host buffers through array-syntax parameters; a tool that took c for an array of its own (libclang reports the written array type) would move the copies below the calls, which would then read the stale zeros
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define NX 4
#define NY 8

__global__ void fill(double out[], int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 1.0 + (i % 3);
}

__device__ void put(double q[][NX], int i) { q[i][i % NX] = 2.0 * i; }

__global__ void fill2(double q[][NX], int rows)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < rows)
        put(q, i);
}

double sum(const double c[], int n)
{
    double s = 0.0;
    for (int i = 0; i < n; ++i)
        s += c[i];
    return s;
}

double integral(const double c[][NY][NX], int nz)
{
    double s = 0.0;
    for (int z = 0; z < nz; ++z)
        for (int y = 0; y < NY; ++y)
            for (int x = 0; x < NX; ++x)
                s += c[z][y][x] * (x + 1);
    return s;
}

double show(const double v[][NX], int rows)
{
    double s = 0.0;
    for (int r = 0; r < rows; ++r)
        s += v[r][r % NX];
    return s;
}

int main()
{
    const int n = 2 * NY * NX, nz = 2;
    double *h = (double *)calloc(n, sizeof(double));
    double (*g)[NY][NX] = (double (*)[NY][NX])calloc(n, sizeof(double));
    double *d, *e;
    cudaMalloc(&d, n * sizeof(double));
    cudaMalloc(&e, n * sizeof(double));
    fill<<<1, 64>>>(d, n);
    fill<<<1, 64>>>(e, n);
    cudaMemcpy(h, d, n * sizeof(double), cudaMemcpyDeviceToHost);
    double s1 = sum(h, n);
    cudaMemcpy(g, e, n * sizeof(double), cudaMemcpyDeviceToHost);
    double s2 = integral(g, nz);

    double (*q)[NX];
    cudaMallocManaged(&q, 16 * sizeof(double[NX]));
    for (int r = 0; r < 16; ++r)
        for (int x = 0; x < NX; ++x)
            q[r][x] = 0.0;
    fill2<<<1, 16>>>(q, 16);
    cudaDeviceSynchronize();
    double s3 = show(q, 16);

    double *w = (double *)malloc(1000 * sizeof(double));
    fill<<<1, 64>>>(d, n);
    cudaDeviceSynchronize();
    double hw = 0.0;
    for (int i = 0; i < 1000; ++i) {
        w[i] = i * 0.5;
        hw += w[i];
    }
    printf("RESULT %.1f %.1f %.1f %.1f\n", s1, s2, s3, hw);
    cudaFree(d);
    cudaFree(e);
    cudaFree(q);
    free(h);
    free(g);
    free(w);
    return 0;
}
