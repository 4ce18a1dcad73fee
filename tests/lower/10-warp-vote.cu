// 10-warp-vote.cu: warp votes on per-lane predicates: __ballot_sync (and
// __popc of it, and a per-lane rank `__popc(ballot & lanes_below)` as in
// stream compaction), __any_sync, __all_sync, and __ffs of the ballot. The
// input makes some warps all-even (all true), some with a value >= 990 (any
// true), most neither. Block 256 threads, 96 blocks.
// Expected: RESULT warps=768 popsum=<P> any=<A> all=256 ffs=<F> bhash=<H>
// bad=0. A wrong lowering (votes over the block instead of the warp, or over
// lanes that have not yet evaluated their predicate) prints other counts and bad>0.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define BS 256
#define NB 96
#define FULL 0xffffffffu

__global__ void votes(const int *in, unsigned *ballot, int *wres, int *rank)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x & 31, w = i >> 5;
	int v = in[i];
	bool p = v % 3 == 0;
	unsigned b = __ballot_sync(FULL, p);
	int a = __any_sync(FULL, v >= 990);
	int l = __all_sync(FULL, (v & 1) == 0);
	if (lane == 0) {
		ballot[w] = b;
		wres[w * 4 + 0] = __popc(b);
		wres[w * 4 + 1] = a != 0;
		wres[w * 4 + 2] = l != 0;
		wres[w * 4 + 3] = __ffs(b);
	}
	rank[i] = p ? __popc(b & ((1u << lane) - 1u)) : -1;
}

int main()
{
	const int n = NB * BS, nw = n / 32;
	int *h = (int *)malloc(n * sizeof(int));
	int *hrank = (int *)malloc(n * sizeof(int));
	unsigned *hb = (unsigned *)malloc(nw * sizeof(unsigned));
	int *hw = (int *)malloc(nw * 4 * sizeof(int));
	for (int i = 0; i < n; ++i) {
		int w = i / 32;
		unsigned x = (unsigned)i * 2654435761u;
		int v = (int)((x >> 13) % 1000);
		if (w % 3 == 0)
			v &= ~1;        /* all even: __all_sync true */
		if (w % 5 == 1)
			v %= 900;       /* no value >= 990 */
		if (w % 7 == 2 && i % 32 == 9)
			v = 996;        /* at least one >= 990, still even */
		h[i] = v;
	}
	int *din, *dw, *drank;
	unsigned *db;
	CHECK(cudaMalloc(&din, n * sizeof(int)));
	CHECK(cudaMalloc(&drank, n * sizeof(int)));
	CHECK(cudaMalloc(&db, nw * sizeof(unsigned)));
	CHECK(cudaMalloc(&dw, nw * 4 * sizeof(int)));
	CHECK(cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice));
	votes<<<NB, BS>>>(din, db, dw, drank);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(hb, db, nw * sizeof(unsigned), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hw, dw, nw * 4 * sizeof(int), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hrank, drank, n * sizeof(int), cudaMemcpyDeviceToHost));

	int bad = 0, popsum = 0, anyc = 0, allc = 0, ffs = 0;
	unsigned bhash = 0;
	for (int w = 0; w < nw; ++w) {
		unsigned b = 0;
		int any = 0, all = 1, below = 0;
		for (int l = 0; l < 32; ++l) {
			int v = h[w * 32 + l];
			if (v % 3 == 0) {
				b |= 1u << l;
				bad += hrank[w * 32 + l] != below++;
			} else {
				bad += hrank[w * 32 + l] != -1;
			}
			any |= v >= 990;
			all &= (v & 1) == 0;
		}
		int f = 0;
		for (int l = 0; l < 32 && !f; ++l)
			if (b & (1u << l))
				f = l + 1;
		bad += hb[w] != b;
		bad += hw[w * 4 + 0] != __builtin_popcount(b);
		bad += hw[w * 4 + 1] != any;
		bad += hw[w * 4 + 2] != all;
		bad += hw[w * 4 + 3] != f;
		popsum += hw[w * 4 + 0];
		anyc += hw[w * 4 + 1];
		allc += hw[w * 4 + 2];
		ffs += hw[w * 4 + 3];
		bhash = bhash * 33u ^ hb[w];
	}
	printf("RESULT warps=%d popsum=%d any=%d all=%d ffs=%d bhash=%08x bad=%d\n", nw, popsum, anyc,
	       allc, ffs, bhash, bad);
	CHECK(cudaFree(din));
	CHECK(cudaFree(drank));
	CHECK(cudaFree(db));
	CHECK(cudaFree(dw));
	free(h);
	free(hrank);
	free(hb);
	free(hw);
	return 0;
}
