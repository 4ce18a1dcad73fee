// Stream-ordered allocations: a buffer freed with cudaFreeAsync and a
// larger one allocated with cudaMallocAsync right after (the pool hands
// back the same address), both used by a kernel the runtime may split.
#include <cstdio>
#include <cstdlib>

__global__ void add1(int *out, const int *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] + 1;
}

int main()
{
    const int n1 = 1 << 18, n2 = 1 << 20;
    int *h = (int *)malloc(n2 * sizeof(int)), *r = (int *)malloc(n2 * sizeof(int));
    int *out;
    cudaMalloc(&out, n2 * sizeof(int));
    long long bad = 0, sum = 0;
    for (int rep = 0; rep < 4; rep++) {
        int *a, *b;
        for (int i = 0; i < n1; i++) h[i] = i % 1000;
        cudaMallocAsync((void **)&a, n1 * sizeof(int), 0);
        cudaMemcpy(a, h, n1 * sizeof(int), cudaMemcpyHostToDevice);
        add1<<<n1 / 256, 256>>>(out, a, n1);
        cudaFreeAsync(a, 0);
        for (int i = 0; i < n2; i++) h[i] = 3 * (i % 500);
        cudaMallocAsync((void **)&b, n2 * sizeof(int), 0);
        cudaMemcpy(b, h, n2 * sizeof(int), cudaMemcpyHostToDevice);
        add1<<<n2 / 256, 256>>>(out, b, n2);
        cudaMemcpy(r, out, n2 * sizeof(int), cudaMemcpyDeviceToHost);
        for (int i = 0; i < n2; i++) { bad += r[i] != 3 * (i % 500) + 1; sum += r[i]; }
        cudaFreeAsync(b, 0);
        cudaStreamSynchronize(0);
    }
    printf("RESULT mallocasync-reuse bad=%lld sum=%lld\n", bad, sum);
    return 0;
}
