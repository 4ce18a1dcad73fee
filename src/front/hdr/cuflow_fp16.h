/* cuflow_fp16.h: minimal __half/__half2 (cuda_fp16.h), written for cuflow
 * (not NVIDIA's header). Enough to parse code that stores, converts and
 * does arithmetic on halves; the functions are declarations only (a
 * host-only parse never runs them) and are all __host__ __device__, a
 * little more permissive than CUDA where some are device-only.
 * CUFLOW_HALF_API(H, H2) declares what __half and __nv_bfloat16 share, so
 * that cuflow_bf16.h can reuse it.
 */
#ifndef CUFLOW_FP16_H
#define CUFLOW_FP16_H
#pragma clang system_header /* as the toolkit's: no warnings, not user code */

#include "cuflow_cuda.h"

#define CUFLOW_HD_ __host__ __device__

/* A 16-bit float type H (raw bits in __x) and its pair H2 (members x, y).
 * Conversions: to float implicitly, from float, double and the integer
 * types implicitly, as CUDA's defaults (no __CUDA_NO_HALF_CONVERSIONS__). */
#define CUFLOW_HALF_TYPES(H, H2, RAW, RAW2) \
	struct RAW { unsigned short x; }; \
	struct RAW2 { unsigned short x, y; }; \
	struct __align__(2) H { \
		unsigned short __x; \
		H() = default; \
		CUFLOW_HD_ constexpr H(const RAW &r) : __x(r.x) {} \
		CUFLOW_HD_ H(float f); \
		CUFLOW_HD_ H(double f); \
		CUFLOW_HD_ H(short v); \
		CUFLOW_HD_ H(unsigned short v); \
		CUFLOW_HD_ H(int v); \
		CUFLOW_HD_ H(unsigned int v); \
		CUFLOW_HD_ H(long v); \
		CUFLOW_HD_ H(unsigned long v); \
		CUFLOW_HD_ H(long long v); \
		CUFLOW_HD_ H(unsigned long long v); \
		CUFLOW_HD_ H &operator=(const RAW &r); \
		CUFLOW_HD_ H &operator=(float f); \
		CUFLOW_HD_ H &operator=(double f); \
		CUFLOW_HD_ H &operator=(short v); \
		CUFLOW_HD_ H &operator=(unsigned short v); \
		CUFLOW_HD_ H &operator=(int v); \
		CUFLOW_HD_ H &operator=(unsigned int v); \
		CUFLOW_HD_ H &operator=(long v); \
		CUFLOW_HD_ H &operator=(unsigned long v); \
		CUFLOW_HD_ H &operator=(long long v); \
		CUFLOW_HD_ H &operator=(unsigned long long v); \
		CUFLOW_HD_ operator RAW() const; \
		CUFLOW_HD_ operator float() const; \
	}; \
	struct __align__(4) H2 { \
		H x, y; \
		H2() = default; \
		CUFLOW_HD_ constexpr H2(const H &a, const H &b) : x(a), y(b) {} \
		CUFLOW_HD_ H2(const RAW2 &r); \
		CUFLOW_HD_ operator RAW2() const; \
	};
/* H2 has no operator=(const RAW2 &) (CUDA's has): `h2 = raw` still converts
 * through the constructor, and `h2 = {}` (HeCBench quant3MatMul), which
 * nvcc takes as a zero pair, is not ambiguous between the two assignments
 * (an empty list makes an H2 and a RAW2 equally well). */

/* Everything with the same name for both types (overloads). */
#define CUFLOW_HALF_API(H, H2) \
	CUFLOW_HD_ H operator+(const H &a, const H &b); \
	CUFLOW_HD_ H operator-(const H &a, const H &b); \
	CUFLOW_HD_ H operator*(const H &a, const H &b); \
	CUFLOW_HD_ H operator/(const H &a, const H &b); \
	CUFLOW_HD_ H &operator+=(H &a, const H &b); \
	CUFLOW_HD_ H &operator-=(H &a, const H &b); \
	CUFLOW_HD_ H &operator*=(H &a, const H &b); \
	CUFLOW_HD_ H &operator/=(H &a, const H &b); \
	CUFLOW_HD_ H operator+(const H &a); \
	CUFLOW_HD_ H operator-(const H &a); \
	CUFLOW_HD_ H &operator++(H &a); \
	CUFLOW_HD_ H &operator--(H &a); \
	CUFLOW_HD_ H operator++(H &a, int); \
	CUFLOW_HD_ H operator--(H &a, int); \
	CUFLOW_HD_ bool operator==(const H &a, const H &b); \
	CUFLOW_HD_ bool operator!=(const H &a, const H &b); \
	CUFLOW_HD_ bool operator<(const H &a, const H &b); \
	CUFLOW_HD_ bool operator>(const H &a, const H &b); \
	CUFLOW_HD_ bool operator<=(const H &a, const H &b); \
	CUFLOW_HD_ bool operator>=(const H &a, const H &b); \
	CUFLOW_HD_ H2 operator+(const H2 &a, const H2 &b); \
	CUFLOW_HD_ H2 operator-(const H2 &a, const H2 &b); \
	CUFLOW_HD_ H2 operator*(const H2 &a, const H2 &b); \
	CUFLOW_HD_ H2 operator/(const H2 &a, const H2 &b); \
	CUFLOW_HD_ H2 &operator+=(H2 &a, const H2 &b); \
	CUFLOW_HD_ H2 &operator-=(H2 &a, const H2 &b); \
	CUFLOW_HD_ H2 &operator*=(H2 &a, const H2 &b); \
	CUFLOW_HD_ H2 &operator/=(H2 &a, const H2 &b); \
	CUFLOW_HD_ H2 operator+(const H2 &a); \
	CUFLOW_HD_ H2 operator-(const H2 &a); \
	CUFLOW_HD_ bool operator==(const H2 &a, const H2 &b); \
	CUFLOW_HD_ bool operator!=(const H2 &a, const H2 &b); \
	CUFLOW_HD_ bool operator<(const H2 &a, const H2 &b); \
	CUFLOW_HD_ bool operator>(const H2 &a, const H2 &b); \
	CUFLOW_HD_ bool operator<=(const H2 &a, const H2 &b); \
	CUFLOW_HD_ bool operator>=(const H2 &a, const H2 &b); \
	/* arithmetic, comparisons */ \
	CUFLOW_HD_ H __hadd(H a, H b); \
	CUFLOW_HD_ H __hsub(H a, H b); \
	CUFLOW_HD_ H __hmul(H a, H b); \
	CUFLOW_HD_ H __hdiv(H a, H b); \
	CUFLOW_HD_ H __hadd_sat(H a, H b); \
	CUFLOW_HD_ H __hsub_sat(H a, H b); \
	CUFLOW_HD_ H __hmul_sat(H a, H b); \
	CUFLOW_HD_ H __hadd_rn(H a, H b); \
	CUFLOW_HD_ H __hsub_rn(H a, H b); \
	CUFLOW_HD_ H __hmul_rn(H a, H b); \
	CUFLOW_HD_ H __hfma(H a, H b, H c); \
	CUFLOW_HD_ H __hfma_sat(H a, H b, H c); \
	CUFLOW_HD_ H __hfma_relu(H a, H b, H c); \
	CUFLOW_HD_ H __hneg(H a); \
	CUFLOW_HD_ H __habs(H a); \
	CUFLOW_HD_ H __hmax(H a, H b); \
	CUFLOW_HD_ H __hmin(H a, H b); \
	CUFLOW_HD_ H __hmax_nan(H a, H b); \
	CUFLOW_HD_ H __hmin_nan(H a, H b); \
	CUFLOW_HD_ bool __heq(H a, H b); \
	CUFLOW_HD_ bool __hne(H a, H b); \
	CUFLOW_HD_ bool __hlt(H a, H b); \
	CUFLOW_HD_ bool __hle(H a, H b); \
	CUFLOW_HD_ bool __hgt(H a, H b); \
	CUFLOW_HD_ bool __hge(H a, H b); \
	CUFLOW_HD_ bool __hequ(H a, H b); \
	CUFLOW_HD_ bool __hneu(H a, H b); \
	CUFLOW_HD_ bool __hltu(H a, H b); \
	CUFLOW_HD_ bool __hleu(H a, H b); \
	CUFLOW_HD_ bool __hgtu(H a, H b); \
	CUFLOW_HD_ bool __hgeu(H a, H b); \
	CUFLOW_HD_ bool __hisnan(H a); \
	CUFLOW_HD_ int __hisinf(H a); \
	CUFLOW_HD_ H2 __hadd2(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hsub2(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hmul2(H2 a, H2 b); \
	CUFLOW_HD_ H2 __h2div(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hadd2_sat(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hsub2_sat(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hmul2_sat(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hadd2_rn(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hsub2_rn(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hmul2_rn(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hfma2(H2 a, H2 b, H2 c); \
	CUFLOW_HD_ H2 __hfma2_sat(H2 a, H2 b, H2 c); \
	CUFLOW_HD_ H2 __hfma2_relu(H2 a, H2 b, H2 c); \
	CUFLOW_HD_ H2 __hcmadd(H2 a, H2 b, H2 c); \
	CUFLOW_HD_ H2 __hneg2(H2 a); \
	CUFLOW_HD_ H2 __habs2(H2 a); \
	CUFLOW_HD_ H2 __hmax2(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hmin2(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hmax2_nan(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hmin2_nan(H2 a, H2 b); \
	CUFLOW_HD_ H2 __heq2(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hne2(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hlt2(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hle2(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hgt2(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hge2(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hequ2(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hneu2(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hltu2(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hleu2(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hgtu2(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hgeu2(H2 a, H2 b); \
	CUFLOW_HD_ H2 __hisnan2(H2 a); \
	CUFLOW_HD_ unsigned int __heq2_mask(H2 a, H2 b); \
	CUFLOW_HD_ unsigned int __hne2_mask(H2 a, H2 b); \
	CUFLOW_HD_ unsigned int __hlt2_mask(H2 a, H2 b); \
	CUFLOW_HD_ unsigned int __hle2_mask(H2 a, H2 b); \
	CUFLOW_HD_ unsigned int __hgt2_mask(H2 a, H2 b); \
	CUFLOW_HD_ unsigned int __hge2_mask(H2 a, H2 b); \
	CUFLOW_HD_ unsigned int __hequ2_mask(H2 a, H2 b); \
	CUFLOW_HD_ unsigned int __hneu2_mask(H2 a, H2 b); \
	CUFLOW_HD_ unsigned int __hltu2_mask(H2 a, H2 b); \
	CUFLOW_HD_ unsigned int __hleu2_mask(H2 a, H2 b); \
	CUFLOW_HD_ unsigned int __hgtu2_mask(H2 a, H2 b); \
	CUFLOW_HD_ unsigned int __hgeu2_mask(H2 a, H2 b); \
	CUFLOW_HD_ bool __hbeq2(H2 a, H2 b); \
	CUFLOW_HD_ bool __hbne2(H2 a, H2 b); \
	CUFLOW_HD_ bool __hblt2(H2 a, H2 b); \
	CUFLOW_HD_ bool __hble2(H2 a, H2 b); \
	CUFLOW_HD_ bool __hbgt2(H2 a, H2 b); \
	CUFLOW_HD_ bool __hbge2(H2 a, H2 b); \
	CUFLOW_HD_ bool __hbequ2(H2 a, H2 b); \
	CUFLOW_HD_ bool __hbneu2(H2 a, H2 b); \
	CUFLOW_HD_ bool __hbltu2(H2 a, H2 b); \
	CUFLOW_HD_ bool __hbleu2(H2 a, H2 b); \
	CUFLOW_HD_ bool __hbgtu2(H2 a, H2 b); \
	CUFLOW_HD_ bool __hbgeu2(H2 a, H2 b); \
	/* math */ \
	CUFLOW_HD_ H hsqrt(H a); CUFLOW_HD_ H hrsqrt(H a); CUFLOW_HD_ H hrcp(H a); \
	CUFLOW_HD_ H hexp(H a); CUFLOW_HD_ H hexp2(H a); CUFLOW_HD_ H hexp10(H a); \
	CUFLOW_HD_ H hlog(H a); CUFLOW_HD_ H hlog2(H a); CUFLOW_HD_ H hlog10(H a); \
	CUFLOW_HD_ H hsin(H a); CUFLOW_HD_ H hcos(H a); CUFLOW_HD_ H htanh(H a); \
	CUFLOW_HD_ H htrunc(H a); CUFLOW_HD_ H hceil(H a); \
	CUFLOW_HD_ H hfloor(H a); CUFLOW_HD_ H hrint(H a); \
	CUFLOW_HD_ H2 h2sqrt(H2 a); CUFLOW_HD_ H2 h2rsqrt(H2 a); CUFLOW_HD_ H2 h2rcp(H2 a); \
	CUFLOW_HD_ H2 h2exp(H2 a); CUFLOW_HD_ H2 h2exp2(H2 a); CUFLOW_HD_ H2 h2exp10(H2 a); \
	CUFLOW_HD_ H2 h2log(H2 a); CUFLOW_HD_ H2 h2log2(H2 a); CUFLOW_HD_ H2 h2log10(H2 a); \
	CUFLOW_HD_ H2 h2sin(H2 a); CUFLOW_HD_ H2 h2cos(H2 a); CUFLOW_HD_ H2 h2tanh(H2 a); \
	CUFLOW_HD_ H2 h2trunc(H2 a); CUFLOW_HD_ H2 h2ceil(H2 a); \
	CUFLOW_HD_ H2 h2floor(H2 a); CUFLOW_HD_ H2 h2rint(H2 a); \
	/* lanes */ \
	CUFLOW_HD_ float __low2float(H2 a); \
	CUFLOW_HD_ float __high2float(H2 a); \
	CUFLOW_HD_ H2 __lowhigh2highlow(H2 a); \
	/* warp, memory */ \
	__device__ H __shfl_sync(unsigned int mask, H var, int srcLane, int width = 32); \
	__device__ H __shfl_up_sync(unsigned int mask, H var, unsigned int delta, int width = 32); \
	__device__ H __shfl_down_sync(unsigned int mask, H var, unsigned int delta, int width = 32); \
	__device__ H __shfl_xor_sync(unsigned int mask, H var, int laneMask, int width = 32); \
	__device__ H2 __shfl_sync(unsigned int mask, H2 var, int srcLane, int width = 32); \
	__device__ H2 __shfl_up_sync(unsigned int mask, H2 var, unsigned int delta, int width = 32); \
	__device__ H2 __shfl_down_sync(unsigned int mask, H2 var, unsigned int delta, int width = 32); \
	__device__ H2 __shfl_xor_sync(unsigned int mask, H2 var, int laneMask, int width = 32); \
	__device__ H atomicAdd(H *address, H val); \
	__device__ H2 atomicAdd(H2 *address, H2 val);

CUFLOW_HALF_TYPES(__half, __half2, __half_raw, __half2_raw)
CUFLOW_HALF_API(__half, __half2)

typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half nv_half;
typedef __half2 nv_half2;

/* Conversions. Rounding suffixes as in the float intrinsics. */
#define CUFLOW_HCVT(r) \
	CUFLOW_HD_ __half __float2half_##r(float a); \
	CUFLOW_HD_ __half __double2half_##r(double a); \
	CUFLOW_HD_ int __half2int_##r(__half h); \
	CUFLOW_HD_ __half __int2half_##r(int i); \
	CUFLOW_HD_ unsigned int __half2uint_##r(__half h); \
	CUFLOW_HD_ __half __uint2half_##r(unsigned int i); \
	CUFLOW_HD_ short __half2short_##r(__half h); \
	CUFLOW_HD_ __half __short2half_##r(short i); \
	CUFLOW_HD_ unsigned short __half2ushort_##r(__half h); \
	CUFLOW_HD_ __half __ushort2half_##r(unsigned short i); \
	CUFLOW_HD_ long long __half2ll_##r(__half h); \
	CUFLOW_HD_ __half __ll2half_##r(long long i); \
	CUFLOW_HD_ unsigned long long __half2ull_##r(__half h); \
	CUFLOW_HD_ __half __ull2half_##r(unsigned long long i);
CUFLOW_ROUNDED(CUFLOW_HCVT)
#undef CUFLOW_HCVT
CUFLOW_HD_ __half __float2half(float a);
CUFLOW_HD_ __half __double2half(double a);
CUFLOW_HD_ float __half2float(__half a);
CUFLOW_HD_ __half2 __float2half2_rn(float a);
CUFLOW_HD_ __half2 __floats2half2_rn(float a, float b);
CUFLOW_HD_ __half2 __float22half2_rn(float2 a);
CUFLOW_HD_ float2 __half22float2(__half2 a);
CUFLOW_HD_ short __half_as_short(__half h);
CUFLOW_HD_ unsigned short __half_as_ushort(__half h);
CUFLOW_HD_ __half __short_as_half(short i);
CUFLOW_HD_ __half __ushort_as_half(unsigned short i);
CUFLOW_HD_ __half2 __halves2half2(__half a, __half b);
CUFLOW_HD_ __half2 __half2half2(__half a);
CUFLOW_HD_ __half2 make_half2(__half x, __half y);
CUFLOW_HD_ __half __low2half(__half2 a);
CUFLOW_HD_ __half __high2half(__half2 a);
CUFLOW_HD_ __half2 __lows2half2(__half2 a, __half2 b);
CUFLOW_HD_ __half2 __highs2half2(__half2 a, __half2 b);
CUFLOW_HD_ __half2 __low2half2(__half2 a);
CUFLOW_HD_ __half2 __high2half2(__half2 a);

/* Bit patterns of special values (IEEE binary16). */
#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)

#endif /* CUFLOW_FP16_H */
