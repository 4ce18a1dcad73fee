// expect 9: a statement run in step (lanes reading each other's __shared__ stores) written through a macro
#include <cstdio>
#include <cuda_runtime.h>
#define WARP_STAGE(s, t) s[t] += s[t + 16]; s[t] += s[t + 8]; s[t] += s[t + 4]; s[t] += s[t + 2]; s[t] += s[t + 1];
__global__ void k(const int *in, int *out) {
  volatile __shared__ int s[32];
  int t = threadIdx.x;
  s[t] = in[t];
  if (t < 16) { WARP_STAGE(s, t) }
  if (t == 0) *out = s[0];
}
int main() {
  int h[32], ref = 0; for (int i = 0; i < 32; i++) { h[i] = i * 3 % 7 + 1; ref += h[i]; }
  int *d, *o, r; cudaMalloc(&d, 128); cudaMalloc(&o, 4);
  cudaMemcpy(d, h, 128, cudaMemcpyHostToDevice);
  k<<<1, 32>>>(d, o); cudaMemcpy(&r, o, 4, cudaMemcpyDeviceToHost);
  if (r == ref) printf("RESULT ok %d\n", ref); else printf("RESULT bad ref=%d got=%d\n", ref, r);
}
