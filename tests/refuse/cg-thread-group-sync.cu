// expect 10: a cooperative_groups sync of a grid, a coalesced group or a group of unknown size
// A sync of a cg::thread_group, whose size is known only at run time: one
// refusal, its group named (not a second one about statements).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *o)
{
	cg::thread_group g = cg::this_thread_block();
	o[threadIdx.x] = threadIdx.x;
	g.sync();
	o[threadIdx.x] += o[63 - threadIdx.x];
}
int main()
{
	int *o;
	cudaMalloc(&o, 64 * sizeof(int));
	k<<<1, 64>>>(o);
	cudaDeviceSynchronize();
	return 0;
}
