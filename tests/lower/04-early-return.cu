// 04-early-return.cu: early `return`. (a) After a barrier, out-of-range
// threads return before a barrier-free tail, which has a per-thread loop with
// a second return inside. (b) The classic `if (i >= n) return;` followed by
// work, n not a multiple of the block (a sentinel checks nothing is written
// past n). (c) Threads and whole blocks returning on tid/blockIdx conditions.
// Expected: RESULT a=<A> b=<B> c=<C> sentinel=ok bad=0. A wrong lowering
// (return ends the whole block's thread loop, or is ignored) prints bad>0, or
// sentinel=BAD when out-of-range threads run the tail.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define BS 128
#define NB 100
#define SENT 0x7eadbeef

__global__ void neighbour_then_return(const int *in, int *out, int n)
{
	__shared__ int s[BS];
	int tid = threadIdx.x, i = blockIdx.x * BS + tid;
	s[tid] = i < n ? in[i] : -1;
	__syncthreads();
	int left = s[(tid + BS - 1) % BS];
	if (i >= n)
		return;
	int v = left + s[tid];
	for (int k = 0; k < (tid & 3); ++k) {
		if (v > 1000) {
			out[i] = -v;
			return;
		}
		v = v * 2 + k;
	}
	out[i] = v;
}

__global__ void axpy(const int *x, const int *y, int *out, int a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int t = a * x[i];
	out[i] = t + y[i];
}

__global__ void partial(int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (threadIdx.x & 1)
		return;
	if (blockIdx.x % 4 == 3)
		return;
	out[i] = i;
}

int main()
{
	const int total = NB * BS, n = total - 77;
	int *h = (int *)malloc(total * sizeof(int));
	int *hy = (int *)malloc(total * sizeof(int));
	int *ho = (int *)malloc(total * sizeof(int));
	for (int i = 0; i < total; ++i) {
		h[i] = (i * 131) % 600;
		hy[i] = (i % 17) - 8;
	}
	int *dx, *dy, *dout;
	CHECK(cudaMalloc(&dx, total * sizeof(int)));
	CHECK(cudaMalloc(&dy, total * sizeof(int)));
	CHECK(cudaMalloc(&dout, total * sizeof(int)));
	CHECK(cudaMemcpy(dx, h, total * sizeof(int), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dy, hy, total * sizeof(int), cudaMemcpyHostToDevice));
	for (int i = 0; i < total; ++i)
		ho[i] = SENT;

	int bad = 0, sent_bad = 0;
	long long a = 0, b = 0, c = 0;
	/* (a) */
	CHECK(cudaMemcpy(dout, ho, total * sizeof(int), cudaMemcpyHostToDevice));
	neighbour_then_return<<<NB, BS>>>(dx, dout, n);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(ho, dout, total * sizeof(int), cudaMemcpyDeviceToHost));
	for (int i = 0; i < total; ++i) {
		if (i >= n) {
			sent_bad += ho[i] != SENT;
			continue;
		}
		int tid = i % BS, bs = i - tid;
		int li = bs + (tid + BS - 1) % BS;
		int v = (li < n ? h[li] : -1) + h[i], ref;
		int k = 0;
		for (; k < (tid & 3) && v <= 1000; ++k)
			v = v * 2 + k;
		ref = (k < (tid & 3)) ? -v : v;
		bad += ho[i] != ref;
		a += ho[i];
	}
	/* (b) */
	for (int i = 0; i < total; ++i)
		ho[i] = SENT;
	CHECK(cudaMemcpy(dout, ho, total * sizeof(int), cudaMemcpyHostToDevice));
	axpy<<<NB, BS>>>(dx, dy, dout, 3, n);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(ho, dout, total * sizeof(int), cudaMemcpyDeviceToHost));
	for (int i = 0; i < total; ++i) {
		if (i >= n) {
			sent_bad += ho[i] != SENT;
			continue;
		}
		bad += ho[i] != 3 * h[i] + hy[i];
		b += ho[i];
	}
	/* (c) */
	CHECK(cudaMemset(dout, 0xff, total * sizeof(int)));
	partial<<<NB, BS>>>(dout);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(ho, dout, total * sizeof(int), cudaMemcpyDeviceToHost));
	for (int i = 0; i < total; ++i) {
		int wrote = !((i % BS) & 1) && (i / BS) % 4 != 3;
		bad += ho[i] != (wrote ? i : -1);
		c += ho[i] >= 0;
	}
	printf("RESULT a=%lld b=%lld c=%lld sentinel=%s bad=%d\n", a, b, c, sent_bad ? "BAD" : "ok", bad);
	CHECK(cudaFree(dx));
	CHECK(cudaFree(dy));
	CHECK(cudaFree(dout));
	free(h);
	free(hy);
	free(ho);
	return 0;
}
