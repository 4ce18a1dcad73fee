// Parses only as nvcc compiles it with the build's flags: a launch from the
// device needs -rdc=true, USE_SCALE comes through -Xcompiler, and the old
// C++ below (register, a narrowing initialiser) is what GCC accepts.
#include <cstdio>
#ifndef USE_SCALE
#error "built without -Xcompiler -DUSE_SCALE=..."
#endif

__global__ void child(float *a) { a[threadIdx.x] *= USE_SCALE; }
__global__ void parent(float *a) { child<<<1, 32>>>(a); }

int main()
{
    register int n = 32;
    double scale = 2;
    int steps[] = {scale};
    float *d, h[32] = {0};
    cudaMalloc(&d, sizeof h);
    parent<<<1, 1>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d %f\n", n, steps[0], h[0]);
    return 0;
}
