// case: two uploads, the first in a comma expression with a write to the second's source (cudaMemcpy(da, ha, ...), hb[1] += 5)
// expect: the copies are not fused
// trap: fused, the statement went whole and hb[1] += 5 with it (113 instead of 183)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>
#include <cuda_runtime.h>
__global__ void add(float *d, int n, float v) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) d[i] += v; }
int main(int argc, char **argv)
{
    int n = 3 + (argc > 5);
    float *ha = (float *)malloc(n * sizeof(float));
    float *hb = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; ++i) { ha[i] = (float)i; hb[i] = (float)(2 * i); }
    float *da; cudaMalloc(&da, n * sizeof(float));
    float *db; cudaMalloc(&db, n * sizeof(float));
    long s = 0;
    for (int t = 0; t < 4; ++t) {
        cudaMemcpy(da, ha, n * sizeof(float), cudaMemcpyHostToDevice), hb[1] += 5;
        cudaMemcpy(db, hb, n * sizeof(float), cudaMemcpyHostToDevice);
        add<<<1, 32>>>(da, n, 1.0f);
        add<<<1, 32>>>(db, n, 2.0f);
        cudaMemcpy(ha, da, n * sizeof(float), cudaMemcpyDeviceToHost);
        cudaMemcpy(hb, db, n * sizeof(float), cudaMemcpyDeviceToHost);
        s += (long)ha[0] + (long)hb[1];
    }
    for (int i = 0; i < n; ++i) s += (long)ha[i] * 3 + (long)hb[i];
    printf("RESULT %ld\n", s);
    cudaFree(da); cudaFree(db);
    free(ha); free(hb);
    return 0;
}
