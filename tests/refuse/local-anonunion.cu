// expect 6: an anonymous union or struct (union { int a; float f; };) in a kernel with barriers or warp operations: its members are no variables cuflow can keep per thread
// (a hunt: the lowered program did not build, crashed or answered wrong)
#include <cuda_runtime.h>
__global__ void k(int *out) {
  __shared__ int sh[32];
  union { int a; float f; };
  a = threadIdx.x;
  sh[threadIdx.x] = a;
  __syncthreads();
  out[threadIdx.x] = a + sh[31 - threadIdx.x];
}
int main() {
  int o[32]; int *d; cudaMalloc(&d, sizeof o);
  k<<<1, 32>>>(d);
  cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int t = 0; t < 32; t++) if (o[t] != 31) bad++;
  printf("RESULT o0=%d bad=%d\n", o[0], bad);
}
