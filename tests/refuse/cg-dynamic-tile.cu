// expect 12: a cooperative_groups sync of a grid, a coalesced group or a group of unknown size
// A tile sized at run time is a thread_group: its size is unknown to the
// lowering, so its sync is not taken for a warp's.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void k(int *o, unsigned n)
{
	cg::thread_group tile = cg::tiled_partition(cg::this_thread_block(), n);
	o[threadIdx.x] = threadIdx.x;
	tile.sync();
	o[threadIdx.x] += o[threadIdx.x ^ 1];
}

int main()
{
	return 0;
}
