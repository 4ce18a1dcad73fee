// Tiled matrix multiply: a 2-D grid, __shared__ tiles and barriers.
#include <cstdio>
#include <cstdlib>
#define TILE 16

__global__ void matmul(const float *a, const float *b, float *c, int n)
{
    __shared__ float ta[TILE][TILE], tb[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float sum = 0;
    for (int t = 0; t < n / TILE; t++) {
        ta[threadIdx.y][threadIdx.x] = a[row * n + t * TILE + threadIdx.x];
        tb[threadIdx.y][threadIdx.x] = b[(t * TILE + threadIdx.y) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            sum += ta[threadIdx.y][k] * tb[k][threadIdx.x];
        __syncthreads();
    }
    c[row * n + col] = sum;
}

int main(int argc, char **argv)
{
    const int n = argc > 1 && atoi(argv[1]) >= TILE ? atoi(argv[1]) / TILE * TILE : 256; // a multiple of TILE
    size_t bytes = (size_t)n * n * sizeof(float);
    float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes), *c = (float *)malloc(bytes);
    for (int i = 0; i < n * n; i++) {
        a[i] = (float)(i % 7) - 3;
        b[i] = (float)(i % 5) - 2;
    }
    float *da, *db, *dc;
    cudaMalloc(&da, bytes);
    cudaMalloc(&db, bytes);
    cudaMalloc(&dc, bytes);
    cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice);
    dim3 block(TILE, TILE), grid(n / TILE, n / TILE);
    for (int it = 0; it < 4; it++)
        matmul<<<grid, block>>>(da, db, dc, n);
    cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost);
    // small integers: every sum is exact in float
    int bad = 0;
    for (int i = 0; i < n; i += 37)
        for (int j = 0; j < n; j += 41) {
            float s = 0;
            for (int k = 0; k < n; k++)
                s += a[i * n + k] * b[k * n + j];
            bad += s != c[i * n + j];
        }
    double tot = 0;
    for (int i = 0; i < n * n; i++)
        tot += c[i];
    printf("RESULT matmul bad=%d total=%.0f\n", bad, tot);
    return 0;
}
