// expect 11: a warp operation cuflow does not lower (inclusive_scan)
// cg::inclusive_scan over a static tile: the runtime has no
// cooperative_groups/scan.h, so the lowered program did not build (a hunt).
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;
__global__ void k(int *out)
{
	cg::thread_block_tile<8> t = cg::tiled_partition<8>(cg::this_thread_block());
	out[threadIdx.x] = cg::inclusive_scan(t, 1);
}
int main()
{
	int *d, h[32];
	cudaMalloc(&d, sizeof h);
	k<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int t = 0; t < 32; t++)
		bad += h[t] != t % 8 + 1;
	printf("RESULT bad=%d\n", bad);
}
