// case: a loop downloads each iteration and asserts on the host copy, analysed with -DNDEBUG
// expect: the download stays in the loop: the assert reads it in the configuration without NDEBUG
// trap: sunk out of the loop, the build without NDEBUG would abort on the first iteration
#include <cassert>
#include <cstdio>
#include <cstdlib>
__global__ void step(int *d, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] = t + i;
}
int main()
{
    const int n = 1024;
    int *h = (int *)malloc(n * sizeof(int));
    int *d;
    cudaMalloc(&d, n * sizeof(int));
    for (int t = 0; t < 4; t++) {
        step<<<(n + 255) / 256, 256>>>(d, n, t);
        cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
        assert(h[0] == t);            /* checks every step in a build without -DNDEBUG */
    }
    printf("RESULT %d\n", h[5]);
    cudaFree(d);
    free(h);
    return 0;
}
