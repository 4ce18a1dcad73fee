// Lambdas with explicit captures naming threadIdx or blockIdx: by reference only
// ([&a] becomes [=, &a]) or by copy only ([b] becomes [&, b]); [&, &a] is no C++.
#include <cstdio>
__global__ void k(int *out) {
  int a = 2, b = 3;
  auto f = [&a] { return a + (int)threadIdx.x; };
  auto g = [b] { return b + (int)blockIdx.x; };
  auto h = [a, b]() { return a * b + (int)threadIdx.x; };
  out[blockIdx.x * 32 + threadIdx.x] = f() * 10000 + g() * 100 + h();
}
int main() {
  int *d, o[64]; cudaMalloc(&d, sizeof o); k<<<2, 32>>>(d);
  cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost);
  int bad = 0; for (int b = 0; b < 2; b++) for (int t = 0; t < 32; t++) bad += o[b*32+t] != (2 + t) * 10000 + (3 + b) * 100 + 6 + t;
  long s = 0; for (int i = 0; i < 64; i++) s += o[i];
  printf("RESULT sum=%ld bad=%d\n", s, bad);
}
