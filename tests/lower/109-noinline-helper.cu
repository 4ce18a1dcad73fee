// A __noinline__ __device__ helper holding a barrier, called from a kernel:
// its word became GCC's attribute by an edit the helper's inlining covered
// too ("edits overlap", a hunt).
#include <cstdio>
#include <cuda_runtime.h>
__device__ __noinline__ int twice(int *sh, int v) {
  sh[threadIdx.x] = v;
  __syncthreads();
  return sh[blockDim.x - 1 - threadIdx.x] * 2;
}
__global__ void k(int *out) {
  __shared__ int sh[64];
  out[threadIdx.x] = twice(sh, threadIdx.x);
}
int main() {
  int o[64], *d; cudaMalloc(&d, sizeof o);
  k<<<1, 64>>>(d);
  cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < 64; i++) bad += o[i] != 2 * (63 - i);
  printf("RESULT bad=%d\n", bad);
}
