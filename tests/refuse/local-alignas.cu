// expect 7: a local with alignas kept per thread (its per-thread copies would not keep the alignment)
// (a hunt: the lowered program did not build, crashed or answered wrong)
#include <cuda_runtime.h>
__global__ void k(const float *in, float4 *out) {
  __shared__ float sh[64];
  int t = threadIdx.x;
  alignas(16) float b[6];
  for (int i = 0; i < 6; i++) b[i] = in[t] + i;
  sh[t] = b[5];
  __syncthreads();
  b[0] += sh[63 - t];
  out[t] = reinterpret_cast<float4 *>(b)[0];
}
int main() {
  float h[64]; float4 o[64];
  for (int i = 0; i < 64; i++) h[i] = i;
  float *d; float4 *dout; cudaMalloc(&d, sizeof h); cudaMalloc(&dout, sizeof o);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  k<<<1, 64>>>(d, dout);
  cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int t = 0; t < 64; t++) if (o[t].x != t + 63 - t + 5 || o[t].w != t + 3) bad++;
  printf("RESULT bad=%d\n", bad);
}
