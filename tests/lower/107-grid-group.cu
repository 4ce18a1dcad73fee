// cg::this_grid() in an ordinary launch (no grid.sync()): its ranks and
// sizes. The runtime had no grid_group, and the lowered program did not
// build (a hunt). A 2D grid of 2D blocks. is_valid() is false outside a
// cooperative launch (the H200 says so: no grid.sync() there).
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void ranks(unsigned long long *out)
{
	cg::grid_group g = cg::this_grid();
	unsigned long long r = g.thread_rank();
	out[r] = g.num_threads() * 1000000ull + g.block_rank() * 1000ull + g.num_blocks() * 10ull + (g.is_valid() ? 1 : 0);
}

int main()
{
	dim3 grid(3, 2), block(8, 4);
	const int n = 3 * 2 * 8 * 4;
	unsigned long long *d, h[n];
	cudaMalloc(&d, sizeof h);
	ranks<<<grid, block>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int r = 0; r < n; r++)
		bad += h[r] != n * 1000000ull + (unsigned long long)(r / 32) * 1000ull + 6 * 10ull;
	printf("RESULT n=%d last=%llu bad=%d\n", n, h[n - 1], bad);
	cudaFree(d);
	return 0;
}
