// case: float *q = &*(hv.begin() + 3) before a download into hv.data(), *q read right after it, and more host work
// expect: the download stays before the read of *q: q points into hv (an iterator's operator* gives where the iterator points)
// trap: the iterator rules gave operator* the iterator object itself, so *q read no part of hv and the download moved past it
#include <cstdio>
#include <vector>
__global__ void k(float *d, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) d[i] = i * 2.0f; }
int main() {
  const int n = 256;
  std::vector<float> hv(n, 1.0f);
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  k<<<1, 256>>>(d, n);
  float *q = &*(hv.begin() + 3);
  cudaMemcpy(hv.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
  float a = *q;
  double w = 0;
  for (int j = 0; j < 100000; j++) w += j * 0.5;
  double s = 0;
  for (int i = 0; i < n; i++) s += hv[i];
  printf("RESULT a=%g s=%g w=%g\n", a, s, w);
  cudaFree(d);
  return 0;
}
