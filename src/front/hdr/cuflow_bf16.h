/* cuflow_bf16.h: minimal __nv_bfloat16/__nv_bfloat162 (cuda_bf16.h), written
 * for cuflow (not NVIDIA's header). Same shape as __half (cuflow_fp16.h):
 * the shared operations are overloads of the same names.
 */
#ifndef CUFLOW_BF16_H
#define CUFLOW_BF16_H
#pragma clang system_header /* as the toolkit's: no warnings, not user code */

#include "cuflow_fp16.h"

CUFLOW_HALF_TYPES(__nv_bfloat16, __nv_bfloat162, __nv_bfloat16_raw, __nv_bfloat162_raw)
CUFLOW_HALF_API(__nv_bfloat16, __nv_bfloat162)

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

#define CUFLOW_BCVT(r) \
	CUFLOW_HD_ __nv_bfloat16 __float2bfloat16_##r(float a); \
	CUFLOW_HD_ __nv_bfloat16 __double2bfloat16_##r(double a); \
	CUFLOW_HD_ int __bfloat162int_##r(__nv_bfloat16 h); \
	CUFLOW_HD_ __nv_bfloat16 __int2bfloat16_##r(int i); \
	CUFLOW_HD_ unsigned int __bfloat162uint_##r(__nv_bfloat16 h); \
	CUFLOW_HD_ __nv_bfloat16 __uint2bfloat16_##r(unsigned int i); \
	CUFLOW_HD_ short __bfloat162short_##r(__nv_bfloat16 h); \
	CUFLOW_HD_ __nv_bfloat16 __short2bfloat16_##r(short i); \
	CUFLOW_HD_ unsigned short __bfloat162ushort_##r(__nv_bfloat16 h); \
	CUFLOW_HD_ __nv_bfloat16 __ushort2bfloat16_##r(unsigned short i); \
	CUFLOW_HD_ long long __bfloat162ll_##r(__nv_bfloat16 h); \
	CUFLOW_HD_ __nv_bfloat16 __ll2bfloat16_##r(long long i); \
	CUFLOW_HD_ unsigned long long __bfloat162ull_##r(__nv_bfloat16 h); \
	CUFLOW_HD_ __nv_bfloat16 __ull2bfloat16_##r(unsigned long long i);
CUFLOW_ROUNDED(CUFLOW_BCVT)
#undef CUFLOW_BCVT
CUFLOW_HD_ __nv_bfloat16 __float2bfloat16(float a);
CUFLOW_HD_ __nv_bfloat16 __double2bfloat16(double a);
CUFLOW_HD_ float __bfloat162float(__nv_bfloat16 a);
CUFLOW_HD_ __nv_bfloat162 __float2bfloat162_rn(float a);
CUFLOW_HD_ __nv_bfloat162 __floats2bfloat162_rn(float a, float b);
CUFLOW_HD_ __nv_bfloat162 __float22bfloat162_rn(float2 a);
CUFLOW_HD_ float2 __bfloat1622float2(__nv_bfloat162 a);
CUFLOW_HD_ short __bfloat16_as_short(__nv_bfloat16 h);
CUFLOW_HD_ unsigned short __bfloat16_as_ushort(__nv_bfloat16 h);
CUFLOW_HD_ __nv_bfloat16 __short_as_bfloat16(short i);
CUFLOW_HD_ __nv_bfloat16 __ushort_as_bfloat16(unsigned short i);
CUFLOW_HD_ __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b);
CUFLOW_HD_ __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a);
CUFLOW_HD_ __nv_bfloat162 make_bfloat162(__nv_bfloat16 x, __nv_bfloat16 y);
CUFLOW_HD_ __nv_bfloat16 __low2bfloat16(__nv_bfloat162 a);
CUFLOW_HD_ __nv_bfloat16 __high2bfloat16(__nv_bfloat162 a);
CUFLOW_HD_ __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b);
CUFLOW_HD_ __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b);
CUFLOW_HD_ __nv_bfloat162 __low2bfloat162(__nv_bfloat162 a);
CUFLOW_HD_ __nv_bfloat162 __high2bfloat162(__nv_bfloat162 a);

/* Bit patterns of special values (bfloat16: the top half of a float). */
#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7F7FU)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)

#endif /* CUFLOW_BF16_H */
