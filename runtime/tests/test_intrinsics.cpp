/* test_intrinsics.cpp: the device-side helpers of cuflow_device.h: integer
 * and bit intrinsics against plain reference code, conversions (rounding,
 * saturation), rounding-mode arithmetic, fast-math and extra math
 * functions, min/max overloads, vector operators, __half, bfloat16, fp8 pairs and quadruples, wmma tiles, cache-hint loads,
 * clock64 and fences. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "cuda_bf16.h"
#include "cuda_fp8.h"
#include "mma.h"

static unsigned ref_brev(unsigned x)
{
	unsigned r = 0;
	for (int i = 0; i < 32; i++)
		if (x & (1u << i))
			r |= 1u << (31 - i);
	return r;
}

static int ref_popc(unsigned long long x)
{
	int n = 0;
	for (; x; x >>= 1)
		n += (int)(x & 1);
	return n;
}

static void test_bits(void)
{
	unsigned samples[] = {0u, 1u, 2u, 0x80000000u, 0xffffffffu, 0x12345678u, 0xdeadbeefu, 0x00f000f0u};
	for (unsigned x : samples) {
		CHECK_EQ(__brev(x), ref_brev(x));
		CHECK_EQ(__popc(x), ref_popc(x));
		int clz = 0;
		while (clz < 32 && !(x & (0x80000000u >> clz)))
			clz++;
		CHECK_EQ(__clz((int)x), clz);
		int ffs = 0;
		for (int i = 0; i < 32; i++)
			if (x & (1u << i)) {
				ffs = i + 1;
				break;
			}
		CHECK_EQ(__ffs((int)x), ffs);
	}
	CHECK_EQ(__brevll(1ull), 0x8000000000000000ull);
	CHECK_EQ(__popcll(0xffffffffffffffffull), 64);
	CHECK_EQ(__clzll(0), 64);
	CHECK_EQ(__clzll(1), 63);
	CHECK_EQ(__ffsll(1ll << 40), 41);
	CHECK_EQ(__mul24(0x00ffffff, 2), -2);          /* 24-bit operands are signed */
	CHECK_EQ(__umul24(0x01000003u, 5u), 15u);       /* high byte ignored */
	CHECK_EQ(__mulhi(0x40000000, 8), 2);
	CHECK_EQ(__umulhi(0xffffffffu, 0xffffffffu), 0xfffffffeu);
	CHECK_EQ(__mul64hi(-1, 1), -1);
	CHECK_EQ(__umul64hi(1ull << 63, 4ull), 2ull);
	CHECK_EQ(__sad(3, 10, 5u), 12u);
	CHECK_EQ(__usad(10u, 3u, 1u), 8u);
	CHECK_EQ(__byte_perm(0x33221100u, 0x77665544u, 0x5410u), 0x55441100u);
	CHECK_EQ(__byte_perm(0x33221100u, 0x77665544u, 0x0123u), 0x00112233u);
	CHECK_EQ(__funnelshift_l(0x80000000u, 0x1u, 1u), 0x3u);
	CHECK_EQ(__funnelshift_r(0x2u, 0x1u, 1u), 0x80000001u);
	CHECK_EQ(__funnelshift_lc(0x5u, 0x7u, 40u), 0x5u);
	CHECK_EQ(__funnelshift_l(0x5u, 0x7u, 32u), 0x7u); /* 32 mod 32 = 0 */
	CHECK_EQ(__hadd(INT_MAX, INT_MAX), INT_MAX);
	CHECK_EQ(__rhadd(1, 2), 2);
	CHECK_EQ(__uhadd(0xffffffffu, 1u), 0x80000000u);
	CHECK_EQ(__dp4a(0x01020304, 0x01010101, 10), 20);
	CHECK_EQ(__dp4a((int)0xff000000, 0x02000000, 0), -2); /* signed bytes */
}

static void test_conversions(void)
{
	CHECK_EQ(__float2int_rn(2.5f), 2);  /* to even */
	CHECK_EQ(__float2int_rn(3.5f), 4);
	CHECK_EQ(__float2int_rz(-2.7f), -2);
	CHECK_EQ(__float2int_ru(2.1f), 3);
	CHECK_EQ(__float2int_rd(-2.1f), -3);
	CHECK_EQ(__float2int_rn(1e20f), INT_MAX);  /* saturates */
	CHECK_EQ(__float2int_rn(-1e20f), INT_MIN);
	CHECK_EQ(__float2int_rn(NAN), 0);
	CHECK_EQ(__float2uint_rn(-5.0f), 0);
	CHECK_EQ(__float2uint_rz(4294967296.0f), 0xffffffffu);
	CHECK_EQ(__double2ll_rn(1e30), LLONG_MAX);
	CHECK_EQ(__double2ull_rd(3.9), 3);
	CHECK_EQ(__float2ll_rz(-1e30f), LLONG_MIN);
	CHECK_EQ(__double2int_rn(-0.5), 0);
	CHECK(__int_as_float(0x3f800000) == 1.0f);
	CHECK_EQ(__float_as_int(-2.0f), (int)0xc0000000);
	CHECK_EQ(__float_as_uint(1.0f), 0x3f800000u);
	CHECK(__uint_as_float(0x40000000u) == 2.0f);
	CHECK(__longlong_as_double(0x3ff0000000000000ll) == 1.0);
	CHECK_EQ(__double_as_longlong(2.0), 0x4000000000000000ll);
	CHECK_EQ(__double2hiint(1.0), 0x3ff00000);
	CHECK_EQ(__double2loint(1.0), 0);
	CHECK(__hiloint2double(0x40080000, 0) == 3.0);
	CHECK(__int2float_rz(16777217) == 16777216.0f);
	CHECK(__int2float_ru(16777217) == 16777218.0f);
	CHECK(__ll2double_rd(-9007199254740993ll) == -9007199254740994.0);
	CHECK(__double2float_rz(1.0000001) == 1.0f);
	CHECK(__saturatef(1.5f) == 1.0f && __saturatef(-1.0f) == 0.0f && __saturatef(NAN) == 0.0f);
}

static void test_float_ops(void)
{
	float one = 1.0f, tiny = 1e-8f;
	CHECK(__fadd_rd(one, tiny) == 1.0f);
	CHECK(__fadd_ru(one, tiny) > 1.0f);
	CHECK(__fadd_rz(one, tiny) == 1.0f);
	CHECK(__fadd_rn(one, tiny) == 1.0f);
	CHECK(__fmul_ru(3.0f, 1.0f / 3.0f) >= __fmul_rd(3.0f, 1.0f / 3.0f));
	CHECK(__fdiv_ru(1.0f, 3.0f) > __fdiv_rd(1.0f, 3.0f));
	CHECK(__dadd_ru(1.0, 1e-20) > 1.0 && __dadd_rn(1.0, 1e-20) == 1.0);
	CHECK(__fmaf_rn(2.0f, 3.0f, 1.0f) == 7.0f);
	CHECK(__fma_rz(1.0, 1.0, 1e-30) == 1.0 && __fma_ru(1.0, 1.0, 1e-30) > 1.0);
	CHECK(__frcp_rn(4.0f) == 0.25f && __fsqrt_rn(9.0f) == 3.0f && __dsqrt_rn(16.0) == 4.0);
	CHECK(__drcp_ru(3.0) > __drcp_rd(3.0));
	CHECK(fegetround() == FE_TONEAREST); /* modes restored */
	CHECK(fabsf(__expf(1.0f) - 2.7182817f) < 1e-6f);
	CHECK(fabsf(__logf(10.0f) - 2.3025851f) < 1e-6f);
	CHECK(fabsf(__powf(2.0f, 10.0f) - 1024.0f) < 1e-3f);
	CHECK(fabsf(__sinf(0.5f) - sinf(0.5f)) < 1e-7f && fabsf(__cosf(0.5f) - cosf(0.5f)) < 1e-7f);
	CHECK(__fdividef(1.0f, 4.0f) == 0.25f && fdividef(6.0f, 3.0f) == 2.0f);
	CHECK(rsqrtf(4.0f) == 0.5f && rsqrt(0.25) == 2.0);
	CHECK(fabsf(rcbrtf(8.0f) - 0.5f) < 1e-7f);
	float s, c;
	__sincosf(0.3f, &s, &c);
	CHECK(fabsf(s - sinf(0.3f)) < 1e-7f && fabsf(c - cosf(0.3f)) < 1e-7f);
	sincosf(0.3f, &s, &c);
	CHECK(fabsf(s - sinf(0.3f)) < 1e-7f);
	sincospif(0.5f, &s, &c);
	CHECK(fabsf(s - 1.0f) < 1e-7f && fabsf(c) < 1e-7f);
	CHECK(sinpi(1.0) == 0.0 || fabs(sinpi(1.0)) < 1e-15);
	CHECK(fabsf(norm3df(2.0f, 3.0f, 6.0f) - 7.0f) < 1e-6f);
	CHECK(fabsf(rnorm3df(2.0f, 3.0f, 6.0f) - 1.0f / 7.0f) < 1e-7f);
	CHECK(fabs(normcdf(0.0) - 0.5) < 1e-15);
	CHECK(fabs(normcdfinv(0.975) - 1.959963984540054) < 1e-9);
	for (double y = -0.999; y < 1.0; y += 0.0371)
		CHECK(fabs(erf(erfinv(y)) - y) < 1e-12);
	CHECK(fabs(erfc(erfcinv(1e-10)) - 1e-10) < 1e-20);
	CHECK(fabsf(erfinvf(0.5f) - 0.4769362762f) < 1e-6f);
	CHECK(fabs(erfcx(30.0) - 1.0 / (30.0 * sqrt(M_PI)) * (1 - 1.0 / 1800)) < 1e-7);
}

static void test_minmax(void)
{
	CHECK_EQ(min(3, -4), -4);
	CHECK_EQ(max(3u, 7u), 7u);
	CHECK_EQ(min(-1, 5u), 5u);                /* mixed: unsigned compare, as CUDA */
	CHECK_EQ(max(2ll, -3ll), 2);
	CHECK_EQ(min(10ul, 3ul), 3);
	CHECK(min(1.5f, -2.5f) == -2.5f && max(1.5, 2.5) == 2.5);
	CHECK(min(1.0f, 0.5) == 0.5 && max(NAN, 1.0f) == 1.0f);
	CHECK_EQ(umin(3u, 4u), 3u);
	CHECK_EQ(llmax(3ll, 4ll), 4);
	CHECK_EQ(ullmin(3ull, 4ull), 3);
}

static void test_vectors(void)
{
	float3 a = make_float3(1, 2, 3), b = make_float3(4, 5, 6);
	float3 c = a + b * 2.0f;
	CHECK(c.x == 9 && c.y == 12 && c.z == 15);
	c -= a;
	c /= 2.0f;
	CHECK(c.x == 4 && c.y == 5 && c.z == 6);
	float4 d = 1.0f - make_float4(1, 2, 3, 4);
	CHECK(d.x == 0 && d.w == -3);
	int2 e = make_int2(7, 8) / make_int2(2, 3);
	CHECK(e.x == 3 && e.y == 2);
	uchar4 u = make_uchar4(250, 1, 2, 3) + make_uchar4(10, 1, 1, 1);
	CHECK(u.x == 4 && u.y == 2);
	double2 f = -make_double2(1.5, -2);
	CHECK(f.x == -1.5 && f.y == 2);
	float2 g = make_float2(1, 2);
	g *= g;
	g += 1;
	CHECK(g.x == 2 && g.y == 5);
}

static void test_half(void)
{
	float vals[] = {0.0f, 1.0f, -2.5f, 65504.0f, 6.1035156e-05f, 5.9604645e-08f, 0.333333f, 1000.1f};
	for (float v : vals) {
		float r = __half2float(__float2half(v));
		CHECK(fabsf(r - v) <= fabsf(v) * 0.0005f + 6e-8f);
	}
	CHECK_EQ(__half_as_ushort(__float2half(1.0f)), 0x3c00);
	CHECK_EQ(__half_as_ushort(__float2half(65520.0f)), 0x7c00);   /* rounds to infinity */
	CHECK_EQ(__half_as_ushort(__float2half(-1e9f)), 0xfc00);
	CHECK_EQ(__half_as_ushort(__float2half(1.0f + 1.0f / 2048)), 0x3c00); /* tie to even */
	CHECK_EQ(__half_as_ushort(__float2half(1.0f + 3.0f / 2048)), 0x3c02);
	CHECK(__hisnan(__float2half(NAN)));
	CHECK(__half2float(__ushort_as_half(0x0001)) == 5.9604645e-08f);
	__half h = __hadd(__float2half(1.5f), __float2half(2.0f));
	CHECK(__half2float(h) == 3.5f);
	CHECK(__half2float(__hfma(h, h, __float2half(1.0f))) == 13.25f);
	__half2 p = __floats2half2_rn(1.0f, 2.0f);
	__half2 q = __hmul2(p, p) + p;
	float2 qf = __half22float2(q);
	CHECK(qf.x == 2.0f && qf.y == 6.0f);
	CHECK(__hlt(__float2half(1.0f), __float2half(2.0f)) && __float2half(3.0f) > __float2half(2.0f));
	half hh = 2.0f;
	hh = hh * hh;
	CHECK((float)hh == 4.0f);
}

static void test_misc(void)
{
	int x = 42;
	CHECK_EQ(__ldg(&x), 42);
	CHECK_EQ(__ldcs(&x), 42);
	__stcg(&x, 7);
	CHECK_EQ(__ldcv(&x), 7);
	long long t0 = clock64();
	__nanosleep(1000);
	long long t1 = clock64();
	CHECK(t1 > t0);
	__threadfence();
	__threadfence_block();
	__threadfence_system();
	CHECK_EQ(warpSize, 32);
	CHECK_EQ(__isGlobal(&x), 1u);
}

/* bfloat16 (cuda_bf16.h): a float's upper half, rounded to nearest even;
 * and the half2 comparisons that give 1.0 or 0.0 per lane. */
static void test_bfloat16(void)
{
	CHECK_EQ(__bfloat16_as_ushort(__float2bfloat16(1.0f)), 0x3f80);
	CHECK_EQ(__bfloat16_as_ushort(__float2bfloat16(3.14159f)), 0x4049);
	CHECK_EQ(__bfloat16_as_ushort(__float2bfloat16(4.640625f)), 0x4094); /* tie to even */
	CHECK_EQ(__bfloat16_as_ushort(__float2bfloat16(4.671875f)), 0x4096);
	CHECK(__bfloat162float(__float2bfloat16(NAN)) != __bfloat162float(__float2bfloat16(NAN)));
	__nv_bfloat16 a = 1.5f, b = 2.25f, z = __ushort_as_bfloat16(0x3f80);
	CHECK((float)(a + b) == 3.75f && (float)__hmul(a, b) == 3.375f && (float)__hmax(a, b) == 2.25f);
	atomicAdd(&z, a);
	CHECK((float)z == 2.5f);
	__nv_bfloat162 v = __floats2bfloat162_rn(1.0f, -2.0f);
	v += v;
	CHECK((float)v.x == 2.0f && (float)v.y == -4.0f);
	__half2 g = __hgt2(__half2{__half(1.0f), __half(3.0f)}, __half2{__half(2.0f), __half(2.0f)});
	CHECK((float)g.x == 0.0f && (float)g.y == 1.0f);
	CHECK((float)hfloor(hlog2(__half(10.0f))) == 3.0f);
	__nv_bfloat162 p(1.0f, -2.5f), h = __float2bfloat162_rn(0.5f);
	__nv_bfloat162 q = __hfma2(__hmul2(__hadd2(p, h), h), p, __hneg2(h)); /* ((p + h) h) p - h */
	CHECK((float)q.x == 0.25f && (float)q.y == 2.0f);
	__nv_bfloat162 c = __hlt2(p, h);
	CHECK((float)c.x == 0.0f && (float)c.y == 1.0f && __heq(p.x, __high2bfloat16(__lowhigh2highlow(p))));
}

/* fp8 vectors (cuda_fp8.h): element i in byte i, saturated to the
 * format's largest finite value, read back through float. */
static void test_fp8(void)
{
	__nv_fp8x4_e4m3 q(__nv_bfloat162(1.0f, -2.5f), __nv_bfloat162(1000.0f, 0.3f));
	CHECK_EQ(q.__x & 0xffu, 0x38u);        /* 1.0: exponent 7 (bias 7), mantissa 0 */
	CHECK_EQ((q.__x >> 8) & 0xffu, 0xc2u); /* -2.5 = -1.25 * 2 */
	CHECK_EQ((q.__x >> 16) & 0xffu, 0x7eu); /* 1000 saturates to 448 */
	float4 f = (float4)q;
	CHECK(f.x == 1.0f && f.y == -2.5f && f.z == 448.0f && f.w == 0.3125f); /* 0.3: nearest is 0.3125 */
	__nv_fp8x2_e5m2 p(make_float2(3.0f, 1000.0f));
	float2 g = (float2)p;
	CHECK(g.x == 3.0f && g.y == 1024.0f);
	__half2 hh = (__half2)__nv_fp8x2_e4m3(__half2{__half(0.5f), __half(-6.0f)});
	CHECK((float)hh.x == 0.5f && (float)hh.y == -6.0f);
}

/* wmma (mma.h): a fragment holds its whole tile, x[r * cols + c]; loads
 * follow the fragment's layout (A, B) or the call's (C); D may be C. */
static void test_wmma(void)
{
	using namespace nvcuda;
	__half a[32 * 16], b[16 * 8];
	float c[32 * 8], d[32 * 8];
	for (int i = 0; i < 32 * 16; i++)
		a[i] = __half((float)(i % 7 - 3));
	for (int i = 0; i < 16 * 8; i++)
		b[i] = __half((float)(i % 5 - 2));
	for (int i = 0; i < 32 * 8; i++)
		c[i] = (float)i;
	wmma::fragment<wmma::matrix_a, 32, 8, 16, __half, wmma::row_major> fa;
	wmma::fragment<wmma::matrix_b, 32, 8, 16, __half, wmma::col_major> fb; /* column n at b + 16 n */
	wmma::fragment<wmma::accumulator, 32, 8, 16, float> acc;
	CHECK(fa.num_elements == 32 * 16 && fb.num_elements == 16 * 8 && acc.num_elements == 32 * 8);
	wmma::load_matrix_sync(fa, a, 16);
	wmma::load_matrix_sync(fb, b, 16);
	wmma::load_matrix_sync(acc, c, 32, wmma::mem_col_major); /* element (r, n) from c[n * 32 + r] */
	wmma::mma_sync(acc, fa, fb, acc);
	wmma::store_matrix_sync(d, acc, 8, wmma::mem_row_major);
	int bad = 0;
	for (int r = 0; r < 32; r++)
		for (int n = 0; n < 8; n++) {
			float s = c[n * 32 + r];
			for (int k = 0; k < 16; k++)
				s += (float)a[r * 16 + k] * (float)b[n * 16 + k];
			bad += d[r * 8 + n] != s;
		}
	CHECK_EQ(bad, 0);
	wmma::fragment<wmma::accumulator, 16, 16, 16, __half> h;
	wmma::fill_fragment(h, __half(2.5f));
	CHECK((float)h.x[0] == 2.5f && (float)h.x[255] == 2.5f);
	CHECK(wmma::__float_to_tf32(1.0f + 0x1p-11f) == 1.0f + 0x1p-10f); /* a tie: away from zero */
	CHECK(wmma::__float_to_tf32(1.0f + 0x1p-12f) == 1.0f);
}

int main(void)
{
	test_bits();
	test_conversions();
	test_float_ops();
	test_minmax();
	test_vectors();
	test_half();
	test_bfloat16();
	test_fp8();
	test_wmma();
	test_misc();
	printf("PASS test_intrinsics\n");
	return 0;
}
