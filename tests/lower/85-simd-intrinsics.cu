// 85-simd-intrinsics: every SIMD-within-a-word intrinsic (__vabs2 ...
// __vsubus4, on two halfwords or four bytes) and every DPX one of CUDA 12
// (__vimax3_s32 ... __vibmin_u16x2) called in a kernel over edge words:
// every combination of edge halfwords (0x7fff, 0x8000, 0xffff, 0x00ff/0x0100
// for carries between lanes), pseudo-random words and 32-bit edges (INT_MIN,
// INT_MAX) for the s32/u32 forms. The host reference is written lane by lane
// from NVIDIA's descriptions: saturation of the ss/us forms, signed averages
// rounding halves away from zero and unsigned ones up, __vcmp* masks against
// __vset* ones, __vsad* sums, DPX sums wrapping before the max/min, relu.
// simd_bad counts wrong SIMD results, dpx_bad wrong DPX values, pred_bad
// wrong __vibmax/__vibmin predicates. The runtime had none but the min/max
// ones: the lowered program did not build (HeCBench intrinsics-simd).
#include <climits>
#include <cstdio>

#define NSIMD 82
#define NDPX 37
#define NOUT (NSIMD + NDPX)

__global__ void simd(const unsigned *A, const unsigned *B, const unsigned *C, unsigned *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	unsigned a = A[i], b = B[i], c = C[i];
	unsigned *o = out + (size_t)NOUT * i;
	int k = 0;
	o[k++] = __vabs2(a);
	o[k++] = __vabs4(a);
	o[k++] = __vabsss2(a);
	o[k++] = __vabsss4(a);
	o[k++] = __vneg2(a);
	o[k++] = __vneg4(a);
	o[k++] = __vnegss2(a);
	o[k++] = __vnegss4(a);
	o[k++] = __vadd2(a, b);
	o[k++] = __vadd4(a, b);
	o[k++] = __vaddss2(a, b);
	o[k++] = __vaddss4(a, b);
	o[k++] = __vaddus2(a, b);
	o[k++] = __vaddus4(a, b);
	o[k++] = __vsub2(a, b);
	o[k++] = __vsub4(a, b);
	o[k++] = __vsubss2(a, b);
	o[k++] = __vsubss4(a, b);
	o[k++] = __vsubus2(a, b);
	o[k++] = __vsubus4(a, b);
	o[k++] = __vabsdiffs2(a, b);
	o[k++] = __vabsdiffs4(a, b);
	o[k++] = __vabsdiffu2(a, b);
	o[k++] = __vabsdiffu4(a, b);
	o[k++] = __vavgs2(a, b);
	o[k++] = __vavgs4(a, b);
	o[k++] = __vavgu2(a, b);
	o[k++] = __vavgu4(a, b);
	o[k++] = __vhaddu2(a, b);
	o[k++] = __vhaddu4(a, b);
	o[k++] = __vmaxs2(a, b);
	o[k++] = __vmaxs4(a, b);
	o[k++] = __vmaxu2(a, b);
	o[k++] = __vmaxu4(a, b);
	o[k++] = __vmins2(a, b);
	o[k++] = __vmins4(a, b);
	o[k++] = __vminu2(a, b);
	o[k++] = __vminu4(a, b);
	o[k++] = __vsads2(a, b);
	o[k++] = __vsads4(a, b);
	o[k++] = __vsadu2(a, b);
	o[k++] = __vsadu4(a, b);
	/* comparisons: eq ne ges geu gts gtu les leu lts ltu, cmp then set */
	o[k++] = __vcmpeq2(a, b);
	o[k++] = __vcmpeq4(a, b);
	o[k++] = __vseteq2(a, b);
	o[k++] = __vseteq4(a, b);
	o[k++] = __vcmpne2(a, b);
	o[k++] = __vcmpne4(a, b);
	o[k++] = __vsetne2(a, b);
	o[k++] = __vsetne4(a, b);
	o[k++] = __vcmpges2(a, b);
	o[k++] = __vcmpges4(a, b);
	o[k++] = __vsetges2(a, b);
	o[k++] = __vsetges4(a, b);
	o[k++] = __vcmpgeu2(a, b);
	o[k++] = __vcmpgeu4(a, b);
	o[k++] = __vsetgeu2(a, b);
	o[k++] = __vsetgeu4(a, b);
	o[k++] = __vcmpgts2(a, b);
	o[k++] = __vcmpgts4(a, b);
	o[k++] = __vsetgts2(a, b);
	o[k++] = __vsetgts4(a, b);
	o[k++] = __vcmpgtu2(a, b);
	o[k++] = __vcmpgtu4(a, b);
	o[k++] = __vsetgtu2(a, b);
	o[k++] = __vsetgtu4(a, b);
	o[k++] = __vcmples2(a, b);
	o[k++] = __vcmples4(a, b);
	o[k++] = __vsetles2(a, b);
	o[k++] = __vsetles4(a, b);
	o[k++] = __vcmpleu2(a, b);
	o[k++] = __vcmpleu4(a, b);
	o[k++] = __vsetleu2(a, b);
	o[k++] = __vsetleu4(a, b);
	o[k++] = __vcmplts2(a, b);
	o[k++] = __vcmplts4(a, b);
	o[k++] = __vsetlts2(a, b);
	o[k++] = __vsetlts4(a, b);
	o[k++] = __vcmpltu2(a, b);
	o[k++] = __vcmpltu4(a, b);
	o[k++] = __vsetltu2(a, b);
	o[k++] = __vsetltu4(a, b);
	/* DPX: each family as s32, s32_relu, u32, s16x2, s16x2_relu, u16x2 */
	int sa = (int)a, sb = (int)b, sc = (int)c;
	o[k++] = (unsigned)__vimax3_s32(sa, sb, sc);
	o[k++] = (unsigned)__vimax3_s32_relu(sa, sb, sc);
	o[k++] = __vimax3_u32(a, b, c);
	o[k++] = __vimax3_s16x2(a, b, c);
	o[k++] = __vimax3_s16x2_relu(a, b, c);
	o[k++] = __vimax3_u16x2(a, b, c);
	o[k++] = (unsigned)__vimin3_s32(sa, sb, sc);
	o[k++] = (unsigned)__vimin3_s32_relu(sa, sb, sc);
	o[k++] = __vimin3_u32(a, b, c);
	o[k++] = __vimin3_s16x2(a, b, c);
	o[k++] = __vimin3_s16x2_relu(a, b, c);
	o[k++] = __vimin3_u16x2(a, b, c);
	o[k++] = (unsigned)__viaddmax_s32(sa, sb, sc);
	o[k++] = (unsigned)__viaddmax_s32_relu(sa, sb, sc);
	o[k++] = __viaddmax_u32(a, b, c);
	o[k++] = __viaddmax_s16x2(a, b, c);
	o[k++] = __viaddmax_s16x2_relu(a, b, c);
	o[k++] = __viaddmax_u16x2(a, b, c);
	o[k++] = (unsigned)__viaddmin_s32(sa, sb, sc);
	o[k++] = (unsigned)__viaddmin_s32_relu(sa, sb, sc);
	o[k++] = __viaddmin_u32(a, b, c);
	o[k++] = __viaddmin_s16x2(a, b, c);
	o[k++] = __viaddmin_s16x2_relu(a, b, c);
	o[k++] = __viaddmin_u16x2(a, b, c);
	o[k++] = (unsigned)__vimax_s32_relu(sa, sb);
	o[k++] = (unsigned)__vimin_s32_relu(sa, sb);
	o[k++] = __vimax_s16x2_relu(a, b);
	o[k++] = __vimin_s16x2_relu(a, b);
	/* __vibmax/__vibmin: values, then their predicates as bits of one word */
	bool p0, p1, p2, p3, h0, l0, h1, l1, h2, l2, h3, l3;
	o[k++] = (unsigned)__vibmax_s32(sa, sb, &p0);
	o[k++] = __vibmax_u32(a, b, &p1);
	o[k++] = (unsigned)__vibmin_s32(sa, sb, &p2);
	o[k++] = __vibmin_u32(a, b, &p3);
	o[k++] = __vibmax_s16x2(a, b, &h0, &l0);
	o[k++] = __vibmax_u16x2(a, b, &h1, &l1);
	o[k++] = __vibmin_s16x2(a, b, &h2, &l2);
	o[k++] = __vibmin_u16x2(a, b, &h3, &l3);
	o[k++] = p0 | p1 << 1 | p2 << 2 | p3 << 3 | h0 << 4 | l0 << 5 | h1 << 6 | l1 << 7 | h2 << 8 | l2 << 9 |
		 h3 << 10 | l3 << 11;
}

/* ---- host reference, lane by lane ---- */

static long long lane(unsigned x, int k, int w, bool s)
{
	long long v = (x >> (w * k)) & ((1ll << w) - 1);
	return s && v >= (1ll << (w - 1)) ? v - (1ll << w) : v;
}
enum fit { WRAP, SATS, SATU };
enum op { ABS, NEG, ADD, SUB, ADIFF, AVGS, AVGU, HADD, MAX, MIN, EQ, NE, GE, GT, LE, LT, SAD };
static long long lane_op(int op, long long x, long long y)
{
	switch (op) {
	case ABS: return x < 0 ? -x : x;
	case NEG: return -x;
	case ADD: return x + y;
	case SUB: return x - y;
	case ADIFF: case SAD: return x > y ? x - y : y - x;
	case AVGS: return x + y >= 0 ? (x + y + 1) / 2 : (x + y - 1) / 2; /* halves away from 0 */
	case AVGU: return (x + y + 1) / 2;                                 /* halves up */
	case HADD: return (x + y) / 2;                                     /* truncated */
	case MAX: return x > y ? x : y;
	case MIN: return x < y ? x : y;
	case EQ: return x == y;
	case NE: return x != y;
	case GE: return x >= y;
	case GT: return x > y;
	case LE: return x <= y;
	default: return x < y;
	}
}
/* mask: a true comparison fills the lane (__vcmp*), else it is 1 (__vset*) */
static unsigned simd_ref(int op, unsigned a, unsigned b, int w, bool s, int f, bool mask)
{
	unsigned r = 0;
	for (int k = 0; k < 32 / w; k++) {
		long long v = lane_op(op, lane(a, k, w, s), lane(b, k, w, s));
		if (op == SAD) {
			r += (unsigned)v;
			continue;
		}
		long long lo = f == SATS ? -(1ll << (w - 1)) : 0, hi = f == SATS ? (1ll << (w - 1)) - 1 : (1ll << w) - 1;
		if (f != WRAP)
			v = v < lo ? lo : v > hi ? hi : v;
		if (mask && v)
			v = -1;
		r |= (unsigned)(v & ((1ll << w) - 1)) << (w * k);
	}
	return r;
}

struct simd_case {
	int op, w;
	bool s;
	int f;
	bool mask;
};
/* in the kernel's order: each row its 2 then its 4 form */
#define BOTH(op, s, f, mask) {op, 16, s, f, mask}, {op, 8, s, f, mask}
#define CMPSET(op, s) BOTH(op, s, WRAP, true), BOTH(op, s, WRAP, false)
static const simd_case simd_cases[NSIMD] = {
	BOTH(ABS, true, WRAP, false), BOTH(ABS, true, SATS, false), BOTH(NEG, true, WRAP, false),
	BOTH(NEG, true, SATS, false), BOTH(ADD, false, WRAP, false), BOTH(ADD, true, SATS, false),
	BOTH(ADD, false, SATU, false), BOTH(SUB, false, WRAP, false), BOTH(SUB, true, SATS, false),
	BOTH(SUB, false, SATU, false), BOTH(ADIFF, true, WRAP, false), BOTH(ADIFF, false, WRAP, false),
	BOTH(AVGS, true, WRAP, false), BOTH(AVGU, false, WRAP, false), BOTH(HADD, false, WRAP, false),
	BOTH(MAX, true, WRAP, false), BOTH(MAX, false, WRAP, false), BOTH(MIN, true, WRAP, false),
	BOTH(MIN, false, WRAP, false), BOTH(SAD, true, WRAP, false), BOTH(SAD, false, WRAP, false),
	CMPSET(EQ, false), CMPSET(NE, false), CMPSET(GE, true), CMPSET(GE, false), CMPSET(GT, true),
	CMPSET(GT, false), CMPSET(LE, true), CMPSET(LE, false), CMPSET(LT, true), CMPSET(LT, false),
};

enum dop { MAX3, MIN3, ADDMAX, ADDMIN };
/* One DPX value on lanes of w bits (32: the whole word); the sum of the
 * add forms wraps to the lane's width before it is compared. */
static long long dpx_lane(int op, long long x, long long y, long long z, int w, bool s, bool relu)
{
	long long v;
	if (op == ADDMAX || op == ADDMIN) {
		long long t = (x + y) & ((1ll << w) - 1);
		if (s && t >= (1ll << (w - 1)))
			t -= 1ll << w;
		v = op == ADDMAX ? (t > z ? t : z) : (t < z ? t : z);
	} else if (op == MAX3)
		v = x > y ? (x > z ? x : z) : (y > z ? y : z);
	else
		v = x < y ? (x < z ? x : z) : (y < z ? y : z);
	return relu && v < 0 ? 0 : v;
}
static unsigned dpx_ref(int op, unsigned a, unsigned b, unsigned c, int w, bool s, bool relu)
{
	unsigned r = 0;
	for (int k = 0; k < 32 / w; k++)
		r |= (unsigned)(dpx_lane(op, lane(a, k, w, s), lane(b, k, w, s), lane(c, k, w, s), w, s, relu) &
				((1ll << w) - 1))
		     << (w * k);
	return r;
}
/* __vib*: the lane of a or of b as the comparison says; bit 1 of *p per lane */
static unsigned vib_ref(unsigned a, unsigned b, int w, bool s, bool max, unsigned *p)
{
	unsigned r = 0;
	*p = 0;
	for (int k = 0; k < 32 / w; k++) {
		long long x = lane(a, k, w, s), y = lane(b, k, w, s);
		bool t = max ? x >= y : x <= y;
		*p |= (unsigned)t << k;
		r |= (unsigned)((t ? x : y) & ((1ll << w) - 1)) << (w * k);
	}
	return r;
}

static void dpx_expect(unsigned a, unsigned b, unsigned c, unsigned *e)
{
	int k = 0;
	for (int op = MAX3; op <= ADDMIN; op++) {
		e[k++] = dpx_ref(op, a, b, c, 32, true, false);
		e[k++] = dpx_ref(op, a, b, c, 32, true, true);
		e[k++] = dpx_ref(op, a, b, c, 32, false, false);
		e[k++] = dpx_ref(op, a, b, c, 16, true, false);
		e[k++] = dpx_ref(op, a, b, c, 16, true, true);
		e[k++] = dpx_ref(op, a, b, c, 16, false, false);
	}
	/* the two-operand relu forms: max(a, b, 0) and max(min(a, b), 0) */
	e[k++] = dpx_ref(MAX3, a, b, b, 32, true, true);
	e[k++] = dpx_ref(MIN3, a, b, b, 32, true, true);
	e[k++] = dpx_ref(MAX3, a, b, b, 16, true, true);
	e[k++] = dpx_ref(MIN3, a, b, b, 16, true, true);
	unsigned p[8];
	e[k++] = vib_ref(a, b, 32, true, true, &p[0]);
	e[k++] = vib_ref(a, b, 32, false, true, &p[1]);
	e[k++] = vib_ref(a, b, 32, true, false, &p[2]);
	e[k++] = vib_ref(a, b, 32, false, false, &p[3]);
	e[k++] = vib_ref(a, b, 16, true, true, &p[4]);
	e[k++] = vib_ref(a, b, 16, false, true, &p[5]);
	e[k++] = vib_ref(a, b, 16, true, false, &p[6]);
	e[k++] = vib_ref(a, b, 16, false, false, &p[7]);
	/* the kernel's word: one bit per s32/u32 predicate, then hi, lo pairs */
	unsigned bits = p[0] | p[1] << 1 | p[2] << 2 | p[3] << 3;
	for (int j = 0; j < 4; j++)
		bits |= ((p[4 + j] >> 1) & 1) << (4 + 2 * j) | (p[4 + j] & 1) << (5 + 2 * j);
	e[k++] = bits;
}

#define CHECK(call) \
	do { \
		cudaError_t e_ = (call); \
		if (e_ != cudaSuccess) { \
			printf("CUDA error %s at line %d\n", cudaGetErrorString(e_), __LINE__); \
			return 1; \
		} \
	} while (0)

int main()
{
	static const unsigned e16[] = {0x0000, 0x0001, 0x0002, 0x00ff, 0x0100, 0x7f80,
				       0x807f, 0x7fff, 0x8000, 0x8001, 0xfffe, 0xffff};
	static const int e32[] = {0, 1, -1, 2, INT_MAX, INT_MIN, INT_MAX - 1, INT_MIN + 1, 0x12345678, -0x12345678};
	const int ne = 12, nr = 2048, nw = 10;
	const int n = ne * ne * ne * ne + nr + nw * nw * nw;
	unsigned *a = new unsigned[n], *b = new unsigned[n], *c = new unsigned[n];
	int m = 0;
	for (int i = 0; i < ne; i++)
		for (int j = 0; j < ne; j++)
			for (int k = 0; k < ne; k++)
				for (int l = 0; l < ne; l++, m++) {
					a[m] = e16[i] | e16[j] << 16;
					b[m] = e16[k] | e16[l] << 16;
					c[m] = e16[(i + k) % ne] | e16[(j * 5 + l) % ne] << 16;
				}
	unsigned s = 2463534242u;
	for (int i = 0; i < nr; i++, m++) {
		s ^= s << 13, s ^= s >> 17, s ^= s << 5;
		a[m] = s;
		s ^= s << 13, s ^= s >> 17, s ^= s << 5;
		b[m] = i % 3 ? s : a[m] ^ (i & 0x01010101u); /* some lanes equal */
		s ^= s << 13, s ^= s >> 17, s ^= s << 5;
		c[m] = s;
	}
	for (int i = 0; i < nw; i++)
		for (int j = 0; j < nw; j++)
			for (int k = 0; k < nw; k++, m++) {
				a[m] = (unsigned)e32[i];
				b[m] = (unsigned)e32[j];
				c[m] = (unsigned)e32[k];
			}
	unsigned *out = new unsigned[(size_t)NOUT * n];
	unsigned *da, *db, *dc, *dout;
	CHECK(cudaMalloc(&da, n * sizeof(unsigned)));
	CHECK(cudaMalloc(&db, n * sizeof(unsigned)));
	CHECK(cudaMalloc(&dc, n * sizeof(unsigned)));
	CHECK(cudaMalloc(&dout, (size_t)NOUT * n * sizeof(unsigned)));
	CHECK(cudaMemcpy(da, a, n * sizeof(unsigned), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(db, b, n * sizeof(unsigned), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dc, c, n * sizeof(unsigned), cudaMemcpyHostToDevice));
	simd<<<(n + 255) / 256, 256>>>(da, db, dc, dout, n);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(out, dout, (size_t)NOUT * n * sizeof(unsigned), cudaMemcpyDeviceToHost));

	int simd_bad = 0, dpx_bad = 0, pred_bad = 0;
	unsigned hash = 0;
	for (int i = 0; i < n; i++) {
		const unsigned *o = out + (size_t)NOUT * i;
		for (int k = 0; k < NSIMD; k++) {
			const simd_case &t = simd_cases[k];
			unsigned want = simd_ref(t.op, a[i], b[i], t.w, t.s, t.f, t.mask);
			if (o[k] != want && simd_bad++ < 3)
				fprintf(stderr, "simd slot %d (%08x, %08x): %08x, expected %08x\n", k, a[i], b[i], o[k], want);
		}
		unsigned e[NDPX];
		dpx_expect(a[i], b[i], c[i], e);
		for (int k = 0; k < NDPX; k++)
			if (o[NSIMD + k] != e[k]) {
				int &bad = k == NDPX - 1 ? pred_bad : dpx_bad;
				if (bad++ < 3)
					fprintf(stderr, "dpx slot %d (%08x, %08x, %08x): %08x, expected %08x\n", k, a[i],
						b[i], c[i], o[NSIMD + k], e[k]);
			}
		for (int k = 0; k < NOUT; k++)
			hash = hash * 31u + o[k];
	}
	printf("RESULT n=%d hash=%08x simd_bad=%d dpx_bad=%d pred_bad=%d\n", n, hash, simd_bad, dpx_bad, pred_bad);
	cudaFree(da);
	cudaFree(db);
	cudaFree(dc);
	cudaFree(dout);
	delete[] a;
	delete[] b;
	delete[] c;
	delete[] out;
	return 0;
}
