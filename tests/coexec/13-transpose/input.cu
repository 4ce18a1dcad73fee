// Matrix transpose through a __shared__ tile: a block reads a row band and
// writes a column band, so the blocks of one device write all over the
// output (SKMD's discontiguous kernel: the merge takes the GPU's bytes).
#include <cstdio>
#include <cstdlib>
#define T 32

__global__ void transpose(const float *in, float *out, int n)
{
    __shared__ float tile[T][T + 1];
    int x = blockIdx.x * T + threadIdx.x, y = blockIdx.y * T + threadIdx.y;
    for (int j = 0; j < T; j += 8)
        if (x < n && y + j < n)
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
    __syncthreads();
    x = blockIdx.y * T + threadIdx.x;
    y = blockIdx.x * T + threadIdx.y;
    for (int j = 0; j < T; j += 8)
        if (x < n && y + j < n)
            out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main(int argc, char **argv)
{
    const int n = argc > 1 && atoi(argv[1]) > 0 ? atoi(argv[1]) : 500;
    size_t bytes = (size_t)n * n * sizeof(float);
    float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes);
    for (int i = 0; i < n * n; i++)
        a[i] = (float)(i % 9973);
    float *da, *db;
    cudaMalloc(&da, bytes);
    cudaMalloc(&db, bytes);
    cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice);
    dim3 block(T, 8), grid((n + T - 1) / T, (n + T - 1) / T);
    for (int it = 0; it < 4; it++)
        transpose<<<grid, block>>>(da, db, n);
    cudaMemcpy(b, db, bytes, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            bad += b[j * n + i] != a[i * n + j];
    printf("RESULT transpose n=%d bad=%d\n", n, bad);
    return 0;
}
