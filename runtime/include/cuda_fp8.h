/* cuda_fp8.h for programs lowered by cuflow: the 8-bit floats in software,
 * written for cuflow from CUDA's documentation of the FP8 intrinsics (not
 * NVIDIA's header). E4M3 has 4 exponent bits (bias 7), 3 mantissa bits, no
 * infinities and one NaN pattern per sign (S.1111.111), so its largest
 * value is 448; E5M2 is IEEE-like (bias 15, infinities, largest 57344).
 * Conversions round to nearest even; the classes' constructors saturate to
 * the largest finite value (__NV_SATFINITE), as CUDA's do; NaN stays NaN.
 * Arithmetic goes through float (operator float). */
#ifndef CUFLOW_CUDA_FP8_H
#define CUFLOW_CUDA_FP8_H
#ifdef __cplusplus
#include <math.h>
#include "cuflow_lower.h"
#include "cuda_bf16.h"

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;

namespace cuflow_detail {
/* the two formats' shapes: mantissa bits, exponent bias, largest finite */
inline int fp8mant(__nv_fp8_interpretation_t f) { return f == __NV_E4M3 ? 3 : 2; }
inline int fp8bias(__nv_fp8_interpretation_t f) { return f == __NV_E4M3 ? 7 : 15; }
inline double fp8max(__nv_fp8_interpretation_t f) { return f == __NV_E4M3 ? 448.0 : 57344.0; }

/* x rounded to nearest even, then encoded; past the largest finite value:
 * that value saturated, else NaN (E4M3, which has no infinity) or infinity */
inline __nv_fp8_storage_t d2fp8(double x, __nv_saturation_t sat, __nv_fp8_interpretation_t f)
{
	const int M = fp8mant(f), bias = fp8bias(f);
	const unsigned nan = 0x7fu, inf = 0x7cu; /* S.1111.111 and S.11111.11: NaN in both */
	unsigned sign = signbit(x) ? 0x80u : 0;
	if (isnan(x))
		return (__nv_fp8_storage_t)(sign | nan);
	double a = fabs(x);
	int e;
	frexp(a, &e); /* a = m 2^e, m in [0.5, 1): its leading bit is 2^(e-1) */
	int lead = e - 1 < 1 - bias ? 1 - bias : e - 1; /* subnormals share the least exponent */
	double q = ldexp(1.0, lead - M);                /* the spacing of representable values there */
	double r = nearbyint(a / q) * q;                /* the default rounding mode: to nearest even */
	if (r > fp8max(f) || isinf(a)) {
		if (sat == __NV_SATFINITE)
			return (__nv_fp8_storage_t)(sign | (f == __NV_E4M3 ? 0x7eu : 0x7bu));
		return (__nv_fp8_storage_t)(sign | (f == __NV_E4M3 ? nan : inf));
	}
	if (r < ldexp(1.0, 1 - bias)) /* subnormal (or zero): exponent field 0 */
		return (__nv_fp8_storage_t)(sign | (unsigned)(r / ldexp(1.0, 1 - bias - M)));
	frexp(r, &e); /* rounding may have carried into the next binade */
	unsigned mant = (unsigned)(r / ldexp(1.0, e - 1 - M)) - (1u << M);
	return (__nv_fp8_storage_t)(sign | ((unsigned)(e - 1 + bias) << M) | mant);
}
inline float fp82f(__nv_fp8_storage_t v, __nv_fp8_interpretation_t f)
{
	const int M = fp8mant(f), bias = fp8bias(f), E = 7 - M;
	unsigned e = (v >> M) & ((1u << E) - 1), m = v & ((1u << M) - 1);
	float s = (v & 0x80u) ? -1.0f : 1.0f;
	if (f == __NV_E4M3 && e == 15 && m == 7)
		return NAN;
	if (f == __NV_E5M2 && e == 31)
		return m ? NAN : s * INFINITY;
	if (e == 0)
		return s * ldexpf((float)m, 1 - bias - M);
	return s * ldexpf((float)(m | (1u << M)), (int)e - bias - M);
}
} /* namespace cuflow_detail */

inline __nv_fp8_storage_t __nv_cvt_float_to_fp8(float x, __nv_saturation_t s, __nv_fp8_interpretation_t f)
{
	return cuflow_detail::d2fp8(x, s, f);
}
inline __nv_fp8_storage_t __nv_cvt_double_to_fp8(double x, __nv_saturation_t s, __nv_fp8_interpretation_t f)
{
	return cuflow_detail::d2fp8(x, s, f);
}

/* one class a format: storage __x, conversions through double and float */
#define CUFLOW_FP8_TYPE(N, F) \
	struct N { \
		__nv_fp8_storage_t __x; \
		N() = default; \
		explicit N(double d) : __x(cuflow_detail::d2fp8(d, __NV_SATFINITE, F)) {} \
		explicit N(float v) : N((double)v) {} \
		explicit N(__half h) : N((double)(float)h) {} \
		explicit N(__nv_bfloat16 h) : N((double)(float)h) {} \
		explicit N(int v) : N((double)v) {} \
		explicit N(unsigned int v) : N((double)v) {} \
		explicit N(long long v) : N((double)v) {} \
		explicit N(unsigned long long v) : N((double)v) {} \
		operator float() const { return cuflow_detail::fp82f(__x, F); } \
		explicit operator double() const { return cuflow_detail::fp82f(__x, F); } \
		explicit operator __half() const { return __half(cuflow_detail::fp82f(__x, F)); } \
		explicit operator __nv_bfloat16() const { return __nv_bfloat16(cuflow_detail::fp82f(__x, F)); } \
	};
CUFLOW_FP8_TYPE(__nv_fp8_e4m3, __NV_E4M3)
CUFLOW_FP8_TYPE(__nv_fp8_e5m2, __NV_E5M2)
#undef CUFLOW_FP8_TYPE

namespace cuflow_detail {
/* four values packed, saturated, the first in the lowest byte (as the
 * GPU's little-endian storage holds a vector's elements) */
inline unsigned fp8pack4(double a, double b, double c, double d, __nv_fp8_interpretation_t f)
{
	const double v[4] = {a, b, c, d};
	unsigned r = 0;
	for (int i = 0; i < 4; i++)
		r |= (unsigned)d2fp8(v[i], __NV_SATFINITE, f) << (8 * i);
	return r;
}
inline float fp8at(unsigned packed, int i, __nv_fp8_interpretation_t f)
{
	return fp82f((__nv_fp8_storage_t)(packed >> (8 * i)), f);
}
} /* namespace cuflow_detail */

inline __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(double2 x, __nv_saturation_t s, __nv_fp8_interpretation_t f)
{
	return (__nv_fp8x2_storage_t)(cuflow_detail::d2fp8(x.x, s, f) | cuflow_detail::d2fp8(x.y, s, f) << 8);
}
inline __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(float2 x, __nv_saturation_t s, __nv_fp8_interpretation_t f)
{
	return __nv_cvt_double2_to_fp8x2(make_double2(x.x, x.y), s, f);
}

/* pairs and quadruples of one format (CUDA's __nv_fp8x2_e4m3 and
 * __nv_fp8x4_e4m3 and their E5M2 twins): storage __x, saturating
 * constructors from vectors and from pairs of halves, conversion to float
 * vectors and (pairs) to the halves' pairs */
#define CUFLOW_FP8X2_TYPE(N, F) \
	struct N { \
		__nv_fp8x2_storage_t __x; \
		N() = default; \
		explicit N(double2 v) : __x(__nv_cvt_double2_to_fp8x2(v, __NV_SATFINITE, F)) {} \
		explicit N(float2 v) : N(make_double2(v.x, v.y)) {} \
		explicit N(__half2 h) : N(make_double2((float)h.x, (float)h.y)) {} \
		explicit N(__nv_bfloat162 h) : N(make_double2((float)h.x, (float)h.y)) {} \
		explicit operator float2() const \
		{ return make_float2(cuflow_detail::fp8at(__x, 0, F), cuflow_detail::fp8at(__x, 1, F)); } \
		explicit operator __half2() const \
		{ return __half2{__half(cuflow_detail::fp8at(__x, 0, F)), __half(cuflow_detail::fp8at(__x, 1, F))}; } \
	};
CUFLOW_FP8X2_TYPE(__nv_fp8x2_e4m3, __NV_E4M3)
CUFLOW_FP8X2_TYPE(__nv_fp8x2_e5m2, __NV_E5M2)
#undef CUFLOW_FP8X2_TYPE
#define CUFLOW_FP8X4_TYPE(N, F) \
	struct N { \
		__nv_fp8x4_storage_t __x; \
		N() = default; \
		explicit N(double4 v) : __x(cuflow_detail::fp8pack4(v.x, v.y, v.z, v.w, F)) {} \
		explicit N(float4 v) : __x(cuflow_detail::fp8pack4(v.x, v.y, v.z, v.w, F)) {} \
		explicit N(__half2 lo, __half2 hi) \
		    : __x(cuflow_detail::fp8pack4((float)lo.x, (float)lo.y, (float)hi.x, (float)hi.y, F)) {} \
		explicit N(__nv_bfloat162 lo, __nv_bfloat162 hi) \
		    : __x(cuflow_detail::fp8pack4((float)lo.x, (float)lo.y, (float)hi.x, (float)hi.y, F)) {} \
		explicit operator float4() const \
		{ \
			return make_float4(cuflow_detail::fp8at(__x, 0, F), cuflow_detail::fp8at(__x, 1, F), \
			                   cuflow_detail::fp8at(__x, 2, F), cuflow_detail::fp8at(__x, 3, F)); \
		} \
	};
CUFLOW_FP8X4_TYPE(__nv_fp8x4_e4m3, __NV_E4M3)
CUFLOW_FP8X4_TYPE(__nv_fp8x4_e5m2, __NV_E5M2)
#undef CUFLOW_FP8X4_TYPE

#endif /* __cplusplus */
#endif
