// A static tile's shfl in a kernel template, on an argument whose type the
// template's parameter gives: the call is unresolved in the pattern, was not
// taken for a collective, and the program stopped at run time (a hunt).
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
template <typename T>
__global__ void k(const T *in, T *out)
{
	cg::thread_block_tile<8> tile = cg::tiled_partition<8>(cg::this_thread_block());
	out[threadIdx.x] = tile.shfl(in[threadIdx.x], 0);
}
int main()
{
	int hi[32], h[32], *d, *di;
	for (int i = 0; i < 32; i++) hi[i] = i;
	cudaMalloc(&d, sizeof h); cudaMalloc(&di, sizeof hi);
	cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
	k<int><<<1, 32>>>(di, d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int t = 0; t < 32; t++) bad += h[t] != (t & ~7);
	printf("RESULT bad=%d\n", bad);
}
