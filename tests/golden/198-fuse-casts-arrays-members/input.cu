// case: copies whose pointer arguments are cast, beside copies of an array, a scalar and a struct member
// expect: the cast copies fuse (a cast changes the type, not the buffer); each other copy is kept apart with what its argument is
// trap: none: the argument text must not decide fusion
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
__global__ void k(float4 *a, float4 *b, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) { a[i].x += b[i].y; b[i].z += 1.f; } }
struct S { float *p; };
int main() {
  const int n = 1 << 16;
  float *h_a = (float *)malloc(n * sizeof(float4));
  float *h_b = (float *)malloc(n * sizeof(float4));
  for (int i = 0; i < 4 * n; i++) { h_a[i] = i % 7; h_b[i] = i % 5; }
  float4 *d_a, *d_b;
  cudaMalloc((void **)&d_a, n * sizeof(float4));
  cudaMalloc((void **)&d_b, n * sizeof(float4));
  float arr[4] = {1, 2, 3, 4};
  float *d_c; cudaMalloc(&d_c, sizeof arr);
  cudaMemcpy(d_c, arr, sizeof arr, cudaMemcpyHostToDevice);
  S hs = {(float *)malloc(sizeof arr)};
  cudaMemcpy(hs.p, d_c, sizeof arr, cudaMemcpyDeviceToHost);
  float one;
  cudaMemcpy(&one, d_c + 1, sizeof one, cudaMemcpyDeviceToHost);
  cudaMemcpy(d_a, (float4 *)h_a, n * sizeof(float4), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, static_cast<float4 *>((void *)h_b), n * sizeof(float4), cudaMemcpyHostToDevice);
  k<<<(n + 255) / 256, 256>>>(d_a, d_b, n);
  cudaMemcpy((float4 *)(h_a), d_a, n * sizeof(float4), cudaMemcpyDeviceToHost);
  cudaMemcpy(h_b, d_b, n * sizeof(float4), cudaMemcpyDeviceToHost);
  double s = 0;
  for (int i = 0; i < 4 * n; i++) s += h_a[i] + 2 * h_b[i];
  printf("RESULT %.1f\n", s + hs.p[3] + one);
  cudaFree(d_a); cudaFree(d_b); cudaFree(d_c);
  free(h_a); free(h_b); free(hs.p);
  return 0;
}
