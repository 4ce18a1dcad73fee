// case: a helper ending in a download, called from main and from a struct field's in-class initialiser
// expect: the download stays in step(): the initialiser's call is not a modelled call site
// trap: moving it out of step() leaves R's initialiser reading h[5] before the download (second=1 instead of 2)
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
struct R { int ok = step(g_d); float v = h[5]; };
int main() {
  cudaMalloc(&g_d, sizeof(h));
  cudaMemset(g_d, 0, sizeof(h));
  step(g_d);
  double a = work();
  float first = h[3];
  R r;
  printf("RESULT a=%g first=%g second=%g\n", a, first, r.v);
  cudaFree(g_d);
  return 0;
}
