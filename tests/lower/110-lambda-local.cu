// A lambda local that names none of the kernel's variables, used on both
// sides of a barrier: kept per thread, its closure type (spelt "(lambda at
// ...)") did not compile; it is now bound once per block (a hunt).
#include <cstdio>
#include <cuda_runtime.h>
__global__ void k(int *out) {
  __shared__ int s[64];
  auto f = [](int x) { return x * 3 + 1; };
  const auto g = [](int a, int b) { return a - b; };
  int t = threadIdx.x;
  s[t] = f(t);
  __syncthreads();
  out[blockIdx.x * 64 + t] = g(f(s[63 - t]), (int)blockIdx.x);
}
int main() {
  int *d, h[128];
  cudaMalloc(&d, sizeof h);
  k<<<2, 64>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  long sum = 0;
  for (int i = 0; i < 128; ++i)
    sum += (long)h[i] * (i + 1);
  printf("RESULT %ld\n", sum);
  return 0;
}
