/* test_warp.cpp: the warp helpers the lowering calls for __shfl*_sync,
 * __ballot_sync, __any/__all_sync, __match_*_sync and __reduce_*_sync,
 * checked against a direct reading of the CUDA rules (segments of width
 * lanes; a source outside the caller's segment gives the caller's value,
 * except that __shfl_sync wraps and __shfl_xor_sync may read lower
 * segments) and by the warp reductions and scans real kernels build. */
#include <vector>

#include "check.h"

static int ref_shfl(const int *v, int lane, int src, int width)
{
	int seg = lane / width;
	return v[seg * width + ((src % width) + width) % width];
}

static int ref_up(const int *v, int lane, int d, int width)
{
	int src = lane - d;
	return src < (lane / width) * width ? v[lane] : v[src];
}

static int ref_down(const int *v, int lane, int d, int width)
{
	int src = lane + d;
	return src >= (lane / width + 1) * width ? v[lane] : v[src];
}

static int ref_xor(const int *v, int lane, int m, int width)
{
	int src = lane ^ m;
	return src >= (lane / width + 1) * width ? v[lane] : v[src];
}

static void test_against_reference(void)
{
	int v[32];
	for (int l = 0; l < 32; l++)
		v[l] = 100 + l * 7;
	for (int width = 1; width <= 32; width *= 2)
		for (int lane = 0; lane < 32; lane++) {
			for (int src = -40; src < 70; src++)
				CHECK_EQ(cuflow_shfl(v, lane, src, width), ref_shfl(v, lane, src, width));
			for (int d = 0; d < 32; d++) {
				CHECK_EQ(cuflow_shfl_up(v, lane, d, width), ref_up(v, lane, d, width));
				CHECK_EQ(cuflow_shfl_down(v, lane, d, width), ref_down(v, lane, d, width));
				CHECK_EQ(cuflow_shfl_xor(v, lane, d, width), ref_xor(v, lane, d, width));
			}
		}
	/* defaults: width 32 */
	CHECK_EQ(cuflow_shfl(v, 3, 31), v[31]);
	CHECK_EQ(cuflow_shfl_down(v, 30, 4), v[30]);
	CHECK_EQ(cuflow_shfl_xor(v, 5, 1), v[4]);
	/* xor may read an earlier segment, not a later one */
	CHECK_EQ(cuflow_shfl_xor(v, 9, 8, 8), v[1]);
	CHECK_EQ(cuflow_shfl_xor(v, 1, 8, 8), v[1]);
}

static void test_votes(void)
{
	int pred[32];
	for (int l = 0; l < 32; l++)
		pred[l] = (l % 3 == 0) ? 5 : 0;
	unsigned expect = 0;
	for (int l = 0; l < 32; l += 3)
		expect |= 1u << l;
	CHECK_EQ(cuflow_ballot(pred, 0xffffffffu), expect);
	CHECK_EQ(cuflow_ballot(pred, 0x0000ffffu), expect & 0xffffu);
	CHECK(cuflow_any(pred, 0xffffffffu));
	CHECK(!cuflow_any(pred, 0x6u));        /* lanes 1, 2 */
	CHECK(!cuflow_all(pred, 0xffffffffu));
	CHECK(cuflow_all(pred, 0x9u));         /* lanes 0, 3 */
	CHECK(cuflow_all(pred, 0u));           /* vacuous */
	CHECK_EQ(cuflow_lanemask(5), 0x1fu);
	CHECK_EQ(cuflow_lanemask(32), 0xffffffffu);
	/* a partial warp of 20 lanes: the mask names only those */
	bool bp[32];
	for (int l = 0; l < 32; l++)
		bp[l] = l < 20;
	CHECK(cuflow_all(bp, 0xffffffffu & cuflow_lanemask(20)));

	int key[32];
	for (int l = 0; l < 32; l++)
		key[l] = l % 4;
	CHECK_EQ(cuflow_match_any(key, 6, 0xffffffffu), 0x44444444u);
	CHECK_EQ(cuflow_match_any(key, 6, 0x0000ffffu), 0x4444u);
	int all;
	CHECK_EQ(cuflow_match_all(key, 0x11111111u, &all), 0x11111111u);
	CHECK(all == 1);
	CHECK_EQ(cuflow_match_all(key, 0x3u, &all), 0u);
	CHECK(all == 0);

	unsigned u[32];
	for (int l = 0; l < 32; l++)
		u[l] = (unsigned)(l * 5 + 1);
	CHECK_EQ(cuflow_reduce_add(u, 0xffffffffu), 5 * 496 + 32);
	CHECK_EQ(cuflow_reduce_min(u, 0xfffffff0u), 21u);
	CHECK_EQ(cuflow_reduce_max(u, 0x0000000fu), 16u);
	CHECK_EQ(cuflow_reduce_or(u, 0x3u), 1u | 6u);
	CHECK_EQ(cuflow_reduce_and(u, 0x3u), 1u & 6u);
	CHECK_EQ(cuflow_reduce_xor(u, 0x7u), 1u ^ 6u ^ 11u);
}

struct warp_args {
	const float *in;
	float *sum_down, *sum_xor, *scan;
};

/* A block of 64 threads (2 warps), lowered: per-lane arrays, each shuffle
 * step computed for all lanes from the previous step's values.
 *   sum_down: for (o = 16; o > 0; o /= 2) v += __shfl_down_sync(~0, v, o);
 *   sum_xor:  for (o = 16; o > 0; o /= 2) v += __shfl_xor_sync(~0, v, o);
 *   scan:     for (o = 1; o < 32; o *= 2) { n = __shfl_up_sync(~0, v, o);
 *                                           if (lane >= o) v += n; } */
static void warp_block(const cuflow_block *b, void *p)
{
	const warp_args *a = (const warp_args *)p;
	for (unsigned w = 0; w < b->blockDim.x / 32; w++) {
		unsigned base = b->blockIdx.x * b->blockDim.x + w * 32;
		float down[32], bfly[32], scan[32], tmp[32];
		for (int l = 0; l < 32; l++)
			down[l] = bfly[l] = scan[l] = a->in[base + l];
		for (int o = 16; o > 0; o /= 2) {
			for (int l = 0; l < 32; l++)
				tmp[l] = down[l] + cuflow_shfl_down(down, l, o);
			for (int l = 0; l < 32; l++)
				down[l] = tmp[l];
			for (int l = 0; l < 32; l++)
				tmp[l] = bfly[l] + cuflow_shfl_xor(bfly, l, o);
			for (int l = 0; l < 32; l++)
				bfly[l] = tmp[l];
		}
		for (int o = 1; o < 32; o *= 2) {
			for (int l = 0; l < 32; l++)
				tmp[l] = cuflow_shfl_up(scan, l, o);
			for (int l = 0; l < 32; l++)
				if (l >= o)
					scan[l] += tmp[l];
		}
		for (int l = 0; l < 32; l++) {
			a->sum_xor[base + l] = bfly[l];
			a->scan[base + l] = scan[l];
		}
		a->sum_down[base / 32] = down[0];
	}
}

static void test_kernel(void)
{
	const int nblocks = 100, n = nblocks * 64;
	float *in, *sd, *sx, *sc;
	CHECK_CUDA(cudaMallocManaged(&in, n * sizeof(float)));
	CHECK_CUDA(cudaMallocManaged(&sd, n / 32 * sizeof(float)));
	CHECK_CUDA(cudaMallocManaged(&sx, n * sizeof(float)));
	CHECK_CUDA(cudaMallocManaged(&sc, n * sizeof(float)));
	for (int i = 0; i < n; i++)
		in[i] = (float)(i % 13);
	warp_args a = {in, sd, sx, sc};
	CHECK_CUDA(cuflowLaunch(warp_block, &a, sizeof a, dim3(nblocks), dim3(64), 0, 0));
	CHECK_CUDA(cudaDeviceSynchronize());
	for (int w = 0; w < n / 32; w++) {
		float s = 0;
		for (int l = 0; l < 32; l++) {
			s += in[w * 32 + l];
			CHECK(sc[w * 32 + l] == s);
		}
		CHECK(sd[w] == s);
		for (int l = 0; l < 32; l++)
			CHECK(sx[w * 32 + l] == s);
	}
	CHECK_CUDA(cudaFree(in));
	CHECK_CUDA(cudaFree(sd));
	CHECK_CUDA(cudaFree(sx));
	CHECK_CUDA(cudaFree(sc));
}

int main(void)
{
	test_against_reference();
	test_votes();
	test_kernel();
	printf("PASS test_warp\n");
	return 0;
}
