// tiled_partition<4> of a tiled_partition<16>: meta_group_rank and
// meta_group_size are relative to the parent tile of 16 (CUDA: the parent's
// thread_rank()/4, (16+3)/4); the runtime took the whole block's (a hunt found it).
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *out)
{
	cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(cg::this_thread_block());
	cg::thread_block_tile<4> t4 = cg::tiled_partition<4>(t16);
	out[threadIdx.x] = t4.meta_group_rank() * 100 + t4.meta_group_size();
}
int main()
{
	int *d, h[32];
	cudaMalloc(&d, sizeof h);
	k<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int t = 0; t < 32; t++)
		bad += h[t] != ((t % 16) / 4) * 100 + 4;
	printf("RESULT t20=%d bad=%d\n", h[20], bad);
}
