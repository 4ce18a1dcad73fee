// case: a download followed by an aggregate initialisation whose field initialiser reads the downloaded buffer
// expect: the download does not move past A a{}
// trap: moving it past made the initialiser read the buffer before the download (seen=0 instead of 6)
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill(float *out) { out[threadIdx.x] = threadIdx.x * 2.0f; }

float h[32];
float seen;
int peek() { seen = h[3]; return 1; }
struct A { int k = peek(); };

int main()
{
    float *d;
    cudaMalloc(&d, sizeof(h));
    fill<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    A a{};
    double s = 0;
    for (int i = 0; i < 1000; ++i) s += i % 7;
    printf("RESULT seen=%g s=%g k=%d\n", seen, s, a.k);
    cudaFree(d);
    return 0;
}
