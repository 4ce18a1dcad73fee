// 93-wmma-bf16-match.cu: what four HeCBench programs needed of the runtime
// and the lowering (issue 35).
// - __match_any_sync and __match_all_sync (atomicAggregate): on 80-thread
//   blocks (a partial last warp), a 64-bit key, a float key where 0.0 and
//   -0.0 differ (matches compare bits), a match under a branch with the
//   mask of the lanes that take it, match_all's predicate through a
//   pointer, and atomicAggregate's aggregated increment (a leader adds the
//   matching lanes' count, the others their rank in the match).
// - cooperative_groups::coalesced_threads() (filter): the same increment
//   through a coalesced group's size, thread_rank and shfl, compacting the
//   threads whose key is at least 3 (any set of lanes gives a correct
//   compaction; the runtime's is the caller alone).
// - bfloat16 pairs and fp8 quadruples (addBiasQKV): fp8x4 -> two bf16 pairs,
//   (v * s1 + bias) * s2 with __hmul2/__hadd2, back to __nv_fp8x4_e4m3
//   (saturating); every step is exact in float and rounded once, so the
//   host's own rounding (to nearest even, found by search for fp8) is the
//   GPU's.
// - nvcuda::wmma (wmma): C = 2 (C + A B) - 1 in place, one 16x16 tile per
//   warp, two warps a block, K = 32 in two steps; then C += A1 B1 (the
//   first step's) in place again, load, mma and store in a row (each lane
//   of the runtime's mma.h holds the whole tile: a lowering that let lane
//   0's store reach lane 1's load of C adds A1 B1 once per lane: wmmabad);
//   an m32n8k16 product with a half accumulator filled with 1, stored
//   column-major. Small integers: exact.
// Expected: RESULT anysum=<A> matchbad=0 aggbad=0 kept=<K> groupbad=0
// bf16bad=0 fp8bad=0 fp8sum=<F> wmmabad=0 csum=<C> halfbad=0.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <mma.h>
#include <cooperative_groups.h>

using namespace nvcuda;

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define BS 80
#define NB 3
#define N (BS * NB)
#define FULL 0xffffffffu
#define NOT3 0xb6db6db6u /* lanes whose number is not a multiple of 3 */
#define NCTR 4

__global__ void matches(const int *key, const float *fkey, unsigned *any, unsigned *all, int *pred,
                        unsigned *fany, unsigned *sub)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
	any[i] = __match_any_sync(FULL, (unsigned long long)key[i]);
	int p = -1;
	all[i] = __match_all_sync(FULL, threadIdx.x >> 5 == 1 ? 7 : key[i], &p);
	pred[i] = p;
	fany[i] = __match_any_sync(FULL, fkey[i]);
	unsigned s = 0;
	if (lane % 3)
		s = __match_any_sync(NOT3, key[i]);
	sub[i] = s;
}

/* atomicAggregate's: increment *ptr by 1, return the old value */
__device__ int aggInc(int *ptr)
{
	unsigned mask = __match_any_sync(FULL, (unsigned long long)ptr);
	int leader = __ffs(mask) - 1, res = 0;
	unsigned lane = threadIdx.x % 32;
	if ((int)lane == leader)
		res = atomicAdd(ptr, __popc(mask));
	res = __shfl_sync(mask, res, leader);
	return res + __popc(mask & ((1u << lane) - 1));
}

__global__ void aggregate(const int *key, int *ctr, int *ticket)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	ticket[i] = aggInc(ctr + key[i] % NCTR);
}

/* filter's: the same through a coalesced group (the runtime's is the
 * calling thread alone, a set the GPU may give too) */
__device__ int aggIncGroup(int *ctr)
{
	auto g = cooperative_groups::coalesced_threads();
	int res = 0;
	if (g.thread_rank() == 0)
		res = atomicAdd(ctr, g.size());
	return g.shfl(res, 0) + g.thread_rank();
}

__global__ void compact(const int *key, int *dst, int *count)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (key[i] >= 3)
		dst[aggIncGroup(count)] = i;
}

__global__ void qkv(const __nv_fp8x4_e4m3 *src, const __nv_bfloat162 *bias, float s1, float s2,
                    __nv_bfloat162 *mid, __nv_fp8x4_e4m3 *dst, float4 *dec)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	const char4 t = reinterpret_cast<const char4 *>(src)[i];
	__nv_bfloat162 v1 = __nv_bfloat162((float)reinterpret_cast<const __nv_fp8_e4m3 *>(&t.x)[0],
	                                   (float)reinterpret_cast<const __nv_fp8_e4m3 *>(&t.y)[0]);
	__nv_bfloat162 v2 = __nv_bfloat162((float)reinterpret_cast<const __nv_fp8_e4m3 *>(&t.z)[0],
	                                   (float)reinterpret_cast<const __nv_fp8_e4m3 *>(&t.w)[0]);
	__nv_bfloat162 a = __float2bfloat162_rn(s1), b = __float2bfloat162_rn(s2);
	v1 = __hmul2(__hadd2(__hmul2(v1, a), bias[2 * i]), b);
	v2 = __hmul2(__hadd2(__hmul2(v2, a), bias[2 * i + 1]), b);
	mid[2 * i] = v1;
	mid[2 * i + 1] = v2;
	dst[i] = __nv_fp8x4_e4m3(v1, v2);
	dec[i] = (float4)src[i];
}

#define TK 32          /* A is 16 x TK row-major; B is TK x 16 per tile, column-major */
#define TILES 4        /* C is 16 x (16 TILES) row-major */
#define LDC (16 * TILES)

__global__ void tiles(const __half *a, const __half *b, float *c)
{
	int tile = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
	wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
	wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
	wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
	float *ct = c + tile * 16;
	wmma::load_matrix_sync(acc, ct, LDC, wmma::mem_row_major);
	for (int k = 0; k < TK; k += 16) {
		wmma::load_matrix_sync(fa, a + k, TK);
		wmma::load_matrix_sync(fb, b + tile * 16 * TK + k, TK);
		wmma::mma_sync(acc, fa, fb, acc);
	}
	for (int i = 0; i < acc.num_elements; i++)
		acc.x[i] = 2.0f * acc.x[i] - 1.0f;
	wmma::store_matrix_sync(ct, acc, LDC, wmma::mem_row_major);
}

/* C += A1 B1 (the first 16 of K) in place, with no loop between the load
 * and the store that could part them */
__global__ void inplace(const __half *a, const __half *b, float *c)
{
	int tile = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
	wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
	wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
	wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
	wmma::load_matrix_sync(acc, c + tile * 16, LDC, wmma::mem_row_major);
	wmma::load_matrix_sync(fa, a, TK);
	wmma::load_matrix_sync(fb, b + tile * 16 * TK, TK);
	wmma::mma_sync(acc, fa, fb, acc);
	wmma::store_matrix_sync(c + tile * 16, acc, LDC, wmma::mem_row_major);
}

/* 32 x 16 by 16 x 8, both row-major, plus 1: a half accumulator */
__global__ void tall(const __half *a, const __half *b, __half *d)
{
	wmma::fragment<wmma::matrix_a, 32, 8, 16, __half, wmma::row_major> fa;
	wmma::fragment<wmma::matrix_b, 32, 8, 16, __half, wmma::row_major> fb;
	wmma::fragment<wmma::accumulator, 32, 8, 16, __half> acc;
	wmma::fill_fragment(acc, __float2half(1.0f));
	wmma::load_matrix_sync(fa, a, 16);
	wmma::load_matrix_sync(fb, b, 8);
	wmma::mma_sync(acc, fa, fb, acc);
	wmma::store_matrix_sync(d, acc, 32, wmma::mem_col_major);
}

static unsigned hash(unsigned i) { return (i * 2654435761u) >> 7; }

/* ---- host references: lanes of a warp, bf16 and fp8 rounding ---- */

static int lanes_of(int i) /* how many lanes thread i's warp has */
{
	int first = i % BS & ~31;
	return BS - first < 32 ? BS - first : 32;
}

static int matchbad(const int *key, const float *fkey, const unsigned *any, const unsigned *all, const int *pred,
                    const unsigned *fany, const unsigned *sub, int *anysum)
{
	int bad = 0;
	for (int i = 0; i < N; i++) {
		int lane = i % BS % 32, base = i - lane, n = lanes_of(i);
		unsigned ma = 0, mf = 0, ms = 0;
		int same = 1, w1 = i % BS / 32 == 1;
		for (int l = 0; l < n; l++) {
			ma |= (unsigned)(key[base + l] == key[i]) << l;
			mf |= (unsigned)(memcmp(&fkey[base + l], &fkey[i], sizeof(float)) == 0) << l;
			ms |= (unsigned)((NOT3 >> l & 1u) && key[base + l] == key[i]) << l;
			same &= w1 || key[base + l] == key[base];
		}
		unsigned wantall = same ? (n == 32 ? FULL : (1u << n) - 1) : 0;
		bad += any[i] != ma;
		bad += fany[i] != mf;
		bad += sub[i] != (lane % 3 ? ms : 0u);
		bad += all[i] != wantall || pred[i] != same;
		*anysum += __builtin_popcount(any[i]);
	}
	return bad;
}

static int aggbad(const int *key, const int *ctr, const int *ticket)
{
	int bad = 0;
	for (int c = 0; c < NCTR; c++) {
		int count = 0;
		char seen[N] = {0};
		for (int i = 0; i < N; i++)
			if (key[i] % NCTR == c) {
				count++;
				if (ticket[i] >= 0 && ticket[i] < N)
					bad += seen[ticket[i]]++ != 0;
				else
					bad++;
			}
		bad += ctr[c] != count;
		for (int t = 0; t < count; t++)
			bad += !seen[t];
	}
	return bad;
}

static int compactbad(const int *key, const int *dst, int count, int *kept)
{
	int bad = 0;
	char seen[N] = {0};
	*kept = 0;
	for (int i = 0; i < N; i++)
		*kept += key[i] >= 3;
	for (int j = 0; j < count && j < N; j++) {
		int i = dst[j];
		bad += i < 0 || i >= N || key[i] < 3 || seen[i]++;
	}
	return bad + (count != *kept);
}

static float bf16round(float x) /* to 8 significant bits, nearest, ties to even */
{
	int e;
	if (x == 0.0f)
		return x;
	frexpf(x, &e);
	float q = ldexpf(1.0f, e - 8);
	return nearbyintf(x / q) * q;
}

static float fp8value(unsigned code) /* E4M3: bias 7, 3 fraction bits, no infinity */
{
	unsigned e = code >> 3 & 15u, m = code & 7u;
	float v = e ? ldexpf((float)(8 + m), (int)e - 10) : ldexpf((float)m, -9);
	return code & 0x80u ? -v : v;
}

static unsigned fp8code(float x) /* nearest, ties to the even code, past 448: 448 */
{
	unsigned best = 0;
	float ax = fabsf(x);
	for (unsigned c = 1; c < 0x7f; c++) {
		float d = fabsf(fp8value(c) - ax), db = fabsf(fp8value(best) - ax);
		if (d < db || (d == db && !(c & 1u)))
			best = c;
	}
	return best | (x < 0 ? 0x80u : 0u);
}

int main()
{
	int hkey[N], hctr[NCTR], hticket[N], hpred[N], hcompact[N], hcount;
	float hfkey[N];
	unsigned hany[N], hall[N], hfany[N], hsub[N];
	for (int i = 0; i < N; i++) {
		hkey[i] = (int)(hash((unsigned)i) % 5);
		hfkey[i] = hkey[i] % 3 == 1 ? (i & 1 ? -0.0f : 0.0f) : (float)(hkey[i] % 3);
	}
	int *dkey, *dpred, *dctr, *dticket, *dcompact, *dcount;
	float *dfkey;
	unsigned *dany, *dall, *dfany, *dsub;
	CHECK(cudaMalloc(&dkey, sizeof hkey));
	CHECK(cudaMalloc(&dfkey, sizeof hfkey));
	CHECK(cudaMalloc(&dpred, sizeof hpred));
	CHECK(cudaMalloc(&dctr, sizeof hctr));
	CHECK(cudaMalloc(&dticket, sizeof hticket));
	CHECK(cudaMalloc(&dany, sizeof hany));
	CHECK(cudaMalloc(&dall, sizeof hall));
	CHECK(cudaMalloc(&dfany, sizeof hfany));
	CHECK(cudaMalloc(&dsub, sizeof hsub));
	CHECK(cudaMalloc(&dcompact, sizeof hcompact));
	CHECK(cudaMalloc(&dcount, sizeof(int)));
	CHECK(cudaMemcpy(dkey, hkey, sizeof hkey, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dfkey, hfkey, sizeof hfkey, cudaMemcpyHostToDevice));
	CHECK(cudaMemset(dctr, 0, sizeof hctr));
	CHECK(cudaMemset(dcount, 0, sizeof(int)));
	matches<<<NB, BS>>>(dkey, dfkey, dany, dall, dpred, dfany, dsub);
	aggregate<<<NB, BS>>>(dkey, dctr, dticket);
	compact<<<NB, BS>>>(dkey, dcompact, dcount);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(hany, dany, sizeof hany, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hall, dall, sizeof hall, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hpred, dpred, sizeof hpred, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hfany, dfany, sizeof hfany, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hsub, dsub, sizeof hsub, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hctr, dctr, sizeof hctr, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hticket, dticket, sizeof hticket, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hcompact, dcompact, sizeof hcompact, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(&hcount, dcount, sizeof(int), cudaMemcpyDeviceToHost));
	int anysum = 0;
	int mbad = matchbad(hkey, hfkey, hany, hall, hpred, hfany, hsub, &anysum);
	int abad = aggbad(hkey, hctr, hticket);
	int kept, cbad = compactbad(hkey, hcompact, hcount, &kept);

	/* bf16 and fp8: 64 quadruples */
	enum { Q = 64 };
	const float s1 = 0.75f, s2 = 1.5f;
	unsigned char hsrc[4 * Q], hdst[4 * Q];
	__nv_bfloat162 hbias[2 * Q], hmid[2 * Q];
	float4 hdec[Q];
	float bias[4 * Q];
	for (int i = 0; i < 4 * Q; i++) {
		unsigned c = hash((unsigned)i + 1000u) & 0xffu;
		hsrc[i] = (unsigned char)((c & 0x7fu) == 0x7fu ? c ^ 1u : c); /* no NaN */
		bias[i] = (float)((int)(hash((unsigned)i + 5000u) % 257) - 128) / 16.0f;
	}
	for (int i = 0; i < 2 * Q; i++)
		hbias[i] = __floats2bfloat162_rn(bias[2 * i], bias[2 * i + 1]);
	__nv_fp8x4_e4m3 *dsrc, *ddst;
	__nv_bfloat162 *dbias, *dmid;
	float4 *ddec;
	CHECK(cudaMalloc(&dsrc, sizeof hsrc));
	CHECK(cudaMalloc(&ddst, sizeof hdst));
	CHECK(cudaMalloc(&dbias, sizeof hbias));
	CHECK(cudaMalloc(&dmid, sizeof hmid));
	CHECK(cudaMalloc(&ddec, sizeof hdec));
	CHECK(cudaMemcpy(dsrc, hsrc, sizeof hsrc, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dbias, hbias, sizeof hbias, cudaMemcpyHostToDevice));
	qkv<<<2, Q / 2>>>(dsrc, dbias, s1, s2, dmid, ddst, ddec);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(hdst, ddst, sizeof hdst, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hmid, dmid, sizeof hmid, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hdec, ddec, sizeof hdec, cudaMemcpyDeviceToHost));
	int bfbad = 0, f8bad = 0, fp8sum = 0;
	for (int i = 0; i < 4 * Q; i++) {
		float v = fp8value(hsrc[i]);
		float want = bf16round(bf16round(bf16round(v * s1) + bias[i]) * s2);
		__nv_bfloat162 m = hmid[i / 2];
		bfbad += __bfloat162float(i & 1 ? m.y : m.x) != want;
		f8bad += hdst[i] != fp8code(want);
		const float4 d = hdec[i / 4];
		f8bad += (i % 4 == 0 ? d.x : i % 4 == 1 ? d.y : i % 4 == 2 ? d.z : d.w) != v;
		fp8sum += (int)fp8value(hdst[i]);
	}

	/* wmma: C (16 x 64) = 2 (C + A B) - 1 + A1 B1, tile by tile; D (32 x 8) = A B + 1 */
	__half ha[16 * TK], hb[TILES * 16 * TK], ta[32 * 16], tb[16 * 8], td[32 * 8];
	float hc[16 * LDC], c0[16 * LDC];
	for (int i = 0; i < 16 * TK; i++)
		ha[i] = __float2half((float)((i * 7) % 5 - 2));
	for (int i = 0; i < TILES * 16 * TK; i++)
		hb[i] = __float2half((float)((i * 3) % 7 - 3));
	for (int i = 0; i < 16 * LDC; i++)
		c0[i] = (float)(i % 11 - 5);
	for (int i = 0; i < 32 * 16; i++)
		ta[i] = __float2half((float)((i * 5) % 9 - 4));
	for (int i = 0; i < 16 * 8; i++)
		tb[i] = __float2half((float)(i % 5 - 2));
	__half *da, *db, *dta, *dtb, *dtd;
	float *dc;
	CHECK(cudaMalloc(&da, sizeof ha));
	CHECK(cudaMalloc(&db, sizeof hb));
	CHECK(cudaMalloc(&dc, sizeof hc));
	CHECK(cudaMalloc(&dta, sizeof ta));
	CHECK(cudaMalloc(&dtb, sizeof tb));
	CHECK(cudaMalloc(&dtd, sizeof td));
	CHECK(cudaMemcpy(da, ha, sizeof ha, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(db, hb, sizeof hb, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dc, c0, sizeof c0, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dta, ta, sizeof ta, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dtb, tb, sizeof tb, cudaMemcpyHostToDevice));
	tiles<<<TILES / 2, 64>>>(da, db, dc);
	inplace<<<TILES / 2, 64>>>(da, db, dc);
	tall<<<1, 32>>>(dta, dtb, dtd);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(hc, dc, sizeof hc, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(td, dtd, sizeof td, cudaMemcpyDeviceToHost));
	int wbad = 0, hbad = 0;
	long csum = 0;
	for (int r = 0; r < 16; r++)
		for (int col = 0; col < LDC; col++) {
			float s = c0[r * LDC + col], first = 0.0f;
			for (int k = 0; k < TK; k++) { /* B's column col is TK values from col * TK */
				float p = __half2float(ha[r * TK + k]) * __half2float(hb[col * TK + k]);
				s += p;
				first += k < 16 ? p : 0.0f;
			}
			wbad += hc[r * LDC + col] != 2.0f * s - 1.0f + first;
			csum += (long)hc[r * LDC + col];
		}
	for (int r = 0; r < 32; r++)
		for (int col = 0; col < 8; col++) {
			float s = 1.0f;
			for (int k = 0; k < 16; k++)
				s += __half2float(ta[r * 16 + k]) * __half2float(tb[k * 8 + col]);
			hbad += __half2float(td[col * 32 + r]) != s;
		}

	printf("RESULT anysum=%d matchbad=%d aggbad=%d kept=%d groupbad=%d bf16bad=%d fp8bad=%d fp8sum=%d wmmabad=%d "
	       "csum=%ld halfbad=%d\n",
	       anysum, mbad, abad, kept, cbad, bfbad, f8bad, fp8sum, wbad, csum, hbad);
	return 0;
}
