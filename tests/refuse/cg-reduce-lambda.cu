// expect 15: cg::reduce with an operator that is a lambda or a variable (it may hold what each thread keeps)
// cg::reduce over a tile with a lambda: the lowering folds the tile's
// lanes with one operator for all (cg's, a function, a program's class
// without state); a lambda could capture a value each thread keeps, which
// the exchange cannot name.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void k(const int *in, int *out, int bias)
{
	auto warp = cg::tiled_partition<32>(cg::this_thread_block());
	int v = in[threadIdx.x];
	auto op = [bias](int a, int b) { return a + b + bias; };
	int s = cg::reduce(warp, v, op);
	out[threadIdx.x] = s;
}

int main()
{
	int *d = 0;
	k<<<1, 32>>>(d, d, 1);
	return 0;
}
