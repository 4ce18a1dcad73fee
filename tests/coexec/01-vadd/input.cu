// Vector add, data from the host: each block writes its own slice.
#include <cstdio>
#include <cstdlib>
#include <chrono>

__global__ void vadd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 20; // elements
    size_t bytes = n * sizeof(float);
    float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes), *c = (float *)malloc(bytes);
    for (int i = 0; i < n; i++) {
        a[i] = (float)(i % 1000);
        b[i] = (float)(2 * (i % 777));
    }
    float *da, *db, *dc;
    cudaMalloc(&da, bytes);
    cudaMalloc(&db, bytes);
    cudaMalloc(&dc, bytes);
    auto t0 = std::chrono::steady_clock::now(); // the phase from the first upload to the last download
    cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice);
    for (int round = 0; round < 4; round++)
        vadd<<<(n + 255) / 256, 256>>>(da, db, dc, n);
    cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost);
    printf("TIME %.3f ms\n", std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    int bad = 0;
    double s = 0;
    for (int i = 0; i < n; i++) {
        bad += c[i] != a[i] + b[i];
        s += c[i];
    }
    printf("RESULT vadd bad=%d sum=%.1f\n", bad, s);
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    free(a);
    free(b);
    free(c);
    return 0;
}
