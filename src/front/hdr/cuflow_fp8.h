/* cuflow_fp8.h: minimal 8-bit float types (cuda_fp8.h), written for cuflow
 * (not NVIDIA's header): storage types, the conversion calls and the
 * __nv_fp8_e4m3/__nv_fp8_e5m2 classes with their x2/x4 packs, declared
 * __host__ __device__ as CUDA does.
 */
#ifndef CUFLOW_FP8_H
#define CUFLOW_FP8_H
#pragma clang system_header /* as the toolkit's: no warnings, not user code */

#include "cuflow_bf16.h"

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;

typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;

CUFLOW_HD_ __nv_fp8_storage_t __nv_cvt_float_to_fp8(float x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
CUFLOW_HD_ __nv_fp8_storage_t __nv_cvt_double_to_fp8(double x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
CUFLOW_HD_ __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(float2 x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
CUFLOW_HD_ __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(double2 x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
CUFLOW_HD_ __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(__half_raw x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
CUFLOW_HD_ __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(__half2_raw x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
CUFLOW_HD_ __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
CUFLOW_HD_ __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(__nv_bfloat162_raw x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
CUFLOW_HD_ __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t x, __nv_fp8_interpretation_t fp8_interpretation);
CUFLOW_HD_ __half2_raw __nv_cvt_fp8x2_to_halfraw2(__nv_fp8x2_storage_t x, __nv_fp8_interpretation_t fp8_interpretation);

/* One class a format; x2 and x4 packs convert to and from float2/float4. */
#define CUFLOW_FP8_TYPE(N, N2, N4) \
	struct __align__(1) N { \
		__nv_fp8_storage_t __x; \
		N() = default; \
		CUFLOW_HD_ explicit N(float f); \
		CUFLOW_HD_ explicit N(double f); \
		CUFLOW_HD_ explicit N(__half f); \
		CUFLOW_HD_ explicit N(__nv_bfloat16 f); \
		CUFLOW_HD_ explicit N(int v); \
		CUFLOW_HD_ explicit N(unsigned int v); \
		CUFLOW_HD_ explicit N(long long v); \
		CUFLOW_HD_ explicit N(unsigned long long v); \
		CUFLOW_HD_ operator float() const; \
		CUFLOW_HD_ explicit operator double() const; \
		CUFLOW_HD_ explicit operator __half() const; \
		CUFLOW_HD_ explicit operator __nv_bfloat16() const; \
	}; \
	struct __align__(2) N2 { \
		__nv_fp8x2_storage_t __x; \
		N2() = default; \
		CUFLOW_HD_ explicit N2(float2 f); \
		CUFLOW_HD_ explicit N2(double2 f); \
		CUFLOW_HD_ explicit N2(__half2 f); \
		CUFLOW_HD_ explicit N2(__nv_bfloat162 f); \
		CUFLOW_HD_ operator float2() const; \
		CUFLOW_HD_ explicit operator __half2() const; \
	}; \
	struct __align__(4) N4 { \
		__nv_fp8x4_storage_t __x; \
		N4() = default; \
		CUFLOW_HD_ explicit N4(float4 f); \
		CUFLOW_HD_ explicit N4(double4 f); \
		CUFLOW_HD_ explicit N4(__half2 lo, __half2 hi); \
		CUFLOW_HD_ explicit N4(__nv_bfloat162 lo, __nv_bfloat162 hi); \
		CUFLOW_HD_ operator float4() const; \
	};
CUFLOW_FP8_TYPE(__nv_fp8_e4m3, __nv_fp8x2_e4m3, __nv_fp8x4_e4m3)
CUFLOW_FP8_TYPE(__nv_fp8_e5m2, __nv_fp8x2_e5m2, __nv_fp8x4_e5m2)
#undef CUFLOW_FP8_TYPE

#endif /* CUFLOW_FP8_H */
