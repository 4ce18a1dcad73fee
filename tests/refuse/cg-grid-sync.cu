// expect 13: a cooperative_groups sync of a grid, a coalesced group or a group of unknown size
// A grid-wide barrier: the CPU runs one block after another, so blocks
// cannot wait for each other.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void k(int *o)
{
	cg::grid_group grid = cg::this_grid();
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	o[i] = i;
	grid.sync();
	o[i] += o[(i + 1) % (gridDim.x * blockDim.x)];
}

int main()
{
	return 0;
}
