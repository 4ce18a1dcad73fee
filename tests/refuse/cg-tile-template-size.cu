// expect 18: a warp operation cuflow does not lower (shfl_up)
// Tile collectives of thread_block_tile<TS>, TS a kernel template's parameter:
// left unlowered, the program stopped at run time (a hunt). Refused.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
template <int TS, typename T>
__global__ void k(const T *in, T *out)
{
	cg::thread_block block = cg::this_thread_block();
	cg::thread_block_tile<TS> tile = cg::tiled_partition<TS>(block);
	int i = blockIdx.x * block.size() + block.thread_rank();
	T v = in[i];
	T s = cg::reduce(tile, v, cg::plus<T>());
	T x = v;
	for (int o = 1; o < TS; o <<= 1) {
		T y = tile.shfl_up(x, o);
		if ((int)tile.thread_rank() >= o) x += y;
	}
	T b = tile.shfl(x, TS - 1);
	out[i * 3 + 0] = s;
	out[i * 3 + 1] = x;
	out[i * 3 + 2] = b + (T)tile.meta_group_rank();
}
template <int TS, typename T>
int run(int BS)
{
	const int NB = 2, n = NB * BS;
	T *hi = new T[n], *h = new T[n * 3], *d, *di;
	for (int i = 0; i < n; i++) hi[i] = (T)((i * 29) % 41);
	cudaMalloc(&d, n * 3 * sizeof(T)); cudaMalloc(&di, n * sizeof(T));
	cudaMemcpy(di, hi, n * sizeof(T), cudaMemcpyHostToDevice);
	k<TS, T><<<NB, BS>>>(di, d);
	cudaMemcpy(h, d, n * 3 * sizeof(T), cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int i = 0; i < n; i++) {
		int tb = i & ~(TS - 1);
		T s = 0, x = 0;
		for (int j = tb; j < tb + TS; j++) s += hi[j];
		for (int j = tb; j <= i; j++) x += hi[j];
		T e[3] = {s, x, s + (T)((i % BS) / TS)};
		for (int q = 0; q < 3; q++) if (h[i * 3 + q] != e[q]) { if (bad < 3) printf("TS=%d i=%d q=%d got %g want %g\n", TS, i, q, (double)h[i * 3 + q], (double)e[q]); bad++; }
	}
	return bad;
}
int main()
{
	int bad = run<2, int>(50) + run<4, float>(100) + run<8, double>(48) + run<16, long long>(80) + run<32, unsigned>(96);
	printf("RESULT bad=%d\n", bad);
}
