// 54-header-helpers.h: the block reductions of tests/lower/54, in a header
// (HeCBench logprob's reduce.h, rmsnorm's reduce.cuh).
#pragma once

#define FULL_MASK 0xffffffff

template <typename T>
__inline__ __device__ T warpSum(T v)
{
#pragma unroll
	for (int d = 16; d > 0; d >>= 1)
		v += __shfl_xor_sync(FULL_MASK, v, d, 32);
	return v;
}

template <typename T>
__inline__ __device__ T blockSum(T v)
{
	static __shared__ T part[32];
	int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
	v = warpSum<T>(v);
	if (lane == 0)
		part[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? part[lane] : (T)0;
	v = warpSum<T>(v);
	return v;
}

__inline__ __device__ int blockMax(int v)
{
	static __shared__ int best[32];
	for (int d = 16; d > 0; d >>= 1)
		v = max(v, __shfl_xor_sync(FULL_MASK, v, d, 32));
	if ((threadIdx.x & 31) == 0)
		best[threadIdx.x >> 5] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? best[threadIdx.x & 31] : -1000000;
	for (int d = 16; d > 0; d >>= 1)
		v = max(v, __shfl_xor_sync(FULL_MASK, v, d, 32));
	return v;
}
