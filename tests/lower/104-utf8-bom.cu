// A file that starts with a UTF-8 byte order mark (editors on Windows write one):
// the lowering copied it after its own first lines, where g++ read it as code.
#include <cstdio>
__global__ void k(int *d) { d[threadIdx.x] = threadIdx.x; }
int main()
{
    int h[4], *d;
    cudaMalloc(&d, sizeof h);
    k<<<1, 4>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("RESULT %d\n", h[0] + h[1] + h[2] + h[3]);
    return 0;
}
