/* cuda_bf16.h for programs lowered by cuflow: bfloat16 in software, as
 * __half is in cuflow_device.h. A __nv_bfloat16 is a float's upper 16 bits;
 * conversions round to nearest even (NaN stays NaN), once, as the GPU's
 * cvt.rn.bf16.f64 and cvt.rn.bf16.s32 do (a double through a float rounded
 * to odd, integers as __half's); arithmetic is done in float and rounded
 * back, as one GPU bf16 operation does (24 bits >= 2 * 8 + 2: the double
 * rounding is harmless), __hfma in double rounded to odd. */
#ifndef CUFLOW_CUDA_BF16_H
#define CUFLOW_CUDA_BF16_H
#ifdef __cplusplus
#include "cuflow_lower.h"

namespace cuflow_detail {
inline unsigned short f2bf(float f)
{
	uint32_t x = bits<uint32_t>(f);
	if ((x & 0x7fffffffu) > 0x7f800000u)
		return (unsigned short)((x >> 16) | 0x40u);
	return (unsigned short)((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);
}
inline float bf2f(unsigned short h) { return bits<float>((uint32_t)h << 16); }
/* rounded once in the mode m (narrow: cuflow_device.h) */
inline unsigned short to_bf(long double x, int m) { return f2bf((float)narrow(x, 8, -126, 0x1.fep127L, m)); }
} /* namespace cuflow_detail */

struct __nv_bfloat16 {
	unsigned short __x;
	__nv_bfloat16() = default;
	__nv_bfloat16(float f) : __x(cuflow_detail::f2bf(f)) {}
	/* a double through a float rounded to odd: rounded once (24 bits >= 8 + 2) */
	__nv_bfloat16(double d) : __x(cuflow_detail::f2bf(cuflow_detail::d2fodd(d))) {}
	/* (float)i rounded first: 2^25 + 2^17 + 1 became the tie 2^25 + 2^17 */
	__nv_bfloat16(int i) : __x(cuflow_detail::to_bf(i, FE_TONEAREST)) {}
	__nv_bfloat16(unsigned int i) : __x(cuflow_detail::to_bf(i, FE_TONEAREST)) {}
	__nv_bfloat16(short i) : __x(cuflow_detail::to_bf(i, FE_TONEAREST)) {}
	__nv_bfloat16(unsigned short i) : __x(cuflow_detail::to_bf(i, FE_TONEAREST)) {}
	__nv_bfloat16(long long i) : __x(cuflow_detail::to_bf(i, FE_TONEAREST)) {}
	__nv_bfloat16(unsigned long long i) : __x(cuflow_detail::to_bf(i, FE_TONEAREST)) {}
	operator float() const { return cuflow_detail::bf2f(__x); }
};
struct __nv_bfloat162 {
	__nv_bfloat16 x, y;
	__nv_bfloat162() = default;
	__nv_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) : x(a), y(b) {} /* CUDA's: __nv_bfloat162(1.0f, 2.0f) converts */
};
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

inline __nv_bfloat16 __ushort_as_bfloat16(unsigned short u) { __nv_bfloat16 h; h.__x = u; return h; }
inline unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) { return h.__x; }
inline __nv_bfloat16 __float2bfloat16(float f) { return __nv_bfloat16(f); }
inline __nv_bfloat16 __float2bfloat16_rn(float f) { return __nv_bfloat16(f); }
inline __nv_bfloat16 __float2bfloat16_rz(float f) { return __ushort_as_bfloat16(cuflow_detail::to_bf(f, FE_TOWARDZERO)); }
inline __nv_bfloat16 __float2bfloat16_ru(float f) { return __ushort_as_bfloat16(cuflow_detail::to_bf(f, FE_UPWARD)); }
inline __nv_bfloat16 __float2bfloat16_rd(float f) { return __ushort_as_bfloat16(cuflow_detail::to_bf(f, FE_DOWNWARD)); }
inline __nv_bfloat16 __double2bfloat16(double d) { return __nv_bfloat16(d); }
inline float __bfloat162float(__nv_bfloat16 h) { return (float)h; }
/* integers to bfloat16 in the four modes, rounded once */
#define CUFLOW_I2BF(NAME, I) CUFLOW_RND4(__nv_bfloat16, NAME, I, __ushort_as_bfloat16(cuflow_detail::to_bf(x, m)))
CUFLOW_I2BF(__short2bfloat16, short)
CUFLOW_I2BF(__ushort2bfloat16, unsigned short)
CUFLOW_I2BF(__int2bfloat16, int)
CUFLOW_I2BF(__uint2bfloat16, unsigned int)
CUFLOW_I2BF(__ll2bfloat16, long long)
CUFLOW_I2BF(__ull2bfloat16, unsigned long long)
#undef CUFLOW_I2BF
/* bfloat16 to integers in the four modes: saturated, NaN 0 (1 << 63 for
 * 64-bit destinations), as PTX cvt converts */
#define CUFLOW_BF2I(NAME, I) CUFLOW_RND4(I, NAME, __nv_bfloat16, cuflow_detail::sat_ld<I>(cuflow_detail::rnd((float)x, m)))
CUFLOW_BF2I(__bfloat162short, short)
CUFLOW_BF2I(__bfloat162ushort, unsigned short)
CUFLOW_BF2I(__bfloat162int, int)
CUFLOW_BF2I(__bfloat162uint, unsigned int)
CUFLOW_BF2I(__bfloat162ll, long long)
CUFLOW_BF2I(__bfloat162ull, unsigned long long)
#undef CUFLOW_BF2I
inline signed char __bfloat162char_rz(__nv_bfloat16 h) { return cuflow_detail::sat<signed char>(trunc((float)h)); }
inline unsigned char __bfloat162uchar_rz(__nv_bfloat16 h) { return cuflow_detail::sat<unsigned char>(trunc((float)h)); }
inline __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat162{a, b}; }
inline __nv_bfloat162 __floats2bfloat162_rn(float a, float b) { return __nv_bfloat162{a, b}; }
inline __nv_bfloat162 __float2bfloat162_rn(float a) { return __nv_bfloat162{a, a}; }
inline __nv_bfloat162 __float22bfloat162_rn(float2 f) { return __nv_bfloat162{f.x, f.y}; }
inline float2 __bfloat1622float2(__nv_bfloat162 h) { return make_float2((float)h.x, (float)h.y); }
inline __nv_bfloat16 __low2bfloat16(__nv_bfloat162 h) { return h.x; }
inline __nv_bfloat16 __high2bfloat16(__nv_bfloat162 h) { return h.y; }
inline float __low2float(__nv_bfloat162 h) { return (float)h.x; }
inline float __high2float(__nv_bfloat162 h) { return (float)h.y; }
inline __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) { return __nv_bfloat162{a, a}; }
inline __nv_bfloat162 make_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat162{a, b}; }
inline __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162{a.x, b.x}; }
inline __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162{a.y, b.y}; }
inline __nv_bfloat162 __low2bfloat162(__nv_bfloat162 a) { return __nv_bfloat162{a.x, a.x}; }
inline __nv_bfloat162 __high2bfloat162(__nv_bfloat162 a) { return __nv_bfloat162{a.y, a.y}; }
inline __nv_bfloat162 __lowhigh2highlow(__nv_bfloat162 a) { return __nv_bfloat162{a.y, a.x}; }
#define CUFLOW_BF(NAME, EXPR) \
	inline __nv_bfloat16 NAME(__nv_bfloat16 a, __nv_bfloat16 b) { float x = (float)a, y = (float)b; return __nv_bfloat16(EXPR); }
CUFLOW_BF(__hadd, x + y)
CUFLOW_BF(__hsub, x - y)
CUFLOW_BF(__hmul, x * y)
CUFLOW_BF(__hdiv, x / y)
CUFLOW_BF(__hmax, x != x && y != y ? __uint_as_float(0x7fff0000u) : cuflow_detail::maxz(x, y))
CUFLOW_BF(__hmin, x != x && y != y ? __uint_as_float(0x7fff0000u) : cuflow_detail::minz(x, y))
CUFLOW_BF(__hadd_rn, x + y)
CUFLOW_BF(__hsub_rn, x - y)
CUFLOW_BF(__hmul_rn, x * y)
/* NaN-propagating forms (max.NaN.bf16): a NaN operand gives the canonical NaN 0x7fff */
CUFLOW_BF(__hmax_nan, x != x || y != y ? __uint_as_float(0x7fff0000u) : cuflow_detail::maxz(x, y))
CUFLOW_BF(__hmin_nan, x != x || y != y ? __uint_as_float(0x7fff0000u) : cuflow_detail::minz(x, y))
#undef CUFLOW_BF
/* One rounding, as fma.rn.bf16: a*b is exact in double (16 bits), the sum
 * rounded to odd there (fma_odd); fmaf rounded it to float first
 * (7 * 37 - 2^-20 became the tie 259, not 258). */
inline __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c)
{ return __nv_bfloat16(cuflow_detail::fma_odd((float)a, (float)b, (float)c)); }
inline __nv_bfloat16 __hneg(__nv_bfloat16 a) { return __ushort_as_bfloat16((unsigned short)(a.__x ^ 0x8000u)); }
inline __nv_bfloat16 __habs(__nv_bfloat16 a) { return __ushort_as_bfloat16((unsigned short)(a.__x & 0x7fffu)); }
#define CUFLOW_BFREL(NAME, OP) \
	inline bool NAME(__nv_bfloat16 a, __nv_bfloat16 b) { return (float)a OP(float) b; }
/* ordered (a NaN gives false, __hne too) and, the u forms, unordered */
CUFLOW_BFREL(__heq, ==)
CUFLOW_BFREL(__hlt, <)
CUFLOW_BFREL(__hle, <=)
CUFLOW_BFREL(__hgt, >)
CUFLOW_BFREL(__hge, >=)
#undef CUFLOW_BFREL
inline bool __hne(__nv_bfloat16 a, __nv_bfloat16 b) { return (float)a < (float)b || (float)a > (float)b; }
inline bool __hequ(__nv_bfloat16 a, __nv_bfloat16 b) { return !__hne(a, b); }
inline bool __hneu(__nv_bfloat16 a, __nv_bfloat16 b) { return !__heq(a, b); }
inline bool __hltu(__nv_bfloat16 a, __nv_bfloat16 b) { return !__hge(a, b); }
inline bool __hleu(__nv_bfloat16 a, __nv_bfloat16 b) { return !__hgt(a, b); }
inline bool __hgtu(__nv_bfloat16 a, __nv_bfloat16 b) { return !__hle(a, b); }
inline bool __hgeu(__nv_bfloat16 a, __nv_bfloat16 b) { return !__hlt(a, b); }
/* the paired forms: the scalar operation on each half; a comparison gives
 * 1.0 or 0.0 per half, as __half2's do */
#define CUFLOW_BF2(NAME, F) \
	inline __nv_bfloat162 NAME(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162{F(a.x, b.x), F(a.y, b.y)}; }
CUFLOW_BF2(__hadd2, __hadd)
CUFLOW_BF2(__hsub2, __hsub)
CUFLOW_BF2(__hmul2, __hmul)
CUFLOW_BF2(__h2div, __hdiv)
CUFLOW_BF2(__hmax2, __hmax)
CUFLOW_BF2(__hmin2, __hmin)
CUFLOW_BF2(__hmax2_nan, __hmax_nan)
CUFLOW_BF2(__hmin2_nan, __hmin_nan)
CUFLOW_BF2(__hadd2_rn, __hadd)
CUFLOW_BF2(__hsub2_rn, __hsub)
CUFLOW_BF2(__hmul2_rn, __hmul)
#undef CUFLOW_BF2
#define CUFLOW_BF2CMP(NAME, F) \
	inline __nv_bfloat162 NAME(__nv_bfloat162 a, __nv_bfloat162 b) \
	{ return __nv_bfloat162{F(a.x, b.x) ? 1.0f : 0.0f, F(a.y, b.y) ? 1.0f : 0.0f}; }
CUFLOW_BF2CMP(__heq2, __heq)
CUFLOW_BF2CMP(__hne2, __hne)
CUFLOW_BF2CMP(__hlt2, __hlt)
CUFLOW_BF2CMP(__hle2, __hle)
CUFLOW_BF2CMP(__hgt2, __hgt)
CUFLOW_BF2CMP(__hge2, __hge)
CUFLOW_BF2CMP(__hequ2, __hequ)
CUFLOW_BF2CMP(__hneu2, __hneu)
CUFLOW_BF2CMP(__hltu2, __hltu)
CUFLOW_BF2CMP(__hleu2, __hleu)
CUFLOW_BF2CMP(__hgtu2, __hgtu)
CUFLOW_BF2CMP(__hgeu2, __hgeu)
#undef CUFLOW_BF2CMP
/* __hbeq2 & co.: true iff the comparison holds for both halves */
#define CUFLOW_BF2B(NAME, F) \
	inline bool NAME(__nv_bfloat162 a, __nv_bfloat162 b) { return F(a.x, b.x) && F(a.y, b.y); }
CUFLOW_BF2B(__hbeq2, __heq)
CUFLOW_BF2B(__hbne2, __hne)
CUFLOW_BF2B(__hblt2, __hlt)
CUFLOW_BF2B(__hble2, __hle)
CUFLOW_BF2B(__hbgt2, __hgt)
CUFLOW_BF2B(__hbge2, __hge)
CUFLOW_BF2B(__hbequ2, __hequ)
CUFLOW_BF2B(__hbneu2, __hneu)
CUFLOW_BF2B(__hbltu2, __hltu)
CUFLOW_BF2B(__hbleu2, __hleu)
CUFLOW_BF2B(__hbgtu2, __hgtu)
CUFLOW_BF2B(__hbgeu2, __hgeu)
#undef CUFLOW_BF2B
inline __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c)
{ return __nv_bfloat162{__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)}; }
inline __nv_bfloat162 __hneg2(__nv_bfloat162 a) { return __nv_bfloat162{__hneg(a.x), __hneg(a.y)}; }
inline __nv_bfloat162 __habs2(__nv_bfloat162 a) { return __nv_bfloat162{__habs(a.x), __habs(a.y)}; }
/* complex a * b + c with four fmas, as CUDA's header computes it */
inline __nv_bfloat162 __hcmadd(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c)
{
	__nv_bfloat16 re = __hfma(a.x, b.x, c.x), im = __hfma(a.x, b.y, c.y);
	return __nv_bfloat162{__hfma(__hneg(a.y), b.y, re), __hfma(a.y, b.x, im)};
}
/* the math functions, in float and rounded back, as for __half */
#define CUFLOW_BF1(NAME, F) \
	inline __nv_bfloat16 NAME(__nv_bfloat16 a) { return __nv_bfloat16(F((float)a)); }
CUFLOW_BF1(hsqrt, sqrtf)
CUFLOW_BF1(hexp, expf)
CUFLOW_BF1(hexp2, exp2f)
CUFLOW_BF1(hlog, logf)
CUFLOW_BF1(hlog2, log2f)
CUFLOW_BF1(hsin, sinf)
CUFLOW_BF1(hcos, cosf)
CUFLOW_BF1(hfloor, floorf)
CUFLOW_BF1(hceil, ceilf)
CUFLOW_BF1(htrunc, truncf)
CUFLOW_BF1(hrint, rintf)
CUFLOW_BF1(hexp10, exp10f)
CUFLOW_BF1(hlog10, log10f)
#undef CUFLOW_BF1
inline __nv_bfloat16 hrsqrt(__nv_bfloat16 a) { return __nv_bfloat16(1.0f / sqrtf((float)a)); }
inline __nv_bfloat16 hrcp(__nv_bfloat16 a) { return __nv_bfloat16(1.0f / (float)a); }
/* the pairs' math functions (h2exp & co.): the scalar one on each half */
#define CUFLOW_BF2FN(NAME, F) \
	inline __nv_bfloat162 NAME(__nv_bfloat162 a) { return __nv_bfloat162{F(a.x), F(a.y)}; }
CUFLOW_BF2FN(h2sqrt, hsqrt)
CUFLOW_BF2FN(h2rsqrt, hrsqrt)
CUFLOW_BF2FN(h2rcp, hrcp)
CUFLOW_BF2FN(h2exp, hexp)
CUFLOW_BF2FN(h2exp2, hexp2)
CUFLOW_BF2FN(h2exp10, hexp10)
CUFLOW_BF2FN(h2log, hlog)
CUFLOW_BF2FN(h2log2, hlog2)
CUFLOW_BF2FN(h2log10, hlog10)
CUFLOW_BF2FN(h2sin, hsin)
CUFLOW_BF2FN(h2cos, hcos)
CUFLOW_BF2FN(h2floor, hfloor)
CUFLOW_BF2FN(h2ceil, hceil)
CUFLOW_BF2FN(h2trunc, htrunc)
CUFLOW_BF2FN(h2rint, hrint)
#undef CUFLOW_BF2FN
inline bool __hisnan(__nv_bfloat16 a) { return (a.__x & 0x7fffu) > 0x7f80u; }
inline int __hisinf(__nv_bfloat16 a) { return (a.__x & 0x7fffu) == 0x7f80u ? (a.__x & 0x8000u ? -1 : 1) : 0; }
CUFLOW_HMORE(__nv_bfloat16, __nv_bfloat162, __ushort_as_bfloat16(0x7fff))
inline short __bfloat16_as_short(__nv_bfloat16 h) { return (short)h.__x; }
inline __nv_bfloat16 __short_as_bfloat16(short i) { return __ushort_as_bfloat16((unsigned short)i); }
#define CUFLOW_BFOP(OP) \
	inline __nv_bfloat16 operator OP(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat16((float)a OP(float) b); } \
	inline __nv_bfloat16 &operator OP##=(__nv_bfloat16 &a, __nv_bfloat16 b) { return a = a OP b; } \
	inline __nv_bfloat162 operator OP(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162{a.x OP b.x, a.y OP b.y}; } \
	inline __nv_bfloat162 &operator OP##=(__nv_bfloat162 &a, __nv_bfloat162 b) { return a = a OP b; }
CUFLOW_BFOP(+)
CUFLOW_BFOP(-)
CUFLOW_BFOP(*)
CUFLOW_BFOP(/)
#undef CUFLOW_BFOP
inline __nv_bfloat16 operator-(__nv_bfloat16 a) { return __hneg(a); }
inline __nv_bfloat16 operator+(__nv_bfloat16 a) { return a; }
inline __nv_bfloat162 operator-(__nv_bfloat162 a) { return __hneg2(a); }
inline __nv_bfloat162 operator+(__nv_bfloat162 a) { return a; }
#define CUFLOW_BFCMP(OP) \
	inline bool operator OP(__nv_bfloat16 a, __nv_bfloat16 b) { return (float)a OP(float) b; }
CUFLOW_BFCMP(==)
CUFLOW_BFCMP(!=)
CUFLOW_BFCMP(<)
CUFLOW_BFCMP(<=)
CUFLOW_BFCMP(>)
CUFLOW_BFCMP(>=)
#undef CUFLOW_BFCMP
inline __nv_bfloat16 atomicAdd(__nv_bfloat16 *a, __nv_bfloat16 v)
{
	unsigned short old = __atomic_load_n(&a->__x, __ATOMIC_SEQ_CST), want;
	do {
		want = __nv_bfloat16(cuflow_detail::bf2f(old) + (float)v).__x;
	} while (!__atomic_compare_exchange_n(&a->__x, &old, want, true, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
	return __ushort_as_bfloat16(old);
}
inline __nv_bfloat162 atomicAdd(__nv_bfloat162 *a, __nv_bfloat162 v)
{ return __nv_bfloat162{atomicAdd(&a->x, v.x), atomicAdd(&a->y, v.y)}; }

#endif /* __cplusplus */
#endif /* CUFLOW_CUDA_BF16_H */
