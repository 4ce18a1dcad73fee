// A kernel writes managed memory (the runtime keeps that launch on the GPU
// alone, in flight); the next cudaMemcpy copies out of it, ordered after
// the kernel on the default stream.
#include <cstdio>
#include <cstdlib>

__global__ void inc(int *out, const int *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] + 1;
}

int main()
{
    const int n = 1 << 18;
    int *m, *d, *r = (int *)malloc(n * sizeof(int));
    cudaMallocManaged(&m, n * sizeof(int));
    cudaMalloc(&d, n * sizeof(int));
    for (int i = 0; i < n; i++)
        m[i] = i % 1000;
    cudaMemcpy(d, m, n * sizeof(int), cudaMemcpyHostToDevice);
    for (int rep = 0; rep < 4; rep++) {
        inc<<<n / 256, 256>>>(m, d, n);                                // m = d + 1
        cudaMemcpy(d, m, n * sizeof(int), cudaMemcpyDeviceToDevice);  // d = m
    }
    cudaMemcpy(r, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    long long bad = 0, sum = 0;
    for (int i = 0; i < n; i++) { bad += r[i] != i % 1000 + 4; sum += r[i]; }
    printf("RESULT bug3 bad=%lld sum=%lld\n", bad, sum);
    return 0;
}
