// 03-barrier-uniform-if.cu: barriers inside a for loop, with block-uniform
// `if`s that contain further barriers: one condition depends on the loop
// counter and blockIdx, one on a kernel flag and blockIdx and holds a nested
// loop with two barriers, and one (after the loop) on a value read from shared
// memory, kept in a local across a barrier. Unsigned arithmetic wraps (defined).
// Expected: RESULT check=<C> bad=0. A wrong lowering (barrier inside the if
// not split, branch taken per thread instead of per block, condition
// re-evaluated after the shared value changed) prints bad>0 and another check.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define BS 64
#define NB 192
#define ITERS 5

__global__ void mixer(const unsigned *in, unsigned *out, int iters, int flag)
{
	__shared__ unsigned s[BS];
	int tid = threadIdx.x;
	int gid = blockIdx.x * BS + tid;
	s[tid] = in[gid];
	__syncthreads();
	for (int it = 0; it < iters; ++it) {
		s[tid] = s[tid] * 3u + (unsigned)it;
		__syncthreads();
		if (((unsigned)it + blockIdx.x) % 2u == 0u) { /* block-uniform */
			unsigned v = s[(tid + 1) % BS];
			__syncthreads();
			s[tid] = v;
		}
		__syncthreads();
		if (flag && blockIdx.x % 3 == 0) { /* block-uniform, nested loop */
			for (int k = 0; k < 2; ++k) {
				unsigned v = s[(tid + BS - 1) % BS];
				__syncthreads();
				s[tid] ^= v + (unsigned)k;
				__syncthreads();
			}
		}
	}
	bool odd = (s[0] & 1u) != 0; /* same for every thread of the block */
	__syncthreads();
	if (tid == 0)
		s[0] += 1u; /* odd must not be re-read from s[0] */
	__syncthreads();
	if (odd) {
		unsigned v = s[BS - 1 - tid];
		__syncthreads();
		s[tid] = v;
		__syncthreads();
	}
	out[gid] = s[tid];
}

static void reference(const unsigned *in, unsigned *out, int iters, int flag)
{
	unsigned s[BS], t[BS];
	for (int b = 0; b < NB; ++b) {
		for (int i = 0; i < BS; ++i)
			s[i] = in[b * BS + i];
		for (int it = 0; it < iters; ++it) {
			for (int i = 0; i < BS; ++i)
				s[i] = s[i] * 3u + (unsigned)it;
			if (((unsigned)it + b) % 2u == 0u) {
				for (int i = 0; i < BS; ++i)
					t[i] = s[(i + 1) % BS];
				for (int i = 0; i < BS; ++i)
					s[i] = t[i];
			}
			if (flag && b % 3 == 0)
				for (int k = 0; k < 2; ++k) {
					for (int i = 0; i < BS; ++i)
						t[i] = s[(i + BS - 1) % BS];
					for (int i = 0; i < BS; ++i)
						s[i] ^= t[i] + (unsigned)k;
				}
		}
		bool odd = (s[0] & 1u) != 0;
		s[0] += 1u;
		if (odd) {
			for (int i = 0; i < BS; ++i)
				t[i] = s[BS - 1 - i];
			for (int i = 0; i < BS; ++i)
				s[i] = t[i];
		}
		for (int i = 0; i < BS; ++i)
			out[b * BS + i] = s[i];
	}
}

int main()
{
	const int n = NB * BS;
	unsigned *h = (unsigned *)malloc(n * sizeof(unsigned));
	unsigned *ho = (unsigned *)malloc(n * sizeof(unsigned));
	unsigned *hr = (unsigned *)malloc(n * sizeof(unsigned));
	for (int i = 0; i < n; ++i)
		h[i] = (unsigned)i * 2654435761u;
	unsigned *din, *dout;
	CHECK(cudaMalloc(&din, n * sizeof(unsigned)));
	CHECK(cudaMalloc(&dout, n * sizeof(unsigned)));
	CHECK(cudaMemcpy(din, h, n * sizeof(unsigned), cudaMemcpyHostToDevice));
	int bad = 0;
	unsigned check = 0;
	for (int flag = 0; flag < 2; ++flag) {
		mixer<<<NB, BS>>>(din, dout, ITERS, flag);
		CHECK(cudaGetLastError());
		CHECK(cudaMemcpy(ho, dout, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
		reference(h, hr, ITERS, flag);
		for (int i = 0; i < n; ++i) {
			bad += ho[i] != hr[i];
			check = check * 31u + ho[i];
		}
	}
	printf("RESULT check=%08x bad=%d\n", check, bad);
	CHECK(cudaFree(din));
	CHECK(cudaFree(dout));
	free(h);
	free(ho);
	free(hr);
	return 0;
}
