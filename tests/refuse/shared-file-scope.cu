// expect 6: a __shared__ variable declared outside any function (one per block: declare it in the kernel or a __device__ function)
// A file-scope extern __shared__ array (a hunt: the output did not build).

#include <cstdio>
#include <cuda_runtime.h>
extern __shared__ int dyn[];
__global__ void dsh(int *out) {
  dyn[threadIdx.x] = threadIdx.x * 2; __syncthreads();
  out[threadIdx.x] = dyn[blockDim.x - 1 - threadIdx.x];
}
int main() {
  int *out; cudaMalloc(&out, 64 * 4);
  dsh<<<1, 64, 64 * 4>>>(out);
  int h[64]; cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0; for (int i = 0; i < 64; i++) if (h[i] != (63 - i) * 2) bad++;
  printf("RESULT bad=%d\n", bad);
}
