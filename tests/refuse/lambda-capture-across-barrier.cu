// expect 7: a lambda naming the kernel's variables or keeping state (mutable, an init-capture), used across a barrier (its closure type has no spelling to keep one per thread)
#include <cuda_runtime.h>
__global__ void k(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int m = t & 1;
  auto f = [=](int x) { return x * 3 + m; };
  s[t] = f(t);
  __syncthreads();
  out[t] = f(s[63 - t]);
}
int main() {
  int *d;
  cudaMalloc(&d, 64 * sizeof(int));
  k<<<1, 64>>>(d);
  cudaFree(d);
  return 0;
}
