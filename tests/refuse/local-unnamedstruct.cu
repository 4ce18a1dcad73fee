// expect 6: a local of an unnamed struct or union type kept per thread (the type has no spelling for its per-thread copies)
// (a hunt: the lowered program did not build, crashed or answered wrong)
#include <cuda_runtime.h>
__global__ void k(int *out) {
  __shared__ int sh[32];
  struct { int a; int b; } s;
  s.a = threadIdx.x; s.b = 2 * threadIdx.x;
  sh[threadIdx.x] = s.a;
  __syncthreads();
  out[threadIdx.x] = s.a + s.b + sh[31 - threadIdx.x];
}
int main() {
  int o[32]; int *d; cudaMalloc(&d, sizeof o);
  k<<<1, 32>>>(d);
  cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int t = 0; t < 32; t++) if (o[t] != 31 + 2 * t) bad++;
  printf("RESULT o0=%d bad=%d\n", o[0], bad);
}
