// sum.cu: the kernels. Non-static __device__ helpers with shuffles and a
// barrier: inlined into the kernel, then left out of the output (no other
// unit can call them without relocatable device code), as is one that
// nothing calls; a kernel template whose __shared__ histogram is updated
// through the program's own wrapper of atomicAdd (one atomic access, as the
// atomic is) and whose helper call has another call in its arguments.
#include <cuda_runtime.h>
#include "support/common.h"

__device__ int warpSum(int v)
{
	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, o);
	return v;
}

__device__ int blockSum(int v)
{
	__shared__ int part[BS / 32];
	v = warpSum(v);
	if (threadIdx.x % 32 == 0)
		part[threadIdx.x / 32] = v;
	__syncthreads();
	v = threadIdx.x < BS / 32 ? part[threadIdx.x] : 0;
	if (threadIdx.x < 32)
		v = warpSum(v);
	return v;
}

__device__ int unused(int v)
{
	return __shfl_xor_sync(0xffffffffu, v, 1);
}

__global__ void squares(const int *in, int *sums)
{
	int x = in[blockIdx.x * blockDim.x + threadIdx.x];
	int s = blockSum(x * x);
	if (threadIdx.x == 0)
		sums[blockIdx.x] = s;
}

template <typename T>
__device__ void addOne(T *address, T val)
{
	atomicAdd(address, val);
}

__device__ int binOf(int v)
{
	return v % BINS;
}

template <typename T>
__global__ void histogram(const T *in, T *hist)
{
	__shared__ T local[BINS];
	if (threadIdx.x < BINS)
		local[threadIdx.x] = 0;
	__syncthreads();
	addOne(&local[binOf(in[blockIdx.x * blockDim.x + threadIdx.x])], (T)1);
	__syncthreads();
	if (threadIdx.x < BINS)
		atomicAdd(&hist[threadIdx.x], local[threadIdx.x]);
}

int run_sum(const int *h, int *sums, int *hist)
{
	int *din, *dsums, *dhist;
	if (cudaMalloc(&din, sizeof(int) * N) || cudaMalloc(&dsums, sizeof(int) * NB) ||
	    cudaMalloc(&dhist, sizeof(int) * BINS))
		return 1;
	cudaMemcpy(din, h, sizeof(int) * N, cudaMemcpyHostToDevice);
	cudaMemset(dhist, 0, sizeof(int) * BINS);
	squares<<<NB, BS>>>(din, dsums);
	histogram<int><<<NB, BS>>>(din, dhist);
	cudaMemcpy(sums, dsums, sizeof(int) * NB, cudaMemcpyDeviceToHost);
	cudaMemcpy(hist, dhist, sizeof(int) * BINS, cudaMemcpyDeviceToHost);
	cudaFree(din);
	cudaFree(dsums);
	cudaFree(dhist);
	return cudaGetLastError() != cudaSuccess;
}
