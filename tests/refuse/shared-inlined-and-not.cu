// expect 7: a __shared__ variable of a __device__ function some of whose calls a kernel inlines and some not (an arm of ?:, a larger expression): the two would be two variables, one on the GPU
// tally()'s t: its first call inlined (t became the kernel's), its second in an
// arm of ?: left a function with its own block-wide t; one t on the GPU (a hunt).
#include <cstdio>
#include <cuda_runtime.h>
__device__ int tally(int v, bool init) {
  __shared__ int t[64];
  if (init) t[threadIdx.x] = 100;
  t[threadIdx.x] += v;
  return t[threadIdx.x];
}
__global__ void k(int *out, int flag) {
  int a = tally(1, true);                    // inlined: the kernel's copy of t
  int b = flag ? tally(2, false) : 0;        // an arm of ?: (not inlined): the runtime's copy
  out[threadIdx.x] = a * 1000 + b;
}
int main() {
  int o[64], *d; cudaMalloc(&d, sizeof o);
  k<<<1, 64>>>(d, 1);
  cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < 64; i++) bad += o[i] != 101 * 1000 + 103;
  printf("RESULT bad=%d o0=%d\n", bad, o[0]);
}
