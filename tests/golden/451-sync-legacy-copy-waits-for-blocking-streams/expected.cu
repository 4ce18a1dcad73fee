// case: a kernel on a blocking stream (cudaStreamCreate), a blocking device-to-host copy on the legacy default stream, then that stream's sync
// expect: the copy waits for the blocking stream's kernel first, so the stream sync has nothing left to wait for: it goes with the copy as one group, not past it on its own
// trap: moving cudaStreamSynchronize(s) below the copy, as if the kernel on s were still running there
#include <cstdio>
#include <cuda_runtime.h>
__global__ void k(float *a, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) a[i] = 2.0f * i; }
int main() {
  const int n = 1 << 20;
  float *d, *h = new float[n], *g = new float[n];
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaMalloc(&d, n * sizeof(float));
  k<<<(n + 255) / 256, 256, 0, s>>>(d, n);
  double t = 0;
  for (int i = 0; i < n; i++) { g[i] = i * 0.5f; t += g[i]; }
  double sum = 0;
  cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaStreamSynchronize(s);
  for (int i = 0; i < n; i++) sum += h[i];
  printf("RESULT %.1f %.1f\n", sum, t);
  cudaFree(d); cudaStreamDestroy(s); delete[] h; delete[] g;
  return 0;
}
