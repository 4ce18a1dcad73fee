// expect 13: a cooperative_groups sync of a grid, a coalesced group or a group of unknown size
// The threads that are active together: which ones depends on the
// branch, which the lowering does not track for a group.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void k(int *o)
{
	if (threadIdx.x % 3) {
		cg::coalesced_group active = cg::coalesced_threads();
		o[threadIdx.x] = active.thread_rank();
		active.sync();
	}
}

int main()
{
	return 0;
}
