// expect 7: a lambda naming the kernel's variables or keeping state (mutable, an init-capture), used across a barrier (its closure type has no spelling to keep one per thread)
// A mutable lambda with an init-capture: each thread's own counter on the GPU (it was bound once per block).
#define N 64
__global__ void k(int *out) {
  __shared__ int s[N];
  int t = threadIdx.x;
  auto next = [c = 0]() mutable { return ++c; };
  int a = next();
  s[t] = a;
  __syncthreads();
  int b = next();
  out[blockIdx.x * N + t] = a * 100 + b * 10 + s[(t + 1) % N];
}
int main() {
  int *d, h[2 * N];
  cudaMalloc(&d, sizeof h);
  k<<<2, N>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int b = 0; b < 2; b++) for (int t = 0; t < N; t++)
    if (h[b * N + t] != 100 + 20 + 1) bad++;
  printf("RESULT h0=%d bad=%d\n", h[0], bad);
}
