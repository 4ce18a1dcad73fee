// case: PEEK(r, h) reads h under -DVARIANT and is (void)0 otherwise; a download into h before host work and PEEK
// expect: the download moves down to PEEK, not past it (configs: VARIANT; the rewrite must print the same there)
// trap: the statement was judged by the parsed configuration's expansion, (void)0, and the download moved past it
#include <cstdio>
#include <cstdlib>
#ifdef VARIANT
#define PEEK(r, h) ((r) += (h)[1])
#else
#define PEEK(r, h) ((void)0)
#endif
__global__ void inc(int *d) { d[threadIdx.x] += 1; }
int main()
{
    int *h = (int *)calloc(64, sizeof(int)), *d;
    cudaMalloc(&d, 64 * sizeof(int));
    cudaMemset(d, 0, 64 * sizeof(int));
    inc<<<1, 64>>>(d);
    long r = 0;
    for (int i = 0; i < 100; i++)
        r += i;
    cudaMemcpy(h, d, 64 * sizeof(int), cudaMemcpyDeviceToHost);
    PEEK(r, h);
    printf("RESULT %ld %d\n", r, h[63]);
    return 0;
}
