// case: host buffers fused candidates, one freed and allocated again by a file-scope macro that only another configuration (-DRESIZE) calls
// expect: kept apart: the left-out group calls a macro whose body names the host pointer
// trap: fusing h_b into h_a's block: -DRESIZE then frees a pointer into the middle of it
#include <cstdio>
#include <cstdlib>
#define N 4096
#define REGROW() do { free(h_b); h_b = (float *)malloc(N * sizeof(float)); } while (0)
__global__ void inc(float *a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] += 1.0f;
}
int main(void) {
    float *h_a = (float *)malloc(N * sizeof(float));
    float *h_b = (float *)malloc(N * sizeof(float));
    float *d_a, *d_b;
    cudaMalloc((void **)&d_a, N * sizeof(float));
    cudaMalloc((void **)&d_b, N * sizeof(float));
#ifdef RESIZE
    REGROW();
#endif
    for (int i = 0; i < N; i++) { h_a[i] = i % 7; h_b[i] = i % 5; }
    double s = 0;
    for (int it = 0; it < 10; it++) {
        h_a[it] += 1; h_b[it] += 2;
        cudaMemcpy(d_a, h_a, N * sizeof(float), cudaMemcpyHostToDevice);
        cudaMemcpy(d_b, h_b, N * sizeof(float), cudaMemcpyHostToDevice);
        inc<<<N / 256, 256>>>(d_a, N);
        inc<<<N / 256, 256>>>(d_b, N);
        cudaMemcpy(h_a, d_a, N * sizeof(float), cudaMemcpyDeviceToHost);
        cudaMemcpy(h_b, d_b, N * sizeof(float), cudaMemcpyDeviceToHost);
        s += h_a[it] + h_b[it];
    }
    for (int i = 0; i < N; i++) s += h_a[i] + 2 * h_b[i];
    printf("RESULT s=%.1f\n", s);
    cudaFree(d_a); cudaFree(d_b);
    free(h_a); free(h_b);
    return 0;
}
