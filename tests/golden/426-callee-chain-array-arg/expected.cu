// case: a helper's download called through a middle helper from main, which passes an array
// expect: nothing moves: main's call passes an array that decays, so the sync can never leave b(), and in b() it overlaps nothing
// trap: moving the download into b() buys nothing (0 statements overlapped)
#include <cstdio>
#include <cuda_runtime.h>
__global__ void inc(float *d) { d[threadIdx.x] += 1.0f; }
static double work() { double s = 0; for (int i = 0; i < 1000; i++) s += i; return s; }
void c(float *d, float *h) {
  inc<<<1, 32>>>(d);
  cudaMemcpy(h, d, 32 * sizeof(float), cudaMemcpyDeviceToHost);
}
void b(float *d, float *h) {
  c(d, h);
}
int main() {
  float h[32];
  float *d;
  cudaMalloc(&d, sizeof(h));
  cudaMemset(d, 0, sizeof(h));
  b(d, h);
  double w = work();
  printf("RESULT w=%g h=%g\n", w, h[1]);
  cudaFree(d);
  return 0;
}
