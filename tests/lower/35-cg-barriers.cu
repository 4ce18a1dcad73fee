// 35-cg-barriers.cu: cooperative-groups barriers: block.sync() on a
// thread_block variable, cg::sync(block), cg::this_thread_block().sync(),
// cg::sync(cg::this_thread_block()), and sync() of static tiles of 32 and 16
// threads (tiled_partition<N>), with thread_rank(), size(),
// meta_group_rank() and group_index() naming the threads. Each barrier
// orders a shared-memory exchange that reads another thread's (or another
// tile's) element.
// Expected: RESULT rev=<R> tiles=<T> ranks=<K> bad=0. A lowering that does
// not see these calls as barriers runs the threads of a block one after
// another between real barriers and reads elements not written yet: bad>0.
#include <cstdio>
#include <cstdlib>
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define N 8192
#define B 128

__global__ void reverse_block(const int *in, int *out)
{
	__shared__ int s[B];
	cg::thread_block block = cg::this_thread_block();
	unsigned t = block.thread_rank();
	int i = block.group_index().x * block.size() + t;
	s[t] = in[i];
	block.sync();
	int a = s[B - 1 - t];
	cg::sync(block);
	s[t] = a * 2;
	cg::this_thread_block().sync();
	int b = s[(t + 7) % B];
	cg::sync(cg::this_thread_block());
	s[t] = b + 1;
	__syncthreads();
	out[i] = s[(t + 1) % B] + a;
}

__global__ void tiles(const int *in, int *out, int *ranks)
{
	__shared__ int s[B];
	cg::thread_block block = cg::this_thread_block();
	cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
	cg::thread_block_tile<16> half = cg::tiled_partition<16>(block);
	unsigned t = block.thread_rank();
	int i = blockIdx.x * B + t;
	s[t] = in[i];
	warp.sync();
	/* the next lane's element within the 32-thread tile */
	int w = s[warp.meta_group_rank() * 32 + (warp.thread_rank() + 1) % warp.size()];
	half.sync();
	s[t] = w;
	half.sync();
	/* the mirror element within the 16-thread tile */
	out[i] = s[half.meta_group_rank() * 16 + 15 - half.thread_rank()];
	ranks[i] = warp.thread_rank() * 100 + half.meta_group_rank();
}

int main()
{
	static int in[N], rev[N], tl[N], rk[N];
	for (int i = 0; i < N; i++)
		in[i] = (i * 37) % 1001 - 500;
	int *din, *drev, *dtl, *drk;
	CHECK(cudaMalloc(&din, sizeof in));
	CHECK(cudaMalloc(&drev, sizeof rev));
	CHECK(cudaMalloc(&dtl, sizeof tl));
	CHECK(cudaMalloc(&drk, sizeof rk));
	CHECK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice));
	reverse_block<<<N / B, B>>>(din, drev);
	CHECK(cudaGetLastError());
	tiles<<<N / B, B>>>(din, dtl, drk);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(rev, drev, sizeof rev, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(tl, dtl, sizeof tl, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(rk, drk, sizeof rk, cudaMemcpyDeviceToHost));
	long long rsum = 0, tsum = 0, ksum = 0;
	int bad = 0;
	for (int i = 0; i < N; i++) {
		int base = i / B * B, t = i % B;
		int a = in[base + B - 1 - t];
		int u = (t + 1) % B;
		int b = 2 * in[base + B - 1 - (u + 7) % B];
		bad += rev[i] != b + 1 + a;
		rsum += rev[i];
		int m = t / 16 * 16 + 15 - t % 16; /* the mirror in the half tile */
		int w = in[base + m / 32 * 32 + (m % 32 + 1) % 32];
		bad += tl[i] != w;
		tsum += tl[i];
		bad += rk[i] != (t % 32) * 100 + t / 16;
		ksum += rk[i];
	}
	printf("RESULT rev=%lld tiles=%lld ranks=%lld bad=%d\n", rsum, tsum, ksum, bad);
	return 0;
}
