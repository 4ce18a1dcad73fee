// if constexpr around a barrier in a kernel template (the lowering wrote a plain if,
// so the branch for the other type was compiled: g++ rejected the output). A hunt found it.
#include <cstdio>
#include <type_traits>
#include <cuda_runtime.h>
struct P2 { float x, y; };
template <typename T>
__global__ void k(const T *in, float *out) {
  __shared__ float sh[32];
  int t = threadIdx.x;
  if constexpr (std::is_class<T>::value) {
    sh[t] = in[t].x + in[t].y;
    __syncthreads();
  } else {
    sh[t] = in[t];
    __syncthreads();
  }
  out[t] = sh[31 - t];
}
int main() {
  P2 hp[32]; int hi[32]; float o1[32], o2[32];
  for (int i = 0; i < 32; i++) { hp[i] = {(float)i, 1.0f}; hi[i] = 2 * i; }
  P2 *dp; int *di; float *d1, *d2;
  cudaMalloc(&dp, sizeof hp); cudaMalloc(&di, sizeof hi); cudaMalloc(&d1, sizeof o1); cudaMalloc(&d2, sizeof o2);
  cudaMemcpy(dp, hp, sizeof hp, cudaMemcpyHostToDevice); cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
  k<<<1, 32>>>(dp, d1);
  k<<<1, 32>>>(di, d2);
  cudaMemcpy(o1, d1, sizeof o1, cudaMemcpyDeviceToHost); cudaMemcpy(o2, d2, sizeof o2, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int t = 0; t < 32; t++) { if (o1[t] != 31 - t + 1) bad++; if (o2[t] != 2 * (31 - t)) bad++; }
  float s = 0;
  for (int t = 0; t < 32; t++) s += o1[t] + o2[t];
  printf("RESULT sum=%g bad=%d\n", s, bad);
}
