// case: step() uploads n * sizeof(real) (typedef int real) per call in main's loop; main declares typedef char real
// expect: the copies stay in step(): main() declares types of its own
// trap: the promoted upload in main copied n * sizeof(char)
#include <cstdio>
typedef int real;
__global__ void inc(int *x) { x[threadIdx.x] += threadIdx.x; }
static void step(int *h, int *d)
{
    cudaMemcpy(d, h, 64 * sizeof(real), cudaMemcpyHostToDevice);
    inc<<<1, 64>>>(d);
    cudaMemcpy(h, d, 64 * sizeof(real), cudaMemcpyDeviceToHost);
}
int main()
{
    typedef char real;
    int *h = new int[64](), *d;
    cudaMalloc(&d, 64 * sizeof(int));
    for (int t = 0; t < 4; ++t) {
        step(h, d);
    }
    long s = 0;
    for (int i = 0; i < 64; i++) s += h[i];
    printf("RESULT %ld\n", s);
    return 0;
}
