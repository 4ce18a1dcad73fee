// In place, each block's elements its own: a decay step reads and writes
// x[i] through one pointer, ten launches; the runtime splits it. A 2-D
// tiled scale in place too, but a block's rows interleave with its
// neighbours' in the range cuflow can bound: the runtime keeps that one on
// the GPU at every launch (a sufficient test, not the exact one).
#include <cstdio>
#include <cstdlib>

__global__ void decay(float *x, int n, float k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = x[i] * k + 1.0f;
}

__global__ void tile2d(float *a, int w)
{
    int r = blockIdx.y * 16 + threadIdx.y, c = blockIdx.x * 16 + threadIdx.x;
    a[r * w + c] = a[r * w + c] * 2.0f - 1.0f;
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 20, w = 512;
    float *h = (float *)malloc(n * sizeof(float)), *g = (float *)malloc(w * w * sizeof(float));
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 97);
    for (int i = 0; i < w * w; i++)
        g[i] = (float)(i % 13);
    float *dx, *dg;
    cudaMalloc(&dx, n * sizeof(float));
    cudaMalloc(&dg, w * w * sizeof(float));
    cudaMemcpy(dx, h, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(dg, g, w * w * sizeof(float), cudaMemcpyHostToDevice);
    for (int step = 0; step < 10; step++)
        decay<<<(n + 255) / 256, 256>>>(dx, n, 0.5f);
    tile2d<<<dim3(w / 16, w / 16), dim3(16, 16)>>>(dg, w);
    float *rx = (float *)malloc(n * sizeof(float)), *rg = (float *)malloc(w * w * sizeof(float));
    cudaMemcpy(rx, dx, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(rg, dg, w * w * sizeof(float), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++) {
        float v = h[i];
        for (int step = 0; step < 10; step++)
            v = v * 0.5f + 1.0f;
        bad += rx[i] != v;
    }
    for (int i = 0; i < w * w; i++)
        bad += rg[i] != g[i] * 2.0f - 1.0f;
    printf("RESULT inplace n=%d bad=%d\n", n, bad);
    cudaFree(dx);
    cudaFree(dg);
    free(h);
    free(g);
    free(rx);
    free(rg);
    return 0;
}
