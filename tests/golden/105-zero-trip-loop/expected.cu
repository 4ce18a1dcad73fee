// case: zero-trip loops: the trip counts come from argc (steps is 0 and reps is 3 in every run the tests make, with no or two arguments); each loop re-uploads an unchanged host buffer and downloads a result the loop does not read
// expect: in the first loop (line 50), "cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);" (line 51) may be hoisted only under the loop's condition ("if (0 < steps)" before the loop) and "cudaMemcpy(h_y, d_x, bytes, cudaMemcpyDeviceToHost);" (line 53) may sink only under the same condition after the loop; leaving both in place is also correct. In the second loop (line 57) the same holds for "cudaMemcpy(d_v, h_v, bytes, cudaMemcpyHostToDevice);" (line 58) and "cudaMemcpy(h_z, d_z, bytes, cudaMemcpyDeviceToHost);" (line 60), where the guard "if (0 < reps)" is true
// trap: an unguarded hoist of the first upload replaces d_w's h_init contents (read after the loop by use) with h_w; an unguarded sink of the first download overwrites h_y's -3 sentinels with d_x; either changes RESULT
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void relax(int *x, const int *w, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = (x[i] * 3 + w[i] + t) % 1009;
}

__global__ void use(int *x, const int *w, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = x[i] + 2 * w[i];
}

int main(int argc, char **argv)
{
    const int n = 1 << 12;
    const size_t bytes = n * sizeof(int);
    // 0 and 3 unless the program gets more than 50 arguments
    int steps = argc > 50 ? atoi(argv[1]) : 0;
    int reps = argc > 50 ? 0 : 3;
    int *h_init = (int *)malloc(bytes);
    int *h_w = (int *)malloc(bytes);
    int *h_v = (int *)malloc(bytes);
    int *h_y = (int *)malloc(bytes);
    int *h_z = (int *)malloc(bytes);
    for (int i = 0; i < n; ++i) {
        h_init[i] = i % 7;
        h_w[i] = 100 + i % 13;
        h_v[i] = (i * 3) % 29;
        h_y[i] = -3;
        h_z[i] = -4;
    }
    int *d_w, *d_x, *d_v, *d_z;
    cudaMalloc(&d_w, bytes);
    cudaMalloc(&d_x, bytes);
    cudaMalloc(&d_v, bytes);
    cudaMalloc(&d_z, bytes);
    cudaMemcpy(d_w, h_init, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(d_x, h_init, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(d_z, h_init, bytes, cudaMemcpyHostToDevice);

    if (0 < steps)
        cudaMemcpy(d_w, h_w, bytes, cudaMemcpyHostToDevice);
    for (int t = 0; t < steps; ++t) {
        relax<<<(n + 255) / 256, 256>>>(d_x, d_w, n, t);
    }
    if (0 < steps)
        cudaMemcpy(h_y, d_x, bytes, cudaMemcpyDeviceToHost);
    use<<<(n + 255) / 256, 256>>>(d_x, d_w, n);

    if (0 < reps)
        cudaMemcpy(d_v, h_v, bytes, cudaMemcpyHostToDevice);
    for (int r = 0; r < reps; ++r) {
        relax<<<(n + 255) / 256, 256>>>(d_z, d_v, n, r);
    }
    if (0 < reps)
        cudaMemcpy(h_z, d_z, bytes, cudaMemcpyDeviceToHost);

    int *h_x = (int *)malloc(bytes);
    cudaMemcpy(h_x, d_x, bytes, cudaMemcpyDeviceToHost);
    long long sx = 0, sy = 0, sz = 0;
    for (int i = 0; i < n; ++i) {
        sx += (long long)h_x[i] * (i % 5 + 1);
        sy += h_y[i];
        sz += (long long)h_z[i] * (i % 3 + 1);
    }
    printf("RESULT %lld %lld %lld %d %d\n", sx, sy, sz, steps, reps);
    cudaFree(d_w);
    cudaFree(d_x);
    cudaFree(d_v);
    cudaFree(d_z);
    free(h_init);
    free(h_w);
    free(h_v);
    free(h_x);
    free(h_y);
    free(h_z);
    return 0;
}
