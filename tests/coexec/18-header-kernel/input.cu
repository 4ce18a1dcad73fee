// Kernels defined in a header the main file includes (HeCBench's
// kernels.h): blend's partition-ready copy and launcher go right after the
// #include, where its definition and helper are in scope (not the one
// inside #if 0). fill comes from
// a header kern.h includes: the launcher could not be put beside an
// #include of the main file, so it stays on the GPU.
#include <cstdio>
#include <cstdlib>
#if 0 // a configuration the parse leaves out: the glue must not go here
#include "kern.h"
#endif
#include "kern.h"

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    float *a, *b, *c;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaMalloc(&c, n * sizeof(float));
    fill<<<(n + 255) / 256, 256>>>(a, n, 1.0f);
    fill<<<(n + 255) / 256, 256>>>(b, n, 9.0f);
    for (int r = 0; r < 3; r++)
        blend<<<(n + 255) / 256, 256>>>(a, b, // the inputs (a comment in the arguments)
                                        c, n, 0.25f * (float)(r + 1));
    float *h = (float *)malloc(n * sizeof(float));
    cudaMemcpy(h, c, n * sizeof(float), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++) {
        float x = 1.0f + (float)(i % 7), y = 9.0f + (float)(i % 7);
        bad += h[i] != x + 0.75f * (y - x);
    }
    printf("RESULT header n=%d bad=%d\n", n, bad);
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    free(h);
    return 0;
}
