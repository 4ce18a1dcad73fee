// expect 15: a call of a __device__ function holding a barrier or warp operation that cuflow does not inline: a macro writes an argument, or a use of a reference parameter
// One macro giving two arguments at once: the argument's text is not its own
// (tests/lower/115 has the forms that inline).
#include <cstdio>
#define ARGS buf, 64
__device__ int psum(int *data, const unsigned int ndata) {
  __syncthreads();
  int v = data[(threadIdx.x + 1) % ndata];
  __syncthreads();
  return v;
}
__global__ void k(int *out) {
  __shared__ int buf[64];
  buf[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = psum(ARGS);
}
int main() {
  int *d, h[64];
  cudaMalloc(&d, sizeof h);
  k<<<1, 64>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < 64; i++) bad += h[i] != (i + 1) % 64;
  printf("RESULT bad=%d\n", bad);
}
