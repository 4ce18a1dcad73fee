// case: a loop whose body waits for all device work, then uploads the same host bytes into d10 each round; before the loop a kernel on a non-blocking stream fills all of d10 (smith seed 2026271324, reduced)
// expect: the upload stays in its loop: at the loop's start the fill may still run on g_s2, and a blocking copy does not wait for that stream; inside the loop the cudaDeviceSynchronize came first
// trap: hoisting the upload above the loop lets the fill overwrite what it copied (the oracle's deferred RESULT changes)
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill(unsigned *a, int n, unsigned v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = v + (unsigned)i * 2654435761u;
}

__global__ void mix(unsigned *a, const unsigned *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = a[i] * 3u + b[i];
}

int main(int argc, char **argv)
{
    (void)argv;
    cudaStream_t g_s2;
    cudaStreamCreateWithFlags(&g_s2, cudaStreamNonBlocking);
    unsigned *d3, *d10;
    cudaMalloc(&d3, 64 * sizeof(unsigned));
    cudaMalloc(&d10, 4096 * sizeof(unsigned));
    cudaMemset(d3, 0, 64 * sizeof(unsigned));
    fill<<<16, 256, 0, g_s2>>>(d10, 4096, 210u);
    unsigned *h11 = new unsigned[1000];
    for (int i = 0; i < 1000; ++i)
        h11[i] = (unsigned)i * 3u + 7u;
    for (int it = 0; it < argc + 1; ++it) {
        cudaDeviceSynchronize();
        cudaMemcpy(d10, h11, 1000 * sizeof(unsigned), cudaMemcpyHostToDevice);
        mix<<<1, 64>>>(d3, d10, 64);
        cudaDeviceSynchronize();
    }
    unsigned h3[64];
    cudaMemcpy(h3, d3, sizeof h3, cudaMemcpyDeviceToHost);
    unsigned s = 0;
    for (int i = 0; i < 64; ++i)
        s = s * 31u + h3[i];
    printf("RESULT %u\n", s);
    cudaFree(d3);
    cudaFree(d10);
    delete[] h11;
    cudaStreamDestroy(g_s2);
    return 0;
}
