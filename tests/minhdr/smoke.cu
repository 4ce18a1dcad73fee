// smoke.cu: a small CUDA program, written for cuflow's tests, that uses
// much of what cuflow_cuda.h and its companions declare. It parses with the
// real toolkit headers and with cuflow's minimal ones (tests/minhdr.test).
#include <cstdio>
#include <cmath>
#include <cassert>
#include <algorithm>
#include <vector>
#include <iostream>
#include <chrono>
#include <random>
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <curand_kernel.h>
#include <curand.h>
#include <nvtx3/nvToolsExt.h>
#include <cuComplex.h>
#include <mma.h>
#include <math_constants.h>
#include <device_launch_parameters.h>
__constant__ float c_w[16];
__device__ int g_counter;
__global__ void __launch_bounds__(256) k(const float *__restrict__ in, float *out, int n, double *d, long l) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = __ldg(&in[i]);
  s[threadIdx.x] = v * c_w[0];
  __syncthreads();
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
  v += __shfl_down_sync(0xffffffff, v, 1) + __shfl_down(v, 2);
  out[i] = sqrtf(v) + expf(v) + __expf(v) + rsqrtf(v) + fminf(v, 1.f) + fabs(v) + sqrt(v) + pow(v, 2) + std::sqrt(v) + std::exp(d[0]) + erfinvf(v) + normcdff(v);
  atomicAdd(&g_counter, 1); atomicAdd(out, 1.0f); atomicAdd(d, 1.0); atomicMax(&g_counter, 3);
  atomicCAS((unsigned long long*)d, 0ull, 1ull);
  int m = min(i, n); float mf = max(v, 1.0f); unsigned mu = min(1u, (unsigned)n); size_t z = max((size_t)1, (size_t)n);
  printf("%d %f\n", i, v);
  assert(i >= 0);
  if (isnan(v) || isinf(v) || std::isfinite(v)) out[0] = 0;
  int p = __popc(i) + __clz(i) + __ffs(i) + __float2int_rn(v) + __float_as_int(v);
  float4 f4 = make_float4(1, 2, 3, 4); int3 i3 = make_int3(1,2,3);
  dim3 t = threadIdx; unsigned ws = warpSize;
  long long c = clock64(); clock_t cl = clock();
  out[1] = abs(-3) + abs(l) + labs(l) + fabsf(v) + floorf(v) + __saturatef(v) + __fdividef(v, 2.f) + __sinf(v);
  memcpy(out, in, 4); memset(out, 0, 4);
  __threadfence(); __syncwarp();
  unsigned b = __ballot_sync(0xffffffff, v > 0);
  float r = CUDART_PI_F * CUDART_INF_F;
}
static int main1() {
  float *d_in, *d_out; int n = 1024;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc((void **)&d_out, n * sizeof(float));
  std::vector<float> h(n);
  cudaMemcpy(d_in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  float w[16] = {0};
  cudaMemcpyToSymbol(c_w, w, sizeof(w));
  dim3 grid((n + 255) / 256), block(256);
  dim3 g2(4, 2);
  cudaStream_t st; cudaStreamCreate(&st);
  k<<<grid, block>>>(d_in, d_out, n, nullptr, 0);
  k<<<n / 256, 256, 0, st>>>(d_in, d_out, n, 0, 0);
  k<<<1, 1, 1024>>>(d_in, d_out, n, NULL, 0);
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1); cudaEventRecord(e0); cudaEventRecord(e1, 0);
  float ms; cudaEventElapsedTime(&ms, e0, e1);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) printf("%s\n", cudaGetErrorString(err));
  cudaDeviceProp prop; cudaGetDeviceProperties(&prop, 0); printf("%s %d\n", prop.name, prop.multiProcessorCount);
  int minGrid, bs; cudaOccupancyMaxPotentialBlockSize(&minGrid, &bs, k, 0, 0);
  cudaFuncAttributes attr; cudaFuncGetAttributes(&attr, k);
  cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024);
  void *args[] = {&d_in, &d_out, &n};
  cudaLaunchKernel((const void *)k, grid, block, args, 0, 0);
  cudaLaunchKernel(k, grid, block, args);
  float *hp; cudaMallocHost(&hp, 100); cudaMallocHost((void**)&hp, 100); cudaHostAlloc(&hp, 100, cudaHostAllocMapped);
  float *mp; cudaMallocManaged(&mp, 100);
  int maxv = std::max(3, 4);
  std::cout << sqrtf(2.0f) << std::endl;
  cudaGraph_t g; cudaGraphExec_t ge; cudaStreamBeginCapture(st, cudaStreamCaptureModeGlobal); cudaStreamEndCapture(st, &g); cudaGraphInstantiate(&ge, g, 0); cudaGraphLaunch(ge, st);
  cudaFree(d_in); cudaFreeHost(hp); cudaDeviceSynchronize();
  return 0;
}

using namespace nvcuda;
namespace cg = cooperative_groups;
__global__ void kh(half *h, __half2 *h2, __nv_bfloat16 *b, float *f, curandState *st) {
  int i = threadIdx.x;
  half a = __float2half(f[i]);
  half c = a + h[i] * a;
  c += a;
  float x = __half2float(c) + __low2float(h2[0]) + __high2float(h2[0]);
  __half2 p = __halves2half2(a, c);
  p = __hadd2(p, __hmul2(p, p)) + p;
  h2[i] = __floats2half2_rn(1.f, 2.f);
  __half r = __hadd(a, __hmul(a, __float2half_rn(2.f)));
  bool lt = a < c;
  h[i] = hsqrt(r);
  h[i] = __shfl_xor_sync(0xffffffff, h[i], 1);
  atomicAdd(&h[0], a);
  __nv_bfloat16 bb = __float2bfloat16(x); b[i] = bb * bb; float y = __bfloat162float(b[i]) + (float)b[0];
  b[i] = __hadd(bb, bb);
  h[i] = 0.0f; h[1] = 1;
  f[0] = float(a) + static_cast<float>(c) + CUDART_PI_F + __half2float(CUDART_INF_FP16);
  __nv_fp8_e4m3 e(f[0]); f[1] = float(e);
  cg::thread_block blk = cg::this_thread_block();
  blk.sync(); unsigned r0 = blk.thread_rank() + blk.size() + blk.group_index().x + blk.thread_index().y;
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(blk);
  float v = tile.shfl_down(x, 1) + tile.shfl_xor(x, 2) + tile.shfl(x, 0);
  v = cg::reduce(tile, v, cg::plus<float>());
  v = cg::reduce(tile, v, cg::greater<float>());
  unsigned bal = tile.ballot(v > 0); int an = tile.any(1) + tile.all(1); tile.sync(); unsigned mr = tile.meta_group_rank() + tile.thread_rank() + tile.size();
  auto t16 = cg::tiled_partition<16>(blk); t16.sync();
  cg::grid_group g = cg::this_grid(); g.sync(); cg::sync(blk);
  cg::thread_group tg = cg::tiled_partition(blk, 8); tg.sync();
  curand_init(1234, i, 0, &st[i]);
  float u = curand_uniform(&st[i]) + curand_normal(&st[i]) + curand(&st[i]); double ud = curand_uniform_double(&st[i]);
  cuFloatComplex z = make_cuFloatComplex(1, 2); z = cuCmulf(z, cuConjf(z)); f[2] = cuCabsf(z) + cuCrealf(z);
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  wmma::load_matrix_sync(fa, h, 16); wmma::load_matrix_sync(fb, h, 16);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(f, fc, 16, wmma::mem_row_major);
  for (int k = 0; k < fc.num_elements; k++) fc.x[k] *= 2.0f;
}
int main() {
  main1();
  nvtxRangePushA("x"); nvtxRangePop(); nvtxRangePush("y");
  half hh = __float2half(1.0f); float back = __half2float(hh);
  curandGenerator_t gen; curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT); curandSetPseudoRandomGeneratorSeed(gen, 1ULL);
  float *d; cudaMalloc(&d, 16); curandGenerateUniform(gen, d, 4); curandDestroyGenerator(gen);
  cudaTextureObject_t tex; cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeLinear; rd.res.linear.devPtr = d; rd.res.linear.desc = cudaCreateChannelDesc<float>(); rd.res.linear.sizeInBytes = 16;
  cudaTextureDesc td = {}; td.readMode = cudaReadModeElementType; td.addressMode[0] = cudaAddressModeClamp;
  cudaCreateTextureObject(&tex, &rd, &td, nullptr); cudaDestroyTextureObject(tex);
  cudaChannelFormatDesc cd = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaArray_t arr; cudaMallocArray(&arr, &cd, 16, 16); cudaMemcpy2DToArray(arr, 0, 0, d, 64, 64, 16, cudaMemcpyDeviceToDevice); cudaFreeArray(arr);
  printf("%f\n", back);
}
