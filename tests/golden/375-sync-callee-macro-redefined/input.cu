// case: step() launches and ends with a blocking download; between step() and main() the file #defines cudaMemcpy(a, b, c, k) to copy half the bytes
// expect: the download stays in step(): moved into main() its text would expand to the half copy
// trap: the move out of the callee checked only the names it sees declared, not macros the destination's position defines
#include <cstdio>
#include <cstdlib>
__global__ void inc(int *d) { d[threadIdx.x] += 1; }
void step(int *h, int *d)
{
    inc<<<1, 64>>>(d);
    cudaMemcpy(h, d, 64 * sizeof(int), cudaMemcpyDeviceToHost);
}
#define cudaMemcpy(a, b, c, k) cudaMemcpy(a, b, (c) / 2, k)
static long busy(int k)
{
    long s = 0;
    for (int i = 0; i < k; i++)
        s += i;
    return s;
}
int main()
{
    int *h = (int *)calloc(64, sizeof(int)), *d;
    cudaMalloc(&d, 64 * sizeof(int));
    cudaMemset(d, 0, 64 * sizeof(int));
    step(h, d);
    long r = busy(100);
    printf("RESULT %ld %d\n", r, h[63]);
    return 0;
}
