// case: a helper downloads, then calls name.substr(pos), which throws std::out_of_range; main catches it and reads h[3]
// expect: the download moves past busy() and stops before the substr line: the call may throw (rules/cxx.rules: substr throws)
// trap: moved past substr, the download would not happen on the throwing path and the catch would read the stale h[3] (RESULT 1001 instead of 1011)
#include <cstdio>
#include <cstdlib>
#include <string>
#include <stdexcept>
__global__ void k(int *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] += 10;
}
static long busy(int m) { long s = 0; for (int i = 0; i < m; i++) s += i % 7; return s; }
static long work(int *h, int *d, int n, const std::string &name, size_t pos)
{
    k<<<(n + 255) / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    long s = busy(100);
    s += (long)name.substr(pos).size();   /* throws std::out_of_range when pos > 6 */
    return s + h[3];
}
int main(int argc, char **argv)
{
    const int n = 1024;
    int *h = (int *)malloc(n * sizeof(int));
    int *d;
    for (int i = 0; i < n; i++) h[i] = 1;
    cudaMalloc(&d, n * sizeof(int));
    cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
    long r;
    try {
        r = work(h, d, n, "abcdef", argc + 40);
    } catch (const std::out_of_range &) {
        r = 1000 + h[3];              /* h[3] == 11: work() downloaded before throwing */
    }
    printf("RESULT %ld\n", r);
    cudaFree(d);
    free(h);
    return 0;
}
