/* cuComplex.h: single- and double-precision complex numbers as CUDA
 * programs use them (cuFloatComplex, cuCaddf, ...), written for cuflow from
 * CUDA's documentation (not NVIDIA's header). One file serves both sides:
 * cuflow's parser reads it (embedded, beside src/front/hdr) and programs
 * lowered by --lower=openmp include it from the runtime, where the
 * qualifiers are nothing. The types are float2/double2, as in CUDA, from
 * either side's vector_types.h; the helpers are small inline functions. */
#ifndef CUFLOW_CUCOMPLEX_H
#define CUFLOW_CUCOMPLEX_H
#ifdef __clang__
#pragma clang system_header /* as the toolkit's: no warnings, not user code */
#endif

#include "vector_types.h"
#include <math.h> /* hypotf, hypot */

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

/* One set of helpers a precision: T the complex type, R the real one,
 * S the name suffix ("f" for float, none for double). */
#define CUFLOW_COMPLEX(T, R, S, MAKE) \
	static inline __host__ __device__ T MAKE(R re, R im) { T z; z.x = re; z.y = im; return z; } \
	static inline __host__ __device__ R cuCreal##S(T z) { return z.x; } \
	static inline __host__ __device__ R cuCimag##S(T z) { return z.y; } \
	static inline __host__ __device__ T cuConj##S(T z) { return MAKE(z.x, -z.y); } \
	static inline __host__ __device__ T cuCadd##S(T a, T b) { return MAKE(a.x + b.x, a.y + b.y); } \
	static inline __host__ __device__ T cuCsub##S(T a, T b) { return MAKE(a.x - b.x, a.y - b.y); } \
	static inline __host__ __device__ T cuCmul##S(T a, T b) \
	{ return MAKE(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); } \
	static inline __host__ __device__ T cuCdiv##S(T a, T b) \
	{ R d = b.x * b.x + b.y * b.y; \
	  return MAKE((a.x * b.x + a.y * b.y) / d, (a.y * b.x - a.x * b.y) / d); } \
	static inline __host__ __device__ R cuCabs##S(T z) { return hypot##S(z.x, z.y); } \
	static inline __host__ __device__ T cuCfma##S(T a, T b, T c) { return cuCadd##S(cuCmul##S(a, b), c); }
CUFLOW_COMPLEX(cuFloatComplex, float, f, make_cuFloatComplex)
CUFLOW_COMPLEX(cuDoubleComplex, double, , make_cuDoubleComplex)
#undef CUFLOW_COMPLEX

static inline __host__ __device__ cuComplex make_cuComplex(float re, float im)
{ return make_cuFloatComplex(re, im); }
static inline __host__ __device__ cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex z)
{ return make_cuDoubleComplex(z.x, z.y); }
static inline __host__ __device__ cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex z)
{ return make_cuFloatComplex((float)z.x, (float)z.y); }

#endif /* CUFLOW_CUCOMPLEX_H */
