// case: an asynchronous download into a malloc'd buffer on a non-blocking stream, written through an error-check macro (tests/smith seed 20278, reduced)
// expect: h stays pageable: the stream the copy runs on is the macro invocation's text, not the copy's, and cannot be named for an event record
// trap: the event recorded on the legacy stream does not wait for the non-blocking stream's copy, so the host read the download before it landed (wrong.cu, the old rewrite, prints RESULT 0 deferred against 11)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call)                                  \
    do {                                             \
        if ((call) != cudaSuccess)                   \
            exit(1);                                 \
    } while (0)

__global__ void twice(unsigned *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = d[i] * 2u + 1u;
}

int main()
{
    const int n = 32768;
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    unsigned *h = (unsigned *)malloc(n * sizeof(unsigned)), *d;
    cudaMalloc(&d, n * sizeof(unsigned));
    cudaMemset(d, 0, n * sizeof(unsigned));
    cudaDeviceSynchronize();
    unsigned sum = 0;
    for (int t = 0; t < 3; ++t) {
        twice<<<n / 256, 256, 0, s>>>(d, n);
        CHECK(cudaMemcpyAsync(h, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost, s));
        sum += h[t + 5];
    }
    printf("RESULT %u\n", sum);
    cudaFree(d);
    free(h);
    cudaStreamDestroy(s);
    return 0;
}
