// 98-warp-macros: warp operations that function-like macros write, the form
// old CUDA code keeps for the _sync intrinsics (HeCBench shuffle's
// `#define __shfl(v, d) __shfl_sync(0xffffffff, v, d)`, mpc, nbnxm). The
// call's operands are the macro's arguments (a variable, an expression, a
// per-thread local kept across a barrier), or the macro's own tokens (the
// mask, a lane, a width, a macro naming the mask); the body in parentheses;
// a name aliased by an object-like macro. The lowering copied each operand
// the use's arguments write as empty text: `cuflow_w1[cuflow_tid] = ();`
// did not compile.
//  bcast: lane 5's value broadcast to its warp (SHFL(v, 5)).
//  xor: a butterfly of SHFL_XOR(x, m) over the warp: every lane the sum.
//  down: SHFL_DOWN8(v, d) reduces groups of 8 lanes (width from the body).
//  up: SHFL_UP4(expression) within 16-lane segments (delta, width from the
//    body): lanes below 4 in a segment keep their own value.
//  vote: BALLOT(odd) and its popcount; gather: SHFL(a * 2 + lane,
//    (lane + 7) & 31); kept: a value set before a barrier, shuffled after.
//  width: widths a kernel parameter and a constexpr local give, directly and
//    through a macro (a uniform variable's implicit conversion was taken for
//    the intrinsic's default width: 32, a wrong answer).
// Every field is an integer sum over the GPU's results, checked against a
// host reference: bad counts mismatches.
#include <cstdio>

#define CHECK(x) \
	do { \
		if ((x) != cudaSuccess) { \
			printf("CUDA error %s line %d\n", #x, __LINE__); \
			return 1; \
		} \
	} while (0)

#define FULL_MASK 0xffffffffu
#define SHFL(v, d) __shfl_sync(0xffffffff, v, d)
#define SHFL_XOR(v, m) __shfl_xor_sync(FULL_MASK, v, m)
#define SHFL_DOWN8(v, d) (__shfl_down_sync(FULL_MASK, (v), d, 8))
#define SHFL_UP4(v) __shfl_up_sync(~0u, v, 4, 16)
#define BALLOT(p) __ballot_sync(FULL_MASK, p)
#define SHUFFLE_IDX __shfl_sync
#define SHFL_UP_W(v, d, w) __shfl_up_sync(FULL_MASK, v, d, w)

enum { NB = 3, BS = 128, N = NB * BS, F = 8 };

__global__ void forms(const int *in, int *out, int w)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x & 31;
	int a = in[i];
	int v = lane == 5 ? a : -1;
	out[i * F + 0] = SHFL(v, 5);
	int x = lane;
	for (int m = 1; m < 32; m *= 2)
		x += SHFL_XOR(x, m);
	out[i * F + 1] = x;
	int d = a;
	for (int off = 4; off > 0; off >>= 1)
		d += SHFL_DOWN8(d, off);
	out[i * F + 2] = d;
	out[i * F + 3] = SHFL_UP4(a * 3 + 1);
	unsigned b = BALLOT(a & 1);
	out[i * F + 4] = (int)(b & 0xffff) + __popc(b);
	out[i * F + 5] = SHUFFLE_IDX(FULL_MASK, SHFL(a * 2 + lane, (lane + 7) & 31), 31 - lane);
	constexpr int kW = 16;
	out[i * F + 7] = __shfl_down_sync(FULL_MASK, a, 1, w) * 100 + SHFL_UP_W(a, 2, kW);
}

__global__ void kept(const int *in, int *out)
{
	__shared__ int s[BS];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int mine = in[i] * 5;
	s[threadIdx.x] = mine;
	__syncthreads();
	mine += s[(threadIdx.x * 5 + 3) % BS];
	out[i * F + 6] = SHFL(mine, 0) + SHFL(mine, (threadIdx.x + 1) & 31);
}

static int
at(const int *in, int warp, int lane)
{
	return in[warp * 32 + lane];
}

int main()
{
	int h[N], got[N * F], want[N * F];
	for (int i = 0; i < N; i++)
		h[i] = (i * 37 + 11) % 29 - 14;
	for (int i = 0; i < N; i++) {
		int w = i / 32, lane = i % 32, g8 = lane & ~7, s16 = lane & ~15;
		want[i * F + 0] = at(h, w, 5);
		want[i * F + 1] = 496; /* every lane: 0 + 1 + ... + 31 */
		int t8[8]; /* the shuffles' order: offsets 4, 2, 1 within the 8-lane group, its own value past it */
		for (int j = 0; j < 8; j++)
			t8[j] = at(h, w, g8 + j);
		for (int off = 4; off > 0; off >>= 1) {
			int u[8];
			for (int j = 0; j < 8; j++)
				u[j] = t8[j] + (j + off < 8 ? t8[j + off] : t8[j]);
			for (int j = 0; j < 8; j++)
				t8[j] = u[j];
		}
		int d = t8[lane & 7];
		want[i * F + 2] = d;
		int src = lane - s16 >= 4 ? lane - 4 : lane;
		want[i * F + 3] = at(h, w, src) * 3 + 1;
		unsigned b = 0;
		for (int j = 0; j < 32; j++)
			b |= (unsigned)(at(h, w, j) & 1) << j;
		want[i * F + 4] = (int)(b & 0xffff) + __builtin_popcount(b);
		int from = 31 - lane, by = (from + 7) & 31;
		want[i * F + 5] = at(h, w, by) * 2 + by;
		int blk = i / BS, t = i % BS;
		auto mine = [&](int tt) { return h[blk * BS + tt] * 5 + h[blk * BS + (tt * 5 + 3) % BS] * 5; };
		int base = t & ~31;
		want[i * F + 6] = mine(base) + mine(base + ((t + 1) & 31));
		int dn = (lane & 7) + 1 < 8 ? lane + 1 : lane, upl = (lane & 15) >= 2 ? lane - 2 : lane; /* widths 8, 16 */
		want[i * F + 7] = at(h, w, dn) * 100 + at(h, w, upl);
	}
	int *din, *dout;
	CHECK(cudaMalloc(&din, sizeof h));
	CHECK(cudaMalloc(&dout, sizeof got));
	CHECK(cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice));
	forms<<<NB, BS>>>(din, dout, 8);
	kept<<<NB, BS>>>(din, dout);
	CHECK(cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost));
	long long sum[F] = {0};
	int bad = 0;
	for (int i = 0; i < N * F; i++) {
		sum[i % F] += got[i];
		bad += got[i] != want[i];
	}
	printf("RESULT bcast=%lld xor=%lld down=%lld up=%lld vote=%lld gather=%lld kept=%lld width=%lld bad=%d\n", sum[0],
	       sum[1], sum[2], sum[3], sum[4], sum[5], sum[6], sum[7], bad);
	return 0;
}
