// Warp-synchronous __shared__ code (lanes reading each other's stores with
// no barrier, run in step) in forms a hunt found run one thread after the
// other: a `#pragma unroll` loop (in a helper and in the kernel), the
// array member of a __shared__ struct, a pointer to it, a reference to a
// __shared__ array; and a struct the kernel defines for its __shared__
// variable (its copy in the body was another type).
#include <cstdio>
#include <cuda_runtime.h>
__device__ void warpReduce(volatile int *s, int tid) {
#pragma unroll
  for (unsigned off = 32; off > 0; off >>= 1)
    s[tid] += s[tid + off];
}
__device__ void warpReduce6(volatile int *s, int t) {
  s[t] += s[t + 32]; s[t] += s[t + 16]; s[t] += s[t + 8];
  s[t] += s[t + 4]; s[t] += s[t + 2]; s[t] += s[t + 1];
}
struct Smem {
  int red[64];
};
__global__ void k(const int *in, int *out) {
  __shared__ int sd[64];
  volatile __shared__ int sv[64];
  __shared__ Smem sm;
  __shared__ int sr[64];
  int tid = threadIdx.x;
  int x = in[blockIdx.x * 64 + tid];
  sd[tid] = x;
  sv[tid] = x;
  sm.red[tid] = x;
  sr[tid] = x;
  __syncthreads();
  if (tid < 32)
    warpReduce(sd, tid);
  if (tid < 32) {
#pragma unroll
    for (int off = 32; off > 0; off >>= 1)
      sv[tid] += sv[tid + off];
  }
  if (tid < 32)
    warpReduce6(sm.red, tid);
  int(&r)[64] = sr;
  volatile int *p = r;
  if (tid < 32) {
    p[tid] += p[tid + 32]; p[tid] += p[tid + 16]; p[tid] += p[tid + 8];
    p[tid] += p[tid + 4]; p[tid] += p[tid + 2]; p[tid] += p[tid + 1];
  }
  if (tid == 0) {
    out[5 * blockIdx.x] = sd[0];
    out[5 * blockIdx.x + 1] = sv[0];
    out[5 * blockIdx.x + 2] = sm.red[0];
    out[5 * blockIdx.x + 3] = sr[0];
  }
}
__global__ void k2(const int *in, int *out) {
  struct Local {
    int v[32];
  };
  __shared__ Local st;
  Local *lp = &st;
  int *ls = lp->v;
  int t = threadIdx.x;
  ls[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  if (t == 0)
    out[5 * blockIdx.x + 4] = ls[7];
}
int main() {
  const int blocks = 3;
  int h[64 * blocks], o[5 * blocks];
  for (int i = 0; i < 64 * blocks; ++i)
    h[i] = i * 7 % 13 - 4;
  int *d, *dout;
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&dout, sizeof o);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  k<<<blocks, 64>>>(d, dout);
  k2<<<blocks, 32>>>(d, dout);
  cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
  int bad = 0;
  long sum = 0;
  for (int b = 0; b < blocks; ++b) {
    int ref = 0;
    for (int i = 0; i < 64; ++i)
      ref += h[b * 64 + i];
    for (int j = 0; j < 4; ++j)
      bad += o[5 * b + j] != ref;
    bad += o[5 * b + 4] != h[b * 64 + 7];
    for (int j = 0; j < 5; ++j)
      sum += o[5 * b + j];
  }
  printf("RESULT sum=%ld bad=%d\n", sum, bad);
  return 0;
}
