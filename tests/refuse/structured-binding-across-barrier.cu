// expect 7: a structured binding (auto [x, y] = e) in a kernel with barriers or warp operations
#include <cuda_runtime.h>
struct P {
  int a, b;
};
__global__ void k(int *out) {
  auto [x, y] = P{(int)threadIdx.x, 2};
  __syncthreads();
  out[threadIdx.x] = x * y;
}
int main() {
  int *d;
  cudaMalloc(&d, 64 * sizeof(int));
  k<<<1, 64>>>(d);
  cudaFree(d);
  return 0;
}
