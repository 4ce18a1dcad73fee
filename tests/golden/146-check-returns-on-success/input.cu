// case: a check that returns at once on success and reports otherwise, "if (err == cudaSuccess) return;", called through a macro that passes the copy last: CUDA_CHECK_RETURN(cudaMemcpy(...)) expands to CheckCudaErrorAux(__FILE__, __LINE__, "...", cudaMemcpy(...))
// expect: "CUDA_CHECK_RETURN(cudaMemcpy(d_c, h_c, k * sizeof(float), cudaMemcpyHostToDevice));" (line 39) is hoisted before the loop (line 38) with its check; the download of h_a (line 41) stays: the loop reads h_a
// trap: a check whose success path reached the report would be no check (case 142); here the report is past the return taken on success
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

static void CheckCudaErrorAux(const char *file, unsigned line, const char *statement, cudaError_t err)
{
    if (err == cudaSuccess)
        return;
    fprintf(stderr, "%s returned %s at %s:%u\n", statement, cudaGetErrorString(err), file, line);
    exit(1);
}
#define CUDA_CHECK_RETURN(value) CheckCudaErrorAux(__FILE__, __LINE__, #value, value)

__global__ void assign(const float *x, const float *c, int *a, int n, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = x[i] < c[i % k] ? 0 : 1;
}

int main()
{
    const int n = 4096, k = 4;
    float *h_x = (float *)malloc(n * sizeof(float)), h_c[k] = {0.2f, 0.4f, 0.6f, 0.8f};
    int *h_a = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; ++i)
        h_x[i] = (float)((i * 37) % 100) / 100.0f;
    float *d_x, *d_c;
    int *d_a;
    CUDA_CHECK_RETURN(cudaMalloc(&d_x, n * sizeof(float)));
    CUDA_CHECK_RETURN(cudaMalloc(&d_c, k * sizeof(float)));
    CUDA_CHECK_RETURN(cudaMalloc(&d_a, n * sizeof(int)));
    CUDA_CHECK_RETURN(cudaMemcpy(d_x, h_x, n * sizeof(float), cudaMemcpyHostToDevice));
    long total = 0;
    for (int it = 0; it < 5; ++it) {
        CUDA_CHECK_RETURN(cudaMemcpy(d_c, h_c, k * sizeof(float), cudaMemcpyHostToDevice));
        assign<<<(n + 255) / 256, 256>>>(d_x, d_c, d_a, n, k);
        CUDA_CHECK_RETURN(cudaMemcpy(h_a, d_a, n * sizeof(int), cudaMemcpyDeviceToHost));
        for (int i = 0; i < n; ++i)
            total += h_a[i] * (it + 1);
    }
    printf("RESULT %ld\n", total);
    cudaFree(d_x);
    cudaFree(d_c);
    cudaFree(d_a);
    free(h_x);
    free(h_a);
    return 0;
}
