// case: step(..., short n, ...) uploads and downloads n ints every call; main calls it in a loop with an int m above 65535
// expect: the copies stay in step(): promoting them needs the argument as step() sees it
// trap: re-spelled in main with m, the copies moved 66560 ints where step() moved the 1024 the short kept
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
__global__ void twice(int *out, const int *in, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * 2 + t;
}
static void step(int *h_in, int *d_in, int *d_out, int *h_out, short n, int t)
{
    cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice);
    twice<<<(n + 255) / 256, 256>>>(d_out, d_in, n, t);
    cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
}
int main()
{
    const int n = 1024;
    int m = 65536 + n; /* passed to a short parameter: step sees 1024 */
    size_t big = (size_t)m * sizeof(int);
    int *h_in = (int *)malloc(big), *h_out = (int *)malloc(big);
    for (int i = 0; i < m; ++i) { h_in[i] = i % 23; h_out[i] = 1; }
    int *d_in, *d_out;
    cudaMalloc(&d_in, big);
    cudaMalloc(&d_out, big);
    cudaMemset(d_out, 0, big);
    for (int t = 0; t < 4; ++t) {
        step(h_in, d_in, d_out, h_out, m, t);
    }
    long long s = 0;
    for (int i = 0; i < m; ++i) s += h_out[i];
    printf("RESULT %lld\n", s);
    cudaFree(d_in); cudaFree(d_out); free(h_in); free(h_out);
    return 0;
}
