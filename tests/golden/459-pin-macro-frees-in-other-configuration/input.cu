// case: a host buffer that another configuration frees and allocates again through a macro of the file
// expect: kept pageable: the left-out group calls a macro whose body names the pointer
// trap: cudaMallocHost for a buffer that -DRESIZE frees with free()
#include <cstdio>
#include <cstdlib>
#define N (1 << 20)
#define REGROW() do { free(h); h = (float *)malloc(N * sizeof(float)); } while (0)
__global__ void inc(float *a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] += 1.0f;
}
int main(void) {
    float *h = (float *)malloc(N * sizeof(float));
    float *d;
    cudaMalloc((void **)&d, N * sizeof(float));
#ifdef RESIZE
    REGROW();
#endif
    for (int i = 0; i < N; i++) h[i] = i % 7;
    double s = 0;
    for (int it = 0; it < 10; it++) {
        h[it] += 1;
        cudaMemcpy(d, h, N * sizeof(float), cudaMemcpyHostToDevice);
        inc<<<N / 256, 256>>>(d, N);
        cudaMemcpy(h, d, N * sizeof(float), cudaMemcpyDeviceToHost);
        s += h[it];
    }
    for (int i = 0; i < N; i++) s += h[i];
    printf("RESULT s=%.1f\n", s);
    cudaFree(d);
    free(h);
    return 0;
}
