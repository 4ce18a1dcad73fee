// expect 14: cg::reduce with an operator other than cooperative_groups' plus, less, greater, bit_and, bit_or or bit_xor
// cg::reduce over a tile with a lambda: the lowering folds the tile's
// lanes with cg's own stateless operators only (a lambda could capture a
// value each thread keeps, which the exchange cannot name).
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
