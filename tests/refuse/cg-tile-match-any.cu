// expect 10: a warp operation cuflow does not lower (match_any)
// thread_block_tile<32>::match_any: the runtime's tile has none, and the
// lowered program did not build (a hunt). Refused.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *out)
{
	cg::thread_block_tile<32> w = cg::tiled_partition<32>(cg::this_thread_block());
	out[threadIdx.x] = (int)w.match_any(threadIdx.x % 2);
}
int main()
{
	int *d, h[32];
	cudaMalloc(&d, sizeof h);
	k<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int t = 0; t < 32; t++)
		bad += (unsigned)h[t] != (t % 2 ? 0xaaaaaaaau : 0x55555555u);
	printf("RESULT bad=%d\n", bad);
}
