// case: an upload nothing reads (d3) stands between a kernel writing d12 on the default stream and a call of fetch(), which first copies d12 on a non-blocking stream, then waits (smith seed 2026270927, reduced)
// expect: the upload goes, but its wait stays: it becomes cudaStreamSynchronize(0), because fetch()'s asynchronous copy on g_s1 does not wait for the default stream, and the call's own wait comes only at fetch()'s end
// trap: removing the upload outright lets fetch() copy d12 while the kernel may still write it (the oracle's deferred RESULT changes)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void bump(unsigned *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] += 5u + (unsigned)i;
}

cudaStream_t g_s1;

static unsigned fetch(unsigned *h, unsigned *d)
{
    unsigned r = h[0];
    cudaMemcpyAsync(h + 50, d, 243 * sizeof(unsigned), cudaMemcpyDeviceToHost, g_s1);
    cudaDeviceSynchronize();
    r += h[60];
    cudaMemcpy(h, d, 256 * sizeof(unsigned), cudaMemcpyDeviceToHost);
    return r;
}

int main(int argc, char **argv)
{
    (void)argv;
    cudaStreamCreateWithFlags(&g_s1, cudaStreamNonBlocking);
    unsigned *h1 = (unsigned *)calloc(256, sizeof(unsigned));
    unsigned *h10 = (unsigned *)calloc(1000, sizeof(unsigned));
    unsigned *d3, *d12;
    cudaMalloc(&d3, 256 * sizeof(unsigned));
    cudaMalloc(&d12, 256 * sizeof(unsigned));
    cudaMemset(d12, 0, 256 * sizeof(unsigned));
    unsigned acc = 0;
    for (int it = 0; it < argc; ++it)
        bump<<<2, 128>>>(d12, 256);
    cudaMemcpy(d3, h1, 256 * sizeof(unsigned), cudaMemcpyHostToDevice);
    acc += fetch(h10, d12);
    cudaDeviceSynchronize();
    printf("RESULT %u %u\n", acc, h10[60] + h10[255]);
    cudaFree(d3);
    cudaFree(d12);
    free(h1);
    free(h10);
    cudaStreamDestroy(g_s1);
    return 0;
}
