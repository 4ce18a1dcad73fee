// case: a download before a static local's initialiser that calls a helper reading the buffer
// expect: the download stays: the initialiser runs only in the first iteration
// trap: moving the download into post() runs it only once (t=9 instead of 12)
#include <cstdio>
#include <cuda_runtime.h>
__global__ void inc(float *d) { d[threadIdx.x] += 1.0f; }
float h[32];
float *d;
static int post() {
  double s = 0;
  for (int i = 0; i < 1000; i++) s += i;
  return (int)h[1] + (s > 0);
}
int main() {
  cudaMalloc(&d, sizeof(h));
  cudaMemset(d, 0, sizeof(h));
  int t = 0;
  for (int k = 0; k < 3; k++) {
    inc<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    static int once = post();
    t += once + (int)h[2];
  }
  printf("RESULT t=%d\n", t);
  cudaFree(d);
  return 0;
}
