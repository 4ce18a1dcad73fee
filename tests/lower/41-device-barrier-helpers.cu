// 41-device-barrier-helpers.cu: __device__ helpers that hold barriers, warp
// shuffles, votes and __shared__ memory, as reductions are written in real
// code (warpReduceSum, blockReduceSum with a `static __shared__` array):
// called from kernels as a statement, a declaration's initialiser, `x = f()`
// and `x += f()`, with a call in its arguments, in a loop of the kernel, in
// block-uniform branches, three levels deep, and twice in one kernel (the
// helper's __shared__ array is the block's one array, as on the GPU).
// Blocks of 256 threads (8 warps), grid of 12. Expected: RESULT sum=<S>
// scan=<C> mix=<M> votes=<V> bad=0. The lowering inlines each helper into
// the kernel, round after round for the helpers a helper calls; the build
// before refused every kernel here ("a __device__ function containing a
// barrier or warp operation (inline it)").
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define BS 256
#define NB 12
#define ROUNDS 3

__device__ int warpReduceSum(int v)
{
	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, o);
	return v;
}

__device__ int warpReduceMax(int v)
{
	for (int o = 16; o > 0; o >>= 1)
		v = max(v, __shfl_xor_sync(0xffffffffu, v, o));
	return v;
}

/* thread 0 gets the block's sum */
__device__ int blockReduceSum(int v)
{
	static __shared__ int part[32];
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	__syncthreads(); /* an earlier call's readers are done with part */
	v = warpReduceSum(v);
	if (lane == 0)
		part[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? part[lane] : 0;
	if (wid == 0)
		v = warpReduceSum(v);
	return v;
}

/* every thread gets the block's maximum */
__device__ int blockReduceMax(int v)
{
	__shared__ int part[32];
	__shared__ int result;
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	v = warpReduceMax(v);
	if (lane == 0)
		part[wid] = v;
	__syncthreads();
	if (wid == 0) {
		v = lane < blockDim.x / 32 ? part[lane] : -1;
		v = warpReduceMax(v);
		if (lane == 0)
			result = v;
	}
	__syncthreads();
	return result;
}

/* three levels: kernel -> blockMix -> blockReduceSum -> warpReduceSum */
__device__ int blockMix(int v)
{
	int s = blockReduceSum(v);
	int m = blockReduceMax(v);
	return threadIdx.x == 0 ? 2 * s + m : m;
}

/* inclusive scan of the block's t[] (kernel __shared__ memory, passed) */
__device__ void blockScan(int *t)
{
	for (int k = 1; k < BS; k <<= 1) {
		int add = threadIdx.x >= k ? t[threadIdx.x - k] : 0;
		__syncthreads();
		t[threadIdx.x] += add;
		__syncthreads();
	}
}

/* 1 for every thread: a call in another call's arguments */
__device__ int one(unsigned t)
{
	return t < BS;
}

/* lanes whose predicate holds, in this thread's warp */
__device__ int warpCount(bool p)
{
	return __popc(__ballot_sync(0xffffffffu, p));
}

__global__ void sums(const int *in, int *out, int n)
{
	int total = 0;
	for (int r = 0; r < ROUNDS; r++) {
		int i = (r * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x;
		total += blockReduceSum(i < n ? in[i] : 0);
	}
	int again = blockReduceSum(one(threadIdx.x));
	if (threadIdx.x == 0)
		out[blockIdx.x] = total * 1000 + again;
}

__global__ void scans(const int *in, int *out)
{
	__shared__ int t[BS];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	t[threadIdx.x] = in[i] % 7;
	__syncthreads();
	blockScan(t);
	out[i] = t[threadIdx.x];
}

__global__ void mixes(const int *in, int *out, int *votes)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int r;
	if (blockIdx.x % 3 == 0)
		r = blockReduceMax(in[i]);
	else
		r = blockMix(in[i]);
	out[i] = r;
	int c = warpCount(in[i] % 2 == 0);
	votes[i] = c;
}

int main()
{
	const int n = NB * BS * ROUNDS - 100; /* a partial last round */
	const int m = NB * BS;
	int *h = (int *)malloc(sizeof(int) * (size_t)n);
	for (int i = 0; i < n; i++)
		h[i] = (i * 37 + 11) % 1000;
	int *din, *dout, *dscan, *dmix, *dvote;
	CHECK(cudaMalloc(&din, sizeof(int) * (size_t)n));
	CHECK(cudaMalloc(&dout, sizeof(int) * NB));
	CHECK(cudaMalloc(&dscan, sizeof(int) * (size_t)m));
	CHECK(cudaMalloc(&dmix, sizeof(int) * (size_t)m));
	CHECK(cudaMalloc(&dvote, sizeof(int) * (size_t)m));
	CHECK(cudaMemcpy(din, h, sizeof(int) * (size_t)n, cudaMemcpyHostToDevice));
	sums<<<NB, BS>>>(din, dout, n);
	scans<<<NB, BS>>>(din, dscan);
	mixes<<<NB, BS>>>(din, dmix, dvote);
	CHECK(cudaGetLastError());
	int out[NB], *scan = (int *)malloc(sizeof(int) * (size_t)m), *mix = (int *)malloc(sizeof(int) * (size_t)m),
	    *vote = (int *)malloc(sizeof(int) * (size_t)m);
	CHECK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(scan, dscan, sizeof(int) * (size_t)m, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(mix, dmix, sizeof(int) * (size_t)m, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(vote, dvote, sizeof(int) * (size_t)m, cudaMemcpyDeviceToHost));
	long long sum = 0, cscan = 0, cmix = 0, cvote = 0;
	int bad = 0;
	for (int b = 0; b < NB; b++) {
		int total = 0;
		for (int r = 0; r < ROUNDS; r++)
			for (int t = 0; t < BS; t++) {
				int i = (r * NB + b) * BS + t;
				total += i < n ? h[i] : 0;
			}
		bad += out[b] != total * 1000 + BS;
		sum += out[b];
		int run = 0, mx = -1, s = 0;
		for (int t = 0; t < BS; t++) {
			int i = b * BS + t;
			s += h[i];
			mx = h[i] > mx ? h[i] : mx;
		}
		for (int t = 0; t < BS; t++) {
			int i = b * BS + t;
			run += h[i] % 7;
			bad += scan[i] != run;
			cscan += scan[i];
			int want = b % 3 == 0 ? mx : t == 0 ? 2 * s + mx : mx;
			bad += mix[i] != want;
			cmix += mix[i];
			int w0 = (t / 32) * 32, c = 0;
			for (int l = 0; l < 32; l++)
				c += h[b * BS + w0 + l] % 2 == 0;
			bad += vote[i] != c;
			cvote += vote[i];
		}
	}
	printf("RESULT sum=%lld scan=%lld mix=%lld votes=%lld bad=%d\n", sum, cscan, cmix, cvote, bad);
	return 0;
}
