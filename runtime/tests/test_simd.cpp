/* test_simd.cpp: the SIMD-within-a-word intrinsics (__vadd2 ... __vsubus4)
 * and the DPX ones (__vimax3_s32 ... __vibmin_u16x2) of cuflow_device.h on
 * edge values, against a reference written here lane by lane from NVIDIA's
 * descriptions, sharing no code with the runtime's: every pair of bytes in
 * every lane position, every combination of edge halfwords (0x7fff, 0x8000,
 * 0xffff, carries between lanes), 32-bit edges for the s32/u32 forms, and
 * the documentation's own examples. */
#include <stdint.h>

#include <vector>

#include "check.h"

/* ---- the reference ------------------------------------------------------- */

/* Lane k of x, as the C type of the lane reads it. */
static long long lane8(unsigned x, int k, bool s)
{
	uint8_t u = (uint8_t)(x >> (8 * k));
	return s ? (long long)(int8_t)u : (long long)u;
}
static long long lane16(unsigned x, int k, bool s)
{
	uint16_t u = (uint16_t)(x >> (16 * k));
	return s ? (long long)(int16_t)u : (long long)u;
}
static long long lane(unsigned x, int k, int w, bool s) { return w == 8 ? lane8(x, k, s) : lane16(x, k, s); }

/* How a lane's exact result becomes its bits. */
enum Fit { WRAP, SAT_S, SAT_U };
static unsigned fit(long long v, int w, Fit f)
{
	long long smin = -(1ll << (w - 1)), smax = (1ll << (w - 1)) - 1, umax = (1ll << w) - 1;
	if (f == SAT_S)
		v = v < smin ? smin : v > smax ? smax : v;
	if (f == SAT_U)
		v = v < 0 ? 0 : v > umax ? umax : v;
	return (unsigned)(v & umax);
}

enum Op {
	ABS, NEG, ADD, SUB, ABSDIFF, AVG_S, AVG_U, HADD, MAX, MIN,
	EQ, NE, GE, GT, LE, LT, /* comparisons: mask (cmp) or 1 (set) */
};

static long long ref_lane(Op op, long long x, long long y)
{
	switch (op) {
	case ABS: return x < 0 ? -x : x;
	case NEG: return -x;
	case ADD: return x + y;
	case SUB: return x - y;
	case ABSDIFF: return x > y ? x - y : y - x;
	case AVG_S: { /* the exact half of the sum, ties away from zero */
		long long s = x + y;
		return s >= 0 ? (s + 1) / 2 : (s - 1) / 2;
	}
	case AVG_U: return (x + y + 1) / 2; /* ties up (operands >= 0) */
	case HADD: return (x + y) / 2;      /* truncated (operands >= 0) */
	case MAX: return x > y ? x : y;
	case MIN: return x < y ? x : y;
	case EQ: return x == y;
	case NE: return x != y;
	case GE: return x >= y;
	case GT: return x > y;
	case LE: return x <= y;
	case LT: return x < y;
	}
	return 0;
}

/* cmp: a true comparison fills the lane (0xff / 0xffff), else gives 1. */
static unsigned ref(Op op, unsigned a, unsigned b, int w, bool s, Fit f, bool cmp = false)
{
	unsigned r = 0;
	for (int k = 0; k < 32 / w; k++) {
		long long v = ref_lane(op, lane(a, k, w, s), lane(b, k, w, s));
		if (cmp && v)
			v = (1ll << w) - 1;
		r |= fit(v, w, f) << (w * k);
	}
	return r;
}

static unsigned ref_sad(unsigned a, unsigned b, int w, bool s)
{
	unsigned sum = 0;
	for (int k = 0; k < 32 / w; k++)
		sum += (unsigned)ref_lane(ABSDIFF, lane(a, k, w, s), lane(b, k, w, s));
	return sum;
}

/* ---- the SIMD intrinsics -------------------------------------------------- */

typedef unsigned (*vfn)(unsigned, unsigned);
struct vcase {
	const char *name;
	vfn f;
	Op op;
	int w;
	bool s;
	Fit fit;
	bool cmp;
};
#define U(NAME) [](unsigned a, unsigned) { return NAME(a); }
static const vcase vcases[] = {
	{"__vabs2", U(__vabs2), ABS, 16, true, WRAP, false},
	{"__vabs4", U(__vabs4), ABS, 8, true, WRAP, false},
	{"__vabsss2", U(__vabsss2), ABS, 16, true, SAT_S, false},
	{"__vabsss4", U(__vabsss4), ABS, 8, true, SAT_S, false},
	{"__vneg2", U(__vneg2), NEG, 16, true, WRAP, false},
	{"__vneg4", U(__vneg4), NEG, 8, true, WRAP, false},
	{"__vnegss2", U(__vnegss2), NEG, 16, true, SAT_S, false},
	{"__vnegss4", U(__vnegss4), NEG, 8, true, SAT_S, false},
	{"__vadd2", __vadd2, ADD, 16, false, WRAP, false},
	{"__vadd4", __vadd4, ADD, 8, false, WRAP, false},
	{"__vaddss2", __vaddss2, ADD, 16, true, SAT_S, false},
	{"__vaddss4", __vaddss4, ADD, 8, true, SAT_S, false},
	{"__vaddus2", __vaddus2, ADD, 16, false, SAT_U, false},
	{"__vaddus4", __vaddus4, ADD, 8, false, SAT_U, false},
	{"__vsub2", __vsub2, SUB, 16, false, WRAP, false},
	{"__vsub4", __vsub4, SUB, 8, false, WRAP, false},
	{"__vsubss2", __vsubss2, SUB, 16, true, SAT_S, false},
	{"__vsubss4", __vsubss4, SUB, 8, true, SAT_S, false},
	{"__vsubus2", __vsubus2, SUB, 16, false, SAT_U, false},
	{"__vsubus4", __vsubus4, SUB, 8, false, SAT_U, false},
	{"__vabsdiffs2", __vabsdiffs2, ABSDIFF, 16, true, WRAP, false},
	{"__vabsdiffs4", __vabsdiffs4, ABSDIFF, 8, true, WRAP, false},
	{"__vabsdiffu2", __vabsdiffu2, ABSDIFF, 16, false, WRAP, false},
	{"__vabsdiffu4", __vabsdiffu4, ABSDIFF, 8, false, WRAP, false},
	{"__vavgs2", __vavgs2, AVG_S, 16, true, WRAP, false},
	{"__vavgs4", __vavgs4, AVG_S, 8, true, WRAP, false},
	{"__vavgu2", __vavgu2, AVG_U, 16, false, WRAP, false},
	{"__vavgu4", __vavgu4, AVG_U, 8, false, WRAP, false},
	{"__vhaddu2", __vhaddu2, HADD, 16, false, WRAP, false},
	{"__vhaddu4", __vhaddu4, HADD, 8, false, WRAP, false},
	{"__vmaxs2", __vmaxs2, MAX, 16, true, WRAP, false},
	{"__vmaxs4", __vmaxs4, MAX, 8, true, WRAP, false},
	{"__vmaxu2", __vmaxu2, MAX, 16, false, WRAP, false},
	{"__vmaxu4", __vmaxu4, MAX, 8, false, WRAP, false},
	{"__vmins2", __vmins2, MIN, 16, true, WRAP, false},
	{"__vmins4", __vmins4, MIN, 8, true, WRAP, false},
	{"__vminu2", __vminu2, MIN, 16, false, WRAP, false},
	{"__vminu4", __vminu4, MIN, 8, false, WRAP, false},
#define CMP(OP, S, REF) \
	{"__vcmp" #OP "2", __vcmp##OP##2, REF, 16, S, WRAP, true}, \
	{"__vcmp" #OP "4", __vcmp##OP##4, REF, 8, S, WRAP, true}, \
	{"__vset" #OP "2", __vset##OP##2, REF, 16, S, WRAP, false}, \
	{"__vset" #OP "4", __vset##OP##4, REF, 8, S, WRAP, false},
	CMP(eq, false, EQ) CMP(ne, false, NE)
	CMP(ges, true, GE) CMP(geu, false, GE)
	CMP(gts, true, GT) CMP(gtu, false, GT)
	CMP(les, true, LE) CMP(leu, false, LE)
	CMP(lts, true, LT) CMP(ltu, false, LT)
#undef CMP
};

/* ---- the DPX intrinsics --------------------------------------------------- */

enum Dop { MAX3, MIN3, ADDMAX, ADDMIN };
static long long ref_dpx(Dop op, long long x, long long y, long long z, bool relu, int w, bool s)
{
	long long v;
	if (op == ADDMAX || op == ADDMIN) { /* the sum wraps to the lane's type */
		long long t = (x + y) & ((w == 32 ? 0xffffffffll : 0xffffll));
		if (s && t >> (w - 1))
			t -= 1ll << w;
		v = op == ADDMAX ? (t > z ? t : z) : (t < z ? t : z);
	} else if (op == MAX3) {
		v = x > y ? x : y;
		v = v > z ? v : z;
	} else {
		v = x < y ? x : y;
		v = v < z ? v : z;
	}
	return relu && v < 0 ? 0 : v;
}
static unsigned ref_dpx16(Dop op, unsigned a, unsigned b, unsigned c, bool relu, bool s)
{
	unsigned r = 0;
	for (int k = 0; k < 2; k++)
		r |= (unsigned)(ref_dpx(op, lane16(a, k, s), lane16(b, k, s), lane16(c, k, s), relu, 16, s) & 0xffff) << (16 * k);
	return r;
}

typedef unsigned (*dfn16)(unsigned, unsigned, unsigned);
struct dcase16 {
	const char *name;
	dfn16 f;
	Dop op;
	bool relu, s;
	bool two; /* a two-operand relu form: its reference's third operand is b */
};
#define FAM16(N, OP) \
	{#N "_s16x2", N##_s16x2, OP, false, true, false}, \
	{#N "_s16x2_relu", N##_s16x2_relu, OP, true, true, false}, \
	{#N "_u16x2", N##_u16x2, OP, false, false, false},
static const dcase16 dcases16[] = {
	FAM16(__vimax3, MAX3) FAM16(__vimin3, MIN3) FAM16(__viaddmax, ADDMAX) FAM16(__viaddmin, ADDMIN)
	{"__vimax_s16x2_relu", [](unsigned a, unsigned b, unsigned) { return __vimax_s16x2_relu(a, b); }, MAX3, true, true, true},
	{"__vimin_s16x2_relu", [](unsigned a, unsigned b, unsigned) { return __vimin_s16x2_relu(a, b); }, MIN3, true, true, true},
};

static void check_dpx32(int a, int b, int c)
{
	unsigned ua = (unsigned)a, ub = (unsigned)b, uc = (unsigned)c;
#define S32(CALL, OP, X, Y, Z, RELU) CHECK_EQ(CALL, (int)ref_dpx(OP, X, Y, Z, RELU, 32, true))
#define U32(CALL, OP) CHECK_EQ(CALL, (unsigned)ref_dpx(OP, ua, ub, uc, false, 32, false))
	S32(__vimax3_s32(a, b, c), MAX3, a, b, c, false);
	S32(__vimax3_s32_relu(a, b, c), MAX3, a, b, c, true);
	S32(__vimin3_s32(a, b, c), MIN3, a, b, c, false);
	S32(__vimin3_s32_relu(a, b, c), MIN3, a, b, c, true);
	S32(__viaddmax_s32(a, b, c), ADDMAX, a, b, c, false);
	S32(__viaddmax_s32_relu(a, b, c), ADDMAX, a, b, c, true);
	S32(__viaddmin_s32(a, b, c), ADDMIN, a, b, c, false);
	S32(__viaddmin_s32_relu(a, b, c), ADDMIN, a, b, c, true);
	S32(__vimax_s32_relu(a, b), MAX3, a, b, b, true);
	S32(__vimin_s32_relu(a, b), MIN3, a, b, b, true);
	U32(__vimax3_u32(ua, ub, uc), MAX3);
	U32(__vimin3_u32(ua, ub, uc), MIN3);
	U32(__viaddmax_u32(ua, ub, uc), ADDMAX);
	U32(__viaddmin_u32(ua, ub, uc), ADDMIN);
#undef S32
#undef U32
	bool p = false;
	CHECK_EQ(__vibmax_s32(a, b, &p), a >= b ? a : b);
	CHECK_EQ(p, a >= b);
	CHECK_EQ(__vibmin_s32(a, b, &p), a <= b ? a : b);
	CHECK_EQ(p, a <= b);
	CHECK_EQ(__vibmax_u32(ua, ub, &p), ua >= ub ? ua : ub);
	CHECK_EQ(p, ua >= ub);
	CHECK_EQ(__vibmin_u32(ua, ub, &p), ua <= ub ? ua : ub);
	CHECK_EQ(p, ua <= ub);
}

static void check_vib16(unsigned a, unsigned b)
{
	for (int s = 0; s < 2; s++)
		for (int mx = 0; mx < 2; mx++) {
			bool hi = false, lo = false;
			unsigned r = s ? (mx ? __vibmax_s16x2(a, b, &hi, &lo) : __vibmin_s16x2(a, b, &hi, &lo))
				       : (mx ? __vibmax_u16x2(a, b, &hi, &lo) : __vibmin_u16x2(a, b, &hi, &lo));
			long long ah = lane16(a, 1, s), bh = lane16(b, 1, s), al = lane16(a, 0, s), bl = lane16(b, 0, s);
			bool ph = mx ? ah >= bh : ah <= bh, pl = mx ? al >= bl : al <= bl;
			CHECK_EQ(hi, ph);
			CHECK_EQ(lo, pl);
			CHECK_EQ(r, ((ph ? ah : bh) & 0xffff) << 16 | ((pl ? al : bl) & 0xffff));
		}
}

static long checks;

static void check_word(unsigned a, unsigned b, unsigned c)
{
	for (const vcase &v : vcases) {
		unsigned got = v.f(a, b), want = ref(v.op, a, b, v.w, v.s, v.fit, v.cmp);
		if (got != want) {
			fprintf(stderr, "%s(%08x, %08x) = %08x, expected %08x\n", v.name, a, b, got, want);
			exit(1);
		}
	}
	CHECK_EQ(__vsads2(a, b), ref_sad(a, b, 16, true));
	CHECK_EQ(__vsads4(a, b), ref_sad(a, b, 8, true));
	CHECK_EQ(__vsadu2(a, b), ref_sad(a, b, 16, false));
	CHECK_EQ(__vsadu4(a, b), ref_sad(a, b, 8, false));
	for (const dcase16 &d : dcases16) {
		unsigned cc = d.two ? b : c;
		unsigned got = d.f(a, b, cc), want = ref_dpx16(d.op, a, b, cc, d.relu, d.s);
		if (got != want) {
			fprintf(stderr, "%s(%08x, %08x, %08x) = %08x, expected %08x\n", d.name, a, b, cc, got, want);
			exit(1);
		}
	}
	check_vib16(a, b);
	checks++;
}

int main(void)
{
	/* The documentation's examples. */
	CHECK_EQ(__vcmpges2(0x1234aba5u, 0x1234aba6u), 0xffff0000u);
	CHECK_EQ(__vcmplts2(0x1234aba5u, 0x1234aba6u), 0x0000ffffu);
	CHECK_EQ(__vcmpeq4(0x1234aba5u, 0x1234aba6u), 0xffffff00u);
	CHECK_EQ(__vcmpltu4(0x1234aba5u, 0x1234aba6u), 0x000000ffu);
	/* Edges written out: -128 and -32768 wrap or saturate, averages round
	 * halves away from zero (signed) or up (unsigned), no carry crosses a
	 * lane, __vset* gives 1 a lane and __vsad* a sum. */
	CHECK_EQ(__vabs4(0x80808080u), 0x80808080u);
	CHECK_EQ(__vabsss4(0x80ff7f01u), 0x7f017f01u);
	CHECK_EQ(__vabsss2(0x80008001u), 0x7fff7fffu);
	CHECK_EQ(__vneg2(0x80000001u), 0x8000ffffu);
	CHECK_EQ(__vnegss4(0x8081ff00u), 0x7f7f0100u);
	CHECK_EQ(__vadd4(0xffffffffu, 0x01010101u), 0u);
	CHECK_EQ(__vaddss4(0x7f80ff01u, 0x01ff0101u), 0x7f800002u);
	CHECK_EQ(__vaddus2(0xffff8000u, 0x00018000u), 0xffffffffu);
	CHECK_EQ(__vsubus4(0x00010203u, 0x01010101u), 0x00000102u);
	CHECK_EQ(__vsubss2(0x80007fffu, 0x0001ffffu), 0x80007fffu);
	CHECK_EQ(__vavgs4(0xfdfd0303u, 0u), 0xfefe0202u);
	CHECK_EQ(__vavgs2(0xffff0001u, 0u), 0xffff0001u); /* -1/2 -> -1, 1/2 -> 1 */
	CHECK_EQ(__vavgu4(0x01ff00ffu, 0x00ff0000u), 0x01ff0080u);
	CHECK_EQ(__vhaddu4(0x01ff00ffu, 0x00ff0000u), 0x00ff007fu);
	CHECK_EQ(__vabsdiffs4(0x7f000000u, 0x80000000u), 0xff000000u);
	CHECK_EQ(__vsads4(0x7f7f7f7fu, 0x80808080u), 1020u);
	CHECK_EQ(__vsadu2(0xffff0000u, 0x0000ffffu), 131070u);
	CHECK_EQ(__vsetgts4(0x01000000u, 0xff000000u), 0x01000000u);
	CHECK_EQ(__vsetgtu4(0x01000000u, 0xff000000u), 0u);
	CHECK_EQ(__vcmpgts2(0x00018000u, 0xffff7fffu), 0xffff0000u);
	CHECK_EQ(__viaddmax_s16x2(0x7fff0001u, 0x00010001u, 0u), 0x00000002u);
	CHECK_EQ(__viaddmax_u16x2(0xffff0001u, 0x00010001u, 0u), 0x00000002u);
	CHECK_EQ(__viaddmax_s32(0x7fffffff, 1, 0), 0);
	CHECK_EQ(__vimax3_s16x2_relu(0x8000ffffu, 0x80000001u, 0xffff0000u), 1u);
	CHECK_EQ(__vimin_s32_relu(-5, 3), 0);

	/* Every pair of bytes in every lane position, the other lanes varied. */
	for (unsigned x = 0; x < 256; x++)
		for (unsigned y = 0; y < 256; y++) {
			unsigned a = x | y << 8 | (x ^ 0x80u) << 16 | (255 - y) << 24;
			unsigned b = y | x << 8 | (y ^ 0x7fu) << 16 | (x ^ 0xffu) << 24;
			check_word(a, b, a ^ b);
			check_word(b, a, x * 0x01010101u);
		}
	/* Every combination of edge halfwords. */
	static const unsigned e16[] = {0x0000, 0x0001, 0x0002, 0x00ff, 0x0100, 0x7f80, 0x807f, 0x4000,
				       0x7ffe, 0x7fff, 0x8000, 0x8001, 0xc000, 0xfffe, 0xffff, 0xaba5};
	const int ne = sizeof e16 / sizeof e16[0];
	for (int i = 0; i < ne; i++)
		for (int j = 0; j < ne; j++)
			for (int k = 0; k < ne; k++)
				for (int l = 0; l < ne; l++)
					check_word(e16[i] | e16[j] << 16, e16[k] | e16[l] << 16,
						   e16[(i + k) % ne] | e16[(j * 3 + l) % ne] << 16);
	/* 32-bit edges for the s32/u32 forms (every triple). */
	static const int e32[] = {0, 1, -1, 2, -2, INT_MAX, INT_MIN, INT_MAX - 1, INT_MIN + 1, 0x12345678, -0x12345678};
	for (int a : e32)
		for (int b : e32)
			for (int c : e32) {
				check_dpx32(a, b, c);
				check_word((unsigned)a, (unsigned)b, (unsigned)c);
			}
	printf("PASS test_simd (%ld words)\n", checks);
	return 0;
}
