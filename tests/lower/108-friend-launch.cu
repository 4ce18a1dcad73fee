// A kernel launched from a friend function defined inside its class: the
// lowering's walk of declarations did not enter friend declarations, and
// the launch stayed <<<...>>> in C++ (a hunt).
#include <cstdio>
__global__ void k(int *d) { d[threadIdx.x] = threadIdx.x; }
struct Buf {
    int *d;
    friend void run(Buf &b) { k<<<1, 32>>>(b.d); }
};
int main()
{
    Buf b;
    int h[32];
    cudaMalloc(&b.d, 32 * sizeof(int));
    run(b);
    cudaMemcpy(h, b.d, 32 * sizeof(int), cudaMemcpyDeviceToHost);
    int s = 0;
    for (int i = 0; i < 32; i++) s += h[i];
    printf("RESULT %d\n", s);
    return 0;
}
