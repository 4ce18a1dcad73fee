// 24-calls-seen-through.cu: calls whose callee the lowering cannot read
// directly. A device function called through a pointer reads threadIdx, so
// the thread loop must set the thread_local copy the lowered function reads;
// a template kernel passes a per-thread local to a function template whose
// call stays unresolved in the template, which may take it by reference, so
// the local's copy must go back to its per-thread array. Launched with 64
// threads, 2 blocks.
// Expected: RESULT lanes=1984 acc=8704 bad=0. A lowering that trusts what it
// cannot see prints bad>0 (lanes of 0, or counts without the neighbour added).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define BS 64
#define NB 2

__device__ unsigned lane() { return threadIdx.x & 31u; }

__global__ void viaptr(unsigned *out)
{
	unsigned (*f)() = lane;
	out[blockIdx.x * blockDim.x + threadIdx.x] = f();
}

template <class A, class B> __device__ void bumpby(A &n, B v) { n += (A)v; }

template <class T> __global__ void tacc(T *out, T step)
{
	__shared__ T sh[BS];
	unsigned t = threadIdx.x;
	int count = (int)t;
	sh[t] = step + (T)t;
	__syncthreads();
	bumpby(count, sh[(t + 1) % blockDim.x]);
	__syncthreads();
	out[blockIdx.x * blockDim.x + t] = (T)count;
}

int main()
{
	unsigned *d, h[NB * BS];
	int *e, g[NB * BS];
	CHECK(cudaMalloc(&d, sizeof h));
	CHECK(cudaMalloc(&e, sizeof g));
	viaptr<<<NB, BS>>>(d);
	tacc<int><<<NB, BS>>>(e, 5);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(g, e, sizeof g, cudaMemcpyDeviceToHost));
	unsigned lanes = 0;
	long acc = 0;
	int bad = 0;
	for (int i = 0; i < NB * BS; i++) {
		int t = i % BS;
		lanes += h[i];
		acc += g[i];
		bad += h[i] != (unsigned)t % 32u;
		bad += g[i] != t + 5 + (t + 1) % BS;
	}
	printf("RESULT lanes=%u acc=%ld bad=%d\n", lanes, acc, bad);
	CHECK(cudaFree(d));
	CHECK(cudaFree(e));
	return 0;
}
