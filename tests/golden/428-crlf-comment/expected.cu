// case: a download with a comment line above it, in a file with CRLF line endings
// expect: the comment moves with the download, as in an LF file
// trap: the comment stayed behind: the CR before the newline hid it
#include <cstdio>
#include <cuda_runtime.h>

__global__ void k(int *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) d[i] = i * 2;
}

int main() {
  const int n = 256;
  int *d;
  int h[256];
  int w[256];
  cudaMalloc(&d, n * sizeof(int));
  k<<<1, 256>>>(d, n);
  for (int i = 0; i < n; i++) w[i] = i * 3;
  long s = 0;
  // download the result
  cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) s += h[i] + w[i];
  printf("RESULT sum=%ld\n", s);
  cudaFree(d);
  return 0;
}
