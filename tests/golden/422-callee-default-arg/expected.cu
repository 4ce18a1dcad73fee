// case: a helper ending in a download, called from main and from another helper's default argument
// expect: the download stays in step(): a call in a default argument is a call site cuflow does not model
// trap: moving the download out of step() into main's one visible call leaves report()'s default-argument call without it (second=2 instead of 3)
#include <cstdio>
#include <cuda_runtime.h>
__global__ void inc(float *d) { d[threadIdx.x] += 1.0f; }
float h[32], *g_d;
int step(float *d) {
  inc<<<1, 32>>>(d);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  return 1;
}
static double work() { double s = 0; for (int i = 0; i < 1000; i++) s += i; return s; }
static float report(int ok = step(g_d)) { return h[5] + ok; }
int main() {
  cudaMalloc(&g_d, sizeof(h));
  cudaMemset(g_d, 0, sizeof(h));
  step(g_d);
  double a = work();
  float first = h[3];
  float second = report();
  printf("RESULT a=%g first=%g second=%g\n", a, first, second);
  cudaFree(g_d);
  return 0;
}
