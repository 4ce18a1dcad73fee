// A template helper holding barriers and shuffles, instantiated with a type
// of two words: T(0) became long long(0), which is no C++, and T a = v, b = 0
// named T once per declarator ("overlapping rewrites"); both refused (a hunt).
#include <cstdio>
__device__ int warpsum(int v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}
template <typename T> __device__ T blocksum(T v) {
  __shared__ T s[32];
  T a = v, b = 0;
  a = warpsum(a);
  if ((threadIdx.x & 31) == 0) s[threadIdx.x >> 5] = a;
  __syncthreads();
  b = threadIdx.x < (blockDim.x >> 5) ? s[threadIdx.x] : T(0);
  if (threadIdx.x < 32) b = warpsum(b);
  return b;
}
__global__ void k(long long *out, const int *in) {
  long long r = blocksum<long long>((long long)in[blockIdx.x * blockDim.x + threadIdx.x]);
  if (threadIdx.x == 0) out[blockIdx.x] = r;
}
int main() {
  int h[512]; long long o[2];
  for (int i = 0; i < 512; ++i) h[i] = i;
  int *d; long long *dout;
  cudaMalloc(&d, sizeof h); cudaMalloc(&dout, sizeof o);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  k<<<2, 256>>>(dout, d);
  cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
  printf("RESULT %lld %lld\n", o[0], o[1]);
}
