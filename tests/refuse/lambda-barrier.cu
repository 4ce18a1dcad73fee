// expect 9: a call of a lambda holding a barrier or warp operation (cuflow inlines __device__ functions, not lambdas)
// A lambda holding a barrier (the refusal named a __device__ function and other reasons).
#define N 64
__global__ void k(int *out) {
  __shared__ int s[N];
  auto sync = [] { __syncthreads(); };
  int t = threadIdx.x;
  s[t] = t;
  sync();
  out[blockIdx.x * N + t] = s[(t + 1) % N];
}
int main() {
  int *d, h[2 * N];
  cudaMalloc(&d, sizeof h);
  k<<<2, N>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int b = 0; b < 2; b++) for (int t = 0; t < N; t++) if (h[b * N + t] != (t + 1) % N) bad++;
  printf("RESULT h0=%d bad=%d\n", h[0], bad);
}
