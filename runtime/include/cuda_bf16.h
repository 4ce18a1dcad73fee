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
CUFLOW_BF(__hmax, fmaxf(x, y))
CUFLOW_BF(__hmin, fminf(x, y))
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
CUFLOW_BFREL(__heq, ==)
CUFLOW_BFREL(__hne, !=)
CUFLOW_BFREL(__hlt, <)
CUFLOW_BFREL(__hle, <=)
CUFLOW_BFREL(__hgt, >)
CUFLOW_BFREL(__hge, >=)
#undef CUFLOW_BFREL
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
#undef CUFLOW_BF2CMP
inline __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c)
{ return __nv_bfloat162{__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)}; }
inline __nv_bfloat162 __hneg2(__nv_bfloat162 a) { return __nv_bfloat162{__hneg(a.x), __hneg(a.y)}; }
inline __nv_bfloat162 __habs2(__nv_bfloat162 a) { return __nv_bfloat162{__habs(a.x), __habs(a.y)}; }
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
#undef CUFLOW_BF1
inline __nv_bfloat16 hrsqrt(__nv_bfloat16 a) { return __nv_bfloat16(1.0f / sqrtf((float)a)); }
inline bool __hisnan(__nv_bfloat16 a) { return (a.__x & 0x7fffu) > 0x7f80u; }
inline int __hisinf(__nv_bfloat16 a) { return (a.__x & 0x7fffu) == 0x7f80u ? (a.__x & 0x8000u ? -1 : 1) : 0; }
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
