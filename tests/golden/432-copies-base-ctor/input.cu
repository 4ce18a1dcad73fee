// case: an upload in a loop whose body constructs D, whose base B's constructor writes the uploaded buffer
// expect: the upload stays in the loop: B() runs where no call is written
// trap: hoisting it missed B()'s writes (RESULT 9 instead of 12)
#include <cstdio>
#include <cuda_runtime.h>

__global__ void acc(float *out, const float *in) { out[threadIdx.x] += in[threadIdx.x]; }

float h[32];
int bump() { h[3] += 1.0f; return 1; }
struct B { int k; B() : k(bump()) {} };
struct D : B { };

int main()
{
    float *d, *dout, ho[32];
    for (int i = 0; i < 32; ++i) h[i] = i;
    cudaMalloc(&d, sizeof(h));
    cudaMalloc(&dout, sizeof(h));
    cudaMemset(dout, 0, sizeof(h));
    for (int t = 0; t < 3; ++t) {
        cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
        acc<<<1, 32>>>(dout, d);
        D x; (void)x;
    }
    cudaMemcpy(ho, dout, sizeof(h), cudaMemcpyDeviceToHost);
    printf("RESULT %g\n", ho[3]);
    return 0;
}
