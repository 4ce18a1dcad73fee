// cg::thread_group: the block and dynamic tiles of it held as a group of
// run-time kind, passed to a helper for ranks and sizes; programs that
// include cooperative_groups/scan.h and memcpy_async.h for other kernels.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

__device__ int rankof(cg::thread_group g)
{
	return (int)g.thread_rank();
}

__global__ void ranks(int *o)
{
	cg::thread_block blk = cg::this_thread_block();
	cg::thread_group g = blk;
	cg::thread_group t8 = cg::tiled_partition(blk, 8);
	cg::thread_group t4 = cg::tiled_partition(t8, 4);
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	o[i] = rankof(g) * 10000 + (int)g.size() * 100 + rankof(t8) * 10 + (int)t4.thread_rank() + (int)t8.size();
}

int main()
{
	const int blocks = 3, threads = 64;
	int *o, h[blocks * threads];
	cudaMalloc(&o, sizeof h);
	ranks<<<blocks, threads>>>(o);
	cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
	long long sum = 0;
	int bad = 0;
	for (int i = 0; i < blocks * threads; i++) {
		int t = i % threads;
		bad += h[i] != t * 10000 + threads * 100 + (t % 8) * 10 + t % 4 + 8;
		sum += h[i];
	}
	printf("RESULT sum=%lld bad=%d\n", sum, bad);
	return 0;
}
