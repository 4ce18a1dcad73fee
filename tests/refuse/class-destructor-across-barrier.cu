// expect 12: a local of a class with its own destructor, copy or move, kept per thread or once per block (it would run another number of times)
#include <cuda_runtime.h>
struct G {
  int *c;
  __device__ G(int *p) : c(p) {}
  __device__ ~G() { atomicAdd(c, 1); }
};
__global__ void k(int *out, int *cnt) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  G g(cnt);
  __syncthreads();
  out[t] = s[63 - t] + (g.c != 0);
}
int main() {
  int *d, *c;
  cudaMalloc(&d, 64 * sizeof(int));
  cudaMalloc(&c, sizeof(int));
  k<<<1, 64>>>(d, c);
  cudaFree(d);
  cudaFree(c);
  return 0;
}
