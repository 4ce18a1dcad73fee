// 20-warp-ops-in-device-fn.cu: warp operations and barriers inside __device__
// helpers, the common "warpReduceSum / blockReduceSum" idiom: a helper with a
// __shfl_down_sync loop, a helper with __ballot_sync, and a block-reduce
// helper that has its own __shared__ array, __syncthreads and calls the warp
// helper twice (once from inside `if (wid == 0)`). Blocks of 256 threads.
// Expected: RESULT total=<T> pop=<P> bad=0. A wrong lowering (helper's
// shuffle executed for one thread at a time, helper's barrier ignored, its
// __shared__ array made per thread) prints bad>0.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define BS 256
#define NB 128
#define FULL 0xffffffffu

__device__ int warp_reduce_sum(int v)
{
	for (int offset = 16; offset > 0; offset >>= 1)
		v += __shfl_down_sync(FULL, v, offset);
	return v;
}

__device__ int warp_count(bool p)
{
	return __popc(__ballot_sync(FULL, p));
}

__device__ int block_reduce_sum(int v)
{
	__shared__ int partial[32];
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	v = warp_reduce_sum(v);
	if (lane == 0)
		partial[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? partial[lane] : 0;
	if (wid == 0)
		v = warp_reduce_sum(v);
	return v;
}

__global__ void reduce(const int *in, int *sums, int *counts)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int x = in[i];
	int c = warp_count(x > 0);
	if (threadIdx.x % 32 == 0)
		counts[i / 32] = c;
	int s = block_reduce_sum(x);
	if (threadIdx.x == 0)
		sums[blockIdx.x] = s;
}

int main()
{
	const int n = NB * BS, nw = n / 32;
	int *h = (int *)malloc(n * sizeof(int));
	int *hc = (int *)malloc(nw * sizeof(int));
	int hs[NB];
	for (int i = 0; i < n; ++i)
		h[i] = (i * 37) % 23 - 11 + (i % 301 == 0 ? 40 : 0);
	int *din, *ds, *dc;
	CHECK(cudaMalloc(&din, n * sizeof(int)));
	CHECK(cudaMalloc(&ds, NB * sizeof(int)));
	CHECK(cudaMalloc(&dc, nw * sizeof(int)));
	CHECK(cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice));
	reduce<<<NB, BS>>>(din, ds, dc);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(hs, ds, sizeof(hs), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hc, dc, nw * sizeof(int), cudaMemcpyDeviceToHost));

	int bad = 0;
	long long total = 0, pop = 0;
	for (int b = 0; b < NB; ++b) {
		int ref = 0;
		for (int t = 0; t < BS; ++t)
			ref += h[b * BS + t];
		bad += hs[b] != ref;
		total += (long long)hs[b] * (b % 3 + 1);
	}
	for (int w = 0; w < nw; ++w) {
		int ref = 0;
		for (int l = 0; l < 32; ++l)
			ref += h[w * 32 + l] > 0;
		bad += hc[w] != ref;
		pop += (long long)hc[w] * (w % 5 + 1);
	}
	printf("RESULT total=%lld pop=%lld bad=%d\n", total, pop, bad);
	CHECK(cudaFree(din));
	CHECK(cudaFree(ds));
	CHECK(cudaFree(dc));
	free(h);
	free(hc);
	return 0;
}
