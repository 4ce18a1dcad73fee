// case: a helper ending in a download, called in a static local's initialiser inside a loop
// expect: nothing moves: the initialiser runs once, not on every iteration
// trap: moving the download after the loop's host work makes it run every iteration (t=6 instead of 21)
#include <cstdio>
#include <cuda_runtime.h>
__global__ void inc(float *d) { d[threadIdx.x] += 1.0f; }
float h[32];
int step(float *d) {
  inc<<<1, 32>>>(d);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  return 1;
}
static double work() { double s = 0; for (int i = 0; i < 1000; i++) s += i; return s; }
int main() {
  float *d;
  cudaMalloc(&d, sizeof(h));
  cudaMemset(d, 0, sizeof(h));
  double t = 0, w = 0;
  for (int k = 0; k < 3; k++) {
    static int once = step(d);
    w += work();
    t += h[1];
    h[1] = 10;
    inc<<<1, 32>>>(d);
    cudaDeviceSynchronize();
  }
  printf("RESULT w=%g t=%g\n", w, t);
  cudaFree(d);
  return 0;
}
