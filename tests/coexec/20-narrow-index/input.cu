// A 16-bit index: each block writes its own 256 elements of a ring of 65536,
// starting at slot 200 (the blocks past slot 255 wrap around to the start
// through the unsigned short); every element written once.
#include <cstdio>
#include <cstdlib>

__global__ void ring(int *out, const int *in)
{
    unsigned short i = (blockIdx.x + 200) * blockDim.x + threadIdx.x;
    out[i] = in[i] + 1;
}

int main()
{
    const int n = 65536, blocks = 256;
    int *h = (int *)malloc(n * sizeof(int)), *r = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        h[i] = i % 1000;
    int *din, *dout;
    cudaMalloc(&din, n * sizeof(int));
    cudaMalloc(&dout, n * sizeof(int));
    cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(dout, 0, n * sizeof(int));
    for (int rep = 0; rep < 4; rep++)
        ring<<<blocks, 256>>>(dout, din);
    cudaMemcpy(r, dout, n * sizeof(int), cudaMemcpyDeviceToHost);
    long long bad = 0, sum = 0;
    for (int i = 0; i < n; i++) {
        bad += r[i] != h[i] + 1;
        sum += r[i];
    }
    printf("RESULT narrow-local bad=%lld sum=%lld\n", bad, sum);
    return 0;
}
