/* cuflow_device.h: device-side CUDA helpers for lowered kernel code on the
 * CPU (C++17; included by cuflow_rt.h, not meant to be included alone).
 *
 * What is here: qualifier macros, min/max, atomics, fences and cache-hint
 * loads, device clocks, integer and floating-point intrinsics, fast-math
 * functions mapped to libm, CUDA math functions libm lacks, arithmetic
 * operators on the vector types, warp-level helpers over per-lane arrays,
 * a software __half, texture fetches (objects and texture<> references)
 * and surface reads and writes. What is not: threadIdx/blockIdx/blockDim/gridDim,
 * __syncthreads*, __shfl*, __ballot/__any/__all and __activemask: the
 * lowering turns those into loop indices, loop fission and per-lane arrays
 * (it calls the cuflow_shfl* / cuflow_ballot helpers below).
 *
 * Conventions.
 *  - Names CUDA defines as plain functions are defined here as inline
 *    functions of the same name. The ones a program commonly defines itself
 *    (a float atomicMax, a double atomicAdd for old GPUs, vector operators
 *    from helper_math.h) are templates, so that a program's own non-template
 *    definition is preferred over them instead of clashing with them.
 *  - Atomics are sequentially consistent __atomic operations: blocks of a
 *    launch run concurrently on OpenMP threads, so every atomic really is
 *    one. Floating-point ones are compare-exchange loops.
 *  - Fast-math intrinsics (__expf, __sinf ...) call the accurate libm
 *    function: results are at least as accurate as on a GPU, not bitwise
 *    equal to it. They are const (device code sees no errno).
 *  - Device printf prints with the C library's vfprintf (glibc locks each
 *    call, so lines from concurrent blocks do not interleave) and returns
 *    CUDA's count of arguments (runtime/launch.c defines printf). clock()
 *    is the C library's (processor time); clock64() is a nanosecond counter.
 *  - Names a program may use for its own globals can be left out by
 *    defining, before including cuflow_rt.h: CUFLOW_NO_WARPSIZE (warpSize),
 *    CUFLOW_NO_VECTOR_OPS (operators on float2 & co.), CUFLOW_NO_HALF_NAMES
 *    (the typedefs half and half2; __half stays), CUFLOW_NO_TEXTURE_REFERENCES
 *    (the texture<> template and its functions).
 */
#ifndef CUFLOW_DEVICE_H
#define CUFLOW_DEVICE_H

#include "cuflow_rt.h" /* (when included first: it includes this file back) */

/* with what nvcc's cuda_runtime.h includes, which programs rely on (assert
 * without <assert.h>) */
#include <assert.h>
#include <ctype.h>
#include <fenv.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>

/* ---- qualifiers -------------------------------------------------------------
 * Lowered code normally has none left; these make the ones that remain on
 * helper functions and globals harmless. __global__ and __shared__ are left
 * undefined on purpose: they need the lowering. */
#ifndef __host__
#define __host__
#endif
#ifndef __device__
#define __device__
#endif
#ifndef __constant__
#define __constant__
#endif
#ifndef __managed__
#define __managed__
#endif
#ifndef __forceinline__
#define __forceinline__ inline __attribute__((always_inline))
#endif
/* __noinline__: the lowering writes __attribute__((noinline)) instead (a
 * macro would break libstdc++ 13's own __attribute__((__noinline__))) */
#ifndef __launch_bounds__
#define __launch_bounds__(...)
#endif
#ifndef __grid_constant__
#define __grid_constant__
#endif
#ifndef __align__ /* typedef struct __align__(8) {...} T: the toolkit's alignment keyword */
#define __align__(n) __attribute__((aligned(n)))
#endif

#ifndef CUFLOW_NO_WARPSIZE
static constexpr int warpSize = 32;
#endif

namespace cuflow_detail {
/* A parameter of this type does not take part in deduction, so a call like
 * atomicAdd(&float_var, 1) deduces T from the pointer and converts 1. */
template <class T> struct nd { typedef typename std::remove_cv<T>::type type; };
template <class T> using plain = typename std::remove_cv<T>::type;
template <class T, class R = plain<T>>
using if_int = typename std::enable_if<std::is_integral<T>::value, R>::type;
template <class T, class R = plain<T>>
using if_flt = typename std::enable_if<std::is_floating_point<T>::value, R>::type;
template <class T, class R = plain<T>>
using if_arith = typename std::enable_if<std::is_arithmetic<T>::value, R>::type;

template <class To, class From> inline To bits(From f)
{
	static_assert(sizeof(To) == sizeof(From), "bit cast of unequal sizes");
	To t;
	memcpy(&t, &f, sizeof t);
	return t;
}
} /* namespace cuflow_detail */

/* ---- min / max --------------------------------------------------------------
 * CUDA's overloads: same-type integer and floating forms, and the mixed
 * signed/unsigned forms that return the unsigned type. The names are
 * parenthesised so a program's min/max macros cannot break them. */
#define CUFLOW_MINMAX(T) \
	inline T (min)(T a, T b) { return b < a ? b : a; } \
	inline T (max)(T a, T b) { return a < b ? b : a; }
#define CUFLOW_MINMAX_MIXED(S, U) \
	inline U (min)(S a, U b) { return (min)((U)a, b); } \
	inline U (min)(U a, S b) { return (min)(a, (U)b); } \
	inline U (max)(S a, U b) { return (max)((U)a, b); } \
	inline U (max)(U a, S b) { return (max)(a, (U)b); }
CUFLOW_MINMAX(int)
CUFLOW_MINMAX(unsigned int)
CUFLOW_MINMAX(long)
CUFLOW_MINMAX(unsigned long)
CUFLOW_MINMAX(long long)
CUFLOW_MINMAX(unsigned long long)
CUFLOW_MINMAX_MIXED(int, unsigned int)
CUFLOW_MINMAX_MIXED(long, unsigned long)
CUFLOW_MINMAX_MIXED(long long, unsigned long long)
#undef CUFLOW_MINMAX
#undef CUFLOW_MINMAX_MIXED
inline float (min)(float a, float b) { return fminf(a, b); }
inline float (max)(float a, float b) { return fmaxf(a, b); }
inline double (min)(double a, double b) { return fmin(a, b); }
inline double (max)(double a, double b) { return fmax(a, b); }
inline double (min)(float a, double b) { return fmin(a, b); }
inline double (min)(double a, float b) { return fmin(a, b); }
inline double (max)(float a, double b) { return fmax(a, b); }
inline double (max)(double a, float b) { return fmax(a, b); }
inline unsigned int umin(unsigned int a, unsigned int b) { return b < a ? b : a; }
inline unsigned int umax(unsigned int a, unsigned int b) { return a < b ? b : a; }
inline long long llmin(long long a, long long b) { return b < a ? b : a; }
inline long long llmax(long long a, long long b) { return a < b ? b : a; }
inline unsigned long long ullmin(unsigned long long a, unsigned long long b) { return b < a ? b : a; }
inline unsigned long long ullmax(unsigned long long a, unsigned long long b) { return a < b ? b : a; }

/* ---- atomics ------------------------------------------------------------------
 * All return the old value, as CUDA's. Integer: int, unsigned, (unsigned)
 * long long, and any other integer type; floating: float and double. */
#define CUFLOW_SC __ATOMIC_SEQ_CST

namespace cuflow_detail {
/* *a = f(old) atomically; returns old. */
template <class T, class F> inline plain<T> rmw(T *a, F f)
{
	plain<T> old, want;
	__atomic_load(a, &old, CUFLOW_SC);
	do {
		want = f(old);
	} while (!__atomic_compare_exchange(a, &old, &want, true, CUFLOW_SC, CUFLOW_SC));
	return old;
}
} /* namespace cuflow_detail */

template <class T> inline cuflow_detail::if_int<T> atomicAdd(T *a, typename cuflow_detail::nd<T>::type v)
{ return __atomic_fetch_add(a, v, CUFLOW_SC); }
template <class T> inline cuflow_detail::if_flt<T> atomicAdd(T *a, typename cuflow_detail::nd<T>::type v)
{ return cuflow_detail::rmw(a, [v](cuflow_detail::plain<T> o) { return o + v; }); }
template <class T> inline cuflow_detail::if_int<T> atomicSub(T *a, typename cuflow_detail::nd<T>::type v)
{ return __atomic_fetch_sub(a, v, CUFLOW_SC); }
template <class T> inline cuflow_detail::if_flt<T> atomicSub(T *a, typename cuflow_detail::nd<T>::type v)
{ return cuflow_detail::rmw(a, [v](cuflow_detail::plain<T> o) { return o - v; }); }
template <class T> inline cuflow_detail::if_arith<T> atomicExch(T *a, typename cuflow_detail::nd<T>::type v)
{
	cuflow_detail::plain<T> old;
	__atomic_exchange(a, &v, &old, CUFLOW_SC);
	return old;
}
template <class T> inline cuflow_detail::if_int<T> atomicMin(T *a, typename cuflow_detail::nd<T>::type v)
{ return cuflow_detail::rmw(a, [v](cuflow_detail::plain<T> o) { return v < o ? v : o; }); }
template <class T> inline cuflow_detail::if_int<T> atomicMax(T *a, typename cuflow_detail::nd<T>::type v)
{ return cuflow_detail::rmw(a, [v](cuflow_detail::plain<T> o) { return o < v ? v : o; }); }
/* Not in CUDA (programs write them with atomicCAS): NaN arguments are ignored. */
template <class T> inline cuflow_detail::if_flt<T> atomicMin(T *a, typename cuflow_detail::nd<T>::type v)
{ return cuflow_detail::rmw(a, [v](cuflow_detail::plain<T> o) { return v < o || o != o ? v : o; }); }
template <class T> inline cuflow_detail::if_flt<T> atomicMax(T *a, typename cuflow_detail::nd<T>::type v)
{ return cuflow_detail::rmw(a, [v](cuflow_detail::plain<T> o) { return o < v || o != o ? v : o; }); }
/* ((old >= v) ? 0 : old + 1) and (((old == 0) || (old > v)) ? v : old - 1) */
template <class T> inline cuflow_detail::if_int<T> atomicInc(T *a, typename cuflow_detail::nd<T>::type v)
{ return cuflow_detail::rmw(a, [v](cuflow_detail::plain<T> o) { return o >= v ? 0 : o + 1; }); }
template <class T> inline cuflow_detail::if_int<T> atomicDec(T *a, typename cuflow_detail::nd<T>::type v)
{ return cuflow_detail::rmw(a, [v](cuflow_detail::plain<T> o) { return (o == 0 || o > v) ? v : o - 1; }); }
template <class T> inline cuflow_detail::if_arith<T> atomicCAS(T *a, typename cuflow_detail::nd<T>::type cmp,
							       typename cuflow_detail::nd<T>::type v)
{
	__atomic_compare_exchange(a, &cmp, &v, false, CUFLOW_SC, CUFLOW_SC);
	return cmp; /* the old value, whether or not it matched */
}
template <class T> inline cuflow_detail::if_int<T> atomicAnd(T *a, typename cuflow_detail::nd<T>::type v)
{ return __atomic_fetch_and(a, v, CUFLOW_SC); }
template <class T> inline cuflow_detail::if_int<T> atomicOr(T *a, typename cuflow_detail::nd<T>::type v)
{ return __atomic_fetch_or(a, v, CUFLOW_SC); }
template <class T> inline cuflow_detail::if_int<T> atomicXor(T *a, typename cuflow_detail::nd<T>::type v)
{ return __atomic_fetch_xor(a, v, CUFLOW_SC); }

/* CUDA 12.8's __nv_atomic builtins (HeCBench's atomicMax of doubles reads
 * with __nv_atomic_load_n when CUDA_VERSION >= 12080): GCC's __atomic ones,
 * whose memory orders they mirror; a thread scope means nothing on one CPU. */
#define __NV_ATOMIC_RELAXED __ATOMIC_RELAXED
#define __NV_ATOMIC_CONSUME __ATOMIC_CONSUME
#define __NV_ATOMIC_ACQUIRE __ATOMIC_ACQUIRE
#define __NV_ATOMIC_RELEASE __ATOMIC_RELEASE
#define __NV_ATOMIC_ACQ_REL __ATOMIC_ACQ_REL
#define __NV_ATOMIC_SEQ_CST __ATOMIC_SEQ_CST
#define __NV_THREAD_SCOPE_THREAD 0
#define __NV_THREAD_SCOPE_BLOCK 1
#define __NV_THREAD_SCOPE_CLUSTER 2
#define __NV_THREAD_SCOPE_DEVICE 3
#define __NV_THREAD_SCOPE_SYSTEM 4
template <class T> inline cuflow_detail::plain<T> __nv_atomic_load_n(T *a, int order, int = 4)
{ return __atomic_load_n(a, order); }
template <class T> inline void __nv_atomic_load(T *a, cuflow_detail::plain<T> *ret, int order, int = 4)
{ __atomic_load(a, ret, order); }
template <class T> inline void __nv_atomic_store_n(T *a, typename cuflow_detail::nd<T>::type v, int order, int = 4)
{ __atomic_store_n(a, v, order); }
template <class T> inline void __nv_atomic_store(T *a, cuflow_detail::plain<T> *v, int order, int = 4)
{ __atomic_store(a, v, order); }
template <class T>
inline cuflow_detail::plain<T> __nv_atomic_exchange_n(T *a, typename cuflow_detail::nd<T>::type v, int order, int = 4)
{ return __atomic_exchange_n(a, v, order); }
template <class T>
inline bool __nv_atomic_compare_exchange_n(T *a, cuflow_detail::plain<T> *expected,
					   typename cuflow_detail::nd<T>::type desired, bool weak, int success,
					   int failure, int = 4)
{ return __atomic_compare_exchange_n(a, expected, desired, weak, success, failure); }
#define CUFLOW_NV_FETCH(op)                                                                                   \
	template <class T>                                                                                    \
	inline cuflow_detail::plain<T> __nv_atomic_fetch_##op(T *a, typename cuflow_detail::nd<T>::type v,  \
							     int order, int = 4)                              \
	{ return __atomic_fetch_##op(a, v, order); }
CUFLOW_NV_FETCH(add)
CUFLOW_NV_FETCH(sub)
CUFLOW_NV_FETCH(and)
CUFLOW_NV_FETCH(or)
CUFLOW_NV_FETCH(xor)
#undef CUFLOW_NV_FETCH
template <class T>
inline cuflow_detail::plain<T> __nv_atomic_fetch_min(T *a, typename cuflow_detail::nd<T>::type v, int, int = 4)
{ return cuflow_detail::rmw(a, [v](cuflow_detail::plain<T> o) { return v < o ? v : o; }); }
template <class T>
inline cuflow_detail::plain<T> __nv_atomic_fetch_max(T *a, typename cuflow_detail::nd<T>::type v, int, int = 4)
{ return cuflow_detail::rmw(a, [v](cuflow_detail::plain<T> o) { return o < v ? v : o; }); }
inline void __nv_atomic_thread_fence(int order, int = 4) { __atomic_thread_fence(order); }

/* The scoped forms: on a CPU every scope is the whole system. */
#define CUFLOW_SCOPED1(NAME) \
	template <class T> inline auto NAME##_block(T *a, typename cuflow_detail::nd<T>::type v) -> decltype(NAME(a, v)) \
	{ return NAME(a, v); } \
	template <class T> inline auto NAME##_system(T *a, typename cuflow_detail::nd<T>::type v) -> decltype(NAME(a, v)) \
	{ return NAME(a, v); }
CUFLOW_SCOPED1(atomicAdd)
CUFLOW_SCOPED1(atomicSub)
CUFLOW_SCOPED1(atomicExch)
CUFLOW_SCOPED1(atomicMin)
CUFLOW_SCOPED1(atomicMax)
CUFLOW_SCOPED1(atomicInc)
CUFLOW_SCOPED1(atomicDec)
CUFLOW_SCOPED1(atomicAnd)
CUFLOW_SCOPED1(atomicOr)
CUFLOW_SCOPED1(atomicXor)
#undef CUFLOW_SCOPED1
template <class T> inline auto atomicCAS_block(T *a, typename cuflow_detail::nd<T>::type c, typename cuflow_detail::nd<T>::type v) -> decltype(atomicCAS(a, c, v))
{ return atomicCAS(a, c, v); }
template <class T> inline auto atomicCAS_system(T *a, typename cuflow_detail::nd<T>::type c, typename cuflow_detail::nd<T>::type v) -> decltype(atomicCAS(a, c, v))
{ return atomicCAS(a, c, v); }

/* ---- fences, loads and stores with cache hints, clocks, misc --------------- */

inline void __threadfence(void) { __atomic_thread_fence(CUFLOW_SC); }
inline void __threadfence_block(void) { __atomic_thread_fence(CUFLOW_SC); }
inline void __threadfence_system(void) { __atomic_thread_fence(CUFLOW_SC); }

template <class T> inline T __ldg(const T *p) { return *p; }
template <class T> inline T __ldca(const T *p) { return *p; }
template <class T> inline T __ldcg(const T *p) { return *p; }
template <class T> inline T __ldcs(const T *p) { return *p; }
template <class T> inline T __ldlu(const T *p) { return *p; }
template <class T> inline T __ldcv(const T *p) { return *(const volatile T *)p; }
template <class T> inline void __stwb(T *p, T v) { *p = v; }
template <class T> inline void __stcg(T *p, T v) { *p = v; }
template <class T> inline void __stcs(T *p, T v) { *p = v; }
template <class T> inline void __stwt(T *p, T v) { *p = v; }

/* A monotonic nanosecond counter stands in for the SM cycle counter. */
inline long long clock64(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}
inline unsigned long long __globaltimer(void) { return (unsigned long long)clock64(); }
inline void __nanosleep(unsigned int ns)
{
	struct timespec t = {(time_t)(ns / 1000000000u), (long)(ns % 1000000000u)};
	nanosleep(&t, 0);
}
[[noreturn]] inline void __trap(void) { abort(); }
inline void __brkpt(void) {}
inline void __prof_trigger(int) {}
inline unsigned int __isGlobal(const void *) { return 1; }
inline unsigned int __isShared(const void *) { return 0; }
inline unsigned int __isConstant(const void *) { return 0; }
inline unsigned int __isLocal(const void *) { return 0; }

/* ---- integer intrinsics --------------------------------------------------- */

inline int __popc(unsigned int x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
inline int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline unsigned int __brev(unsigned int x)
{
	x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
	x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
	x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
	return __builtin_bswap32(x);
}
inline unsigned long long __brevll(unsigned long long x)
{ return ((unsigned long long)__brev((unsigned)x) << 32) | __brev((unsigned)(x >> 32)); }
/* 24-bit multiplies: the low 24 bits of each operand (sign-extended for the
 * signed form), the low 32 bits of the product. */
inline int __mul24(int x, int y)
{
	long long a = (long long)((int)((unsigned)x << 8) >> 8), b = (long long)((int)((unsigned)y << 8) >> 8);
	return (int)(unsigned)(a * b);
}
inline unsigned int __umul24(unsigned int x, unsigned int y)
{ return (unsigned)((unsigned long long)(x & 0xffffffu) * (y & 0xffffffu)); }
inline int __mulhi(int x, int y) { return (int)(((long long)x * y) >> 32); }
inline unsigned int __umulhi(unsigned int x, unsigned int y)
{ return (unsigned)(((unsigned long long)x * y) >> 32); }
inline long long __mul64hi(long long x, long long y) { return (long long)(((__int128)x * y) >> 64); }
inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y)
{ return (unsigned long long)(((unsigned __int128)x * y) >> 64); }
inline unsigned int __sad(int x, int y, unsigned int z)
{ return (x > y ? (unsigned)x - (unsigned)y : (unsigned)y - (unsigned)x) + z; }
inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z)
{ return (x > y ? x - y : y - x) + z; }
inline int __hadd(int x, int y) { return (int)(((long long)x + y) >> 1); }
inline int __rhadd(int x, int y) { return (int)(((long long)x + y + 1) >> 1); }
inline unsigned int __uhadd(unsigned int x, unsigned int y) { return (unsigned)(((unsigned long long)x + y) >> 1); }
inline unsigned int __urhadd(unsigned int x, unsigned int y) { return (unsigned)(((unsigned long long)x + y + 1) >> 1); }
/* Byte i of the result is byte (s >> 4i) & 7 of the 8 bytes y:x (x low). */
inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s)
{
	unsigned long long v = ((unsigned long long)y << 32) | x;
	unsigned int r = 0;
	for (int i = 0; i < 4; i++)
		r |= (unsigned)((v >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
	return r;
}
/* Funnel shifts of hi:lo; the _l/_r forms take the shift mod 32, the _lc/_rc
 * forms clamp it to 32. */
inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int s)
{ return (unsigned)(((((unsigned long long)hi << 32) | lo) << (s & 31)) >> 32); }
inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int s)
{ return (unsigned)(((((unsigned long long)hi << 32) | lo) << (s < 32 ? s : 32)) >> 32); }
inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int s)
{ return (unsigned)((((unsigned long long)hi << 32) | lo) >> (s & 31)); }
inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int s)
{ return (unsigned)((((unsigned long long)hi << 32) | lo) >> (s < 32 ? s : 32)); }
inline int __dp4a(int a, int b, int c)
{
	for (int i = 0; i < 4; i++)
		c += (int)(signed char)(a >> (8 * i)) * (int)(signed char)(b >> (8 * i));
	return c;
}
inline unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c)
{
	for (int i = 0; i < 4; i++)
		c += ((a >> (8 * i)) & 0xff) * ((b >> (8 * i)) & 0xff);
	return c;
}
/* dp2a (PTX): the two 16-bit halves of a times bytes 0 and 1 (_lo) or 2
 * and 3 (_hi) of b, low half with the lower byte, plus c (wrapping) */
inline int __dp2a_lo(int a, int b, int c)
{ return (int)((unsigned)c + (unsigned)((short)a * (signed char)b + (short)(a >> 16) * (signed char)(b >> 8))); }
inline int __dp2a_hi(int a, int b, int c)
{ return (int)((unsigned)c + (unsigned)((short)a * (signed char)(b >> 16) + (short)(a >> 16) * (signed char)(b >> 24))); }
inline unsigned int __dp2a_lo(unsigned int a, unsigned int b, unsigned int c)
{ return c + (a & 0xffff) * (b & 0xff) + (a >> 16) * ((b >> 8) & 0xff); }
inline unsigned int __dp2a_hi(unsigned int a, unsigned int b, unsigned int c)
{ return c + (a & 0xffff) * ((b >> 16) & 0xff) + (a >> 16) * (b >> 24); }
/* fns (PTX): the position of the |offset|-th set bit of mask from bit base
 * up (offset > 0) or down (offset < 0), base itself counted; offset 0: base
 * if that bit is set; none: 0xffffffff. PTX leaves base > 31 undefined. */
inline unsigned int __fns(unsigned int mask, unsigned int base, int offset)
{
	if (base > 31)
		return 0xffffffffu;
	if (offset == 0)
		return (mask >> base) & 1u ? base : 0xffffffffu;
	long long count = offset > 0 ? offset : -(long long)offset;
	for (int pos = (int)base; pos >= 0 && pos < 32; pos += offset > 0 ? 1 : -1)
		if (((mask >> pos) & 1u) && --count == 0)
			return (unsigned)pos;
	return 0xffffffffu;
}
/* ---- SIMD-within-a-word ("video") and DPX intrinsics ------------------------
 * A word holds two 16-bit or four 8-bit lanes. Every __v* intrinsic below is
 * a thin wrapper around cuflow_vmap: each lane's result is computed from the
 * operands' lanes in full precision (long long), then either wrapped to the
 * lane's width, as the GPU's lane arithmetic does (__vadd2; __vabs2 of
 * 0x8000 is 0x8000), or, for the saturating ss/us forms, clamped to the lane
 * type's range (signed for ss, unsigned for us). */
namespace cuflow_detail {
/* The lane of w bits (8 or 16) at bit i of x, sign-extended when sgn. */
inline long long vlane(unsigned int x, int i, int w, bool sgn)
{
	long long v = (x >> i) & ((1u << w) - 1);
	return sgn && (v >> (w - 1)) ? v - (1ll << w) : v;
}
template <class T> inline T vhi(T a, T b) { return a > b ? a : b; }
template <class T> inline T vlo(T a, T b) { return a < b ? a : b; }
} /* namespace cuflow_detail */

template <class F>
inline unsigned int cuflow_vmap(unsigned int a, unsigned int b, unsigned int c, int w, bool sgn, bool sat, F f)
{
	using cuflow_detail::vlane;
	const long long lo = sgn ? -(1ll << (w - 1)) : 0, hi = sgn ? (1ll << (w - 1)) - 1 : (1ll << w) - 1;
	unsigned int r = 0;
	for (int i = 0; i < 32; i += w) {
		long long v = f(vlane(a, i, w, sgn), vlane(b, i, w, sgn), vlane(c, i, w, sgn));
		if (sat)
			v = v < lo ? lo : v > hi ? hi : v;
		r |= ((unsigned)v & ((1u << w) - 1)) << i;
	}
	return r;
}
/* __vsads/__vsadu: the lanes' absolute differences summed (exactly: at most
 * 4 * 255 or 2 * 65535), not packed into lanes. */
inline unsigned int cuflow_vsad(unsigned int a, unsigned int b, int w, bool sgn)
{
	unsigned int s = 0;
	for (int i = 0; i < 32; i += w) {
		long long d = cuflow_detail::vlane(a, i, w, sgn) - cuflow_detail::vlane(b, i, w, sgn);
		s += (unsigned)(d < 0 ? -d : d);
	}
	return s;
}

/* One lane expression, two names: NAME##2 on halfwords, NAME##4 on bytes.
 * EXPR reads the lanes x and y (as signed values when SGN); SAT clamps. */
#define CUFLOW_VOP2(NAME, SGN, SAT, EXPR) \
	inline unsigned int NAME##2(unsigned int a, unsigned int b) \
	{ return cuflow_vmap(a, b, 0, 16, SGN, SAT, [](long long x, long long y, long long) -> long long { return EXPR; }); } \
	inline unsigned int NAME##4(unsigned int a, unsigned int b) \
	{ return cuflow_vmap(a, b, 0, 8, SGN, SAT, [](long long x, long long y, long long) -> long long { return EXPR; }); }
#define CUFLOW_VOP1(NAME, SAT, EXPR) \
	inline unsigned int NAME##2(unsigned int a) \
	{ return cuflow_vmap(a, 0, 0, 16, true, SAT, [](long long x, long long, long long) -> long long { return EXPR; }); } \
	inline unsigned int NAME##4(unsigned int a) \
	{ return cuflow_vmap(a, 0, 0, 8, true, SAT, [](long long x, long long, long long) -> long long { return EXPR; }); }
/* A comparison gives two families: __vcmp* sets every bit of a lane where it
 * holds (0xff / 0xffff masks, for selecting with & and |), __vset* sets the
 * lane to 1 (for counting). */
#define CUFLOW_VCMP(OP, SGN, EXPR) \
	CUFLOW_VOP2(__vcmp##OP, SGN, false, (EXPR) ? -1 : 0) \
	CUFLOW_VOP2(__vset##OP, SGN, false, (EXPR) ? 1 : 0)

CUFLOW_VOP2(__vmaxs, true, false, x > y ? x : y)
CUFLOW_VOP2(__vmaxu, false, false, x > y ? x : y)
CUFLOW_VOP2(__vmins, true, false, x < y ? x : y)
CUFLOW_VOP2(__vminu, false, false, x < y ? x : y)
CUFLOW_VOP1(__vabs, false, x < 0 ? -x : x)   /* |-128| wraps: 0x80 */
CUFLOW_VOP1(__vabsss, true, x < 0 ? -x : x)  /* |-128| saturates: 0x7f */
CUFLOW_VOP1(__vneg, false, -x)
CUFLOW_VOP1(__vnegss, true, -x)
CUFLOW_VOP2(__vadd, false, false, x + y)
CUFLOW_VOP2(__vaddss, true, true, x + y)
CUFLOW_VOP2(__vaddus, false, true, x + y)
CUFLOW_VOP2(__vsub, false, false, x - y)
CUFLOW_VOP2(__vsubss, true, true, x - y)
CUFLOW_VOP2(__vsubus, false, true, x - y)     /* clamped at 0 */
/* The absolute difference of signed lanes can need the lane's sign bit
 * (127 - -128 = 255): kept as its low bits, an unsigned value. */
CUFLOW_VOP2(__vabsdiffs, true, false, x > y ? x - y : y - x)
CUFLOW_VOP2(__vabsdiffu, false, false, x > y ? x - y : y - x)
/* Averages of the exact sum: the signed one rounds halves away from zero
 * (sums 3 and -3 give 2 and -2: PTX's vavrg rule), the unsigned one rounds
 * halves up, __vhaddu truncates. (>> on a negative long long floors.) */
CUFLOW_VOP2(__vavgs, true, false, x + y >= 0 ? (x + y + 1) >> 1 : (x + y) >> 1)
CUFLOW_VOP2(__vavgu, false, false, (x + y + 1) >> 1)
CUFLOW_VOP2(__vhaddu, false, false, (x + y) >> 1)
CUFLOW_VCMP(eq, false, x == y)
CUFLOW_VCMP(ne, false, x != y)
CUFLOW_VCMP(ges, true, x >= y)
CUFLOW_VCMP(geu, false, x >= y)
CUFLOW_VCMP(gts, true, x > y)
CUFLOW_VCMP(gtu, false, x > y)
CUFLOW_VCMP(les, true, x <= y)
CUFLOW_VCMP(leu, false, x <= y)
CUFLOW_VCMP(lts, true, x < y)
CUFLOW_VCMP(ltu, false, x < y)
inline unsigned int __vsads2(unsigned int a, unsigned int b) { return cuflow_vsad(a, b, 16, true); }
inline unsigned int __vsads4(unsigned int a, unsigned int b) { return cuflow_vsad(a, b, 8, true); }
inline unsigned int __vsadu2(unsigned int a, unsigned int b) { return cuflow_vsad(a, b, 16, false); }
inline unsigned int __vsadu4(unsigned int a, unsigned int b) { return cuflow_vsad(a, b, 8, false); }

/* DPX (CUDA 12; host and device functions in CUDA, so callable from both
 * here too): maxima and minima of three values or of a sum and a value
 * (__viaddmax: max(a + b, c), the sum wrapping as the add instruction's
 * does), relu forms (max(..., 0)), the two-operand relu forms, and
 * __vibmax/__vibmin, which also say whether a was taken (pred: a >= b for
 * max, a <= b for min, so a tie reports a). CUDA has no plain two-operand
 * __vimax_s32: only its relu forms. OP(T, x, y, z) is one family's rule in
 * the type T of the word or lane: int, unsigned int, short, unsigned short;
 * converting the exact long long sum to T wraps it to T's width. */
#define CUFLOW_DPX_MAX3(T, x, y, z) vhi(vhi((T)(x), (T)(y)), (T)(z))
#define CUFLOW_DPX_MIN3(T, x, y, z) vlo(vlo((T)(x), (T)(y)), (T)(z))
#define CUFLOW_DPX_ADDMAX(T, x, y, z) vhi((T)((long long)(x) + (y)), (T)(z))
#define CUFLOW_DPX_ADDMIN(T, x, y, z) vlo((T)((long long)(x) + (y)), (T)(z))
#define CUFLOW_DPX16(NAME, SGN, EXPR) \
	inline unsigned int NAME(unsigned int a, unsigned int b, unsigned int c) \
	{ \
		using namespace cuflow_detail; \
		return cuflow_vmap(a, b, c, 16, SGN, false, [](long long x, long long y, long long z) -> long long { return EXPR; }); \
	}
#define CUFLOW_DPX_FAMILY(NAME, OP) \
	inline int NAME##_s32(int a, int b, int c) { using namespace cuflow_detail; return OP(int, a, b, c); } \
	inline int NAME##_s32_relu(int a, int b, int c) { using namespace cuflow_detail; return vhi(OP(int, a, b, c), 0); } \
	inline unsigned int NAME##_u32(unsigned int a, unsigned int b, unsigned int c) \
	{ using namespace cuflow_detail; return OP(unsigned int, a, b, c); } \
	CUFLOW_DPX16(NAME##_s16x2, true, OP(short, x, y, z)) \
	CUFLOW_DPX16(NAME##_s16x2_relu, true, vhi(OP(short, x, y, z), (short)0)) \
	CUFLOW_DPX16(NAME##_u16x2, false, OP(unsigned short, x, y, z))
CUFLOW_DPX_FAMILY(__vimax3, CUFLOW_DPX_MAX3)
CUFLOW_DPX_FAMILY(__vimin3, CUFLOW_DPX_MIN3)
CUFLOW_DPX_FAMILY(__viaddmax, CUFLOW_DPX_ADDMAX)
CUFLOW_DPX_FAMILY(__viaddmin, CUFLOW_DPX_ADDMIN)
/* The two-operand relu forms: the three-operand ones with a third operand
 * equal to a, which changes no maximum or minimum. */
inline int __vimax_s32_relu(int a, int b) { return __vimax3_s32_relu(a, b, a); }
inline int __vimin_s32_relu(int a, int b) { return __vimin3_s32_relu(a, b, a); }
inline unsigned int __vimax_s16x2_relu(unsigned int a, unsigned int b) { return __vimax3_s16x2_relu(a, b, a); }
inline unsigned int __vimin_s16x2_relu(unsigned int a, unsigned int b) { return __vimin3_s16x2_relu(a, b, a); }
/* __vibmax/__vibmin: the value, and the comparison that chose it. */
template <class T> inline T cuflow_vib(T a, T b, bool max, bool *pred)
{
	bool p = max ? a >= b : a <= b;
	*pred = p;
	return p ? a : b;
}
inline unsigned int cuflow_vib16(unsigned int a, unsigned int b, bool sgn, bool max, bool *pred_hi, bool *pred_lo)
{
	using cuflow_detail::vlane;
	long long ah = vlane(a, 16, 16, sgn), bh = vlane(b, 16, 16, sgn);
	long long al = vlane(a, 0, 16, sgn), bl = vlane(b, 0, 16, sgn);
	bool ph = max ? ah >= bh : ah <= bh, pl = max ? al >= bl : al <= bl;
	*pred_hi = ph;
	*pred_lo = pl;
	return ((ph ? a : b) & 0xffff0000u) | ((pl ? a : b) & 0xffffu);
}
inline int __vibmax_s32(int a, int b, bool *pred) { return cuflow_vib(a, b, true, pred); }
inline unsigned int __vibmax_u32(unsigned int a, unsigned int b, bool *pred) { return cuflow_vib(a, b, true, pred); }
inline int __vibmin_s32(int a, int b, bool *pred) { return cuflow_vib(a, b, false, pred); }
inline unsigned int __vibmin_u32(unsigned int a, unsigned int b, bool *pred) { return cuflow_vib(a, b, false, pred); }
inline unsigned int __vibmax_s16x2(unsigned int a, unsigned int b, bool *pred_hi, bool *pred_lo)
{ return cuflow_vib16(a, b, true, true, pred_hi, pred_lo); }
inline unsigned int __vibmax_u16x2(unsigned int a, unsigned int b, bool *pred_hi, bool *pred_lo)
{ return cuflow_vib16(a, b, false, true, pred_hi, pred_lo); }
inline unsigned int __vibmin_s16x2(unsigned int a, unsigned int b, bool *pred_hi, bool *pred_lo)
{ return cuflow_vib16(a, b, true, false, pred_hi, pred_lo); }
inline unsigned int __vibmin_u16x2(unsigned int a, unsigned int b, bool *pred_hi, bool *pred_lo)
{ return cuflow_vib16(a, b, false, false, pred_hi, pred_lo); }

/* ---- reinterpretation and conversions ------------------------------------- */

inline float __int_as_float(int x) { return cuflow_detail::bits<float>(x); }
inline int __float_as_int(float x) { return cuflow_detail::bits<int>(x); }
inline float __uint_as_float(unsigned int x) { return cuflow_detail::bits<float>(x); }
inline unsigned int __float_as_uint(float x) { return cuflow_detail::bits<unsigned int>(x); }
inline double __longlong_as_double(long long x) { return cuflow_detail::bits<double>(x); }
inline long long __double_as_longlong(double x) { return cuflow_detail::bits<long long>(x); }
inline int __double2hiint(double x) { return (int)(__double_as_longlong(x) >> 32); }
inline int __double2loint(double x) { return (int)(unsigned)__double_as_longlong(x); }
inline double __hiloint2double(int hi, int lo)
{ return __longlong_as_double((long long)(((unsigned long long)(unsigned)hi << 32) | (unsigned)lo)); }

namespace cuflow_detail {
/* Float to integer as the GPU converts (PTX cvt): out of range saturates;
 * NaN gives 0, unless the source is .f64 or the destination 64 bits wide:
 * then 1 << (bits - 1) (__double2int_rn(NaN) is 0x80000000,
 * __float2ll_rn(NaN) 1 << 63, __float2int_rn(NaN) 0). f64: the source was
 * a double. */
template <class I> inline I nan_int(bool f64)
{ return f64 || sizeof(I) == 8 ? (I)(1ull << (8 * sizeof(I) - 1)) : (I)0; }
template <class I> inline I sat(double x, bool f64 = false)
{
	if (x != x)
		return nan_int<I>(f64);
	if (x <= (double)std::numeric_limits<I>::min())
		return std::numeric_limits<I>::min();
	if (x >= (double)std::numeric_limits<I>::max())
		return std::numeric_limits<I>::max();
	return (I)x;
}
template <class I> inline I sat_ld(long double x, bool f64 = false)
{
	if (x != x)
		return nan_int<I>(f64);
	if (x <= (long double)std::numeric_limits<I>::min())
		return std::numeric_limits<I>::min();
	if (x >= (long double)std::numeric_limits<I>::max())
		return std::numeric_limits<I>::max();
	return (I)x;
}
/* Run f() with the rounding mode m (the operands are volatile so the
 * compiler cannot fold the operation outside the mode). */
template <class F> inline auto in_mode(int m, F f) -> decltype(f())
{
	int old = fegetround();
	fesetround(m);
	volatile decltype(f()) r = f();
	fesetround(old);
	return r;
}
} /* namespace cuflow_detail */

#define CUFLOW_F2I(SUF, T, RND) \
	inline T __float2##SUF(float x) { return cuflow_detail::sat<T>(RND(x)); } \
	inline T __double2##SUF(double x) { return cuflow_detail::sat<T>(RND(x), true); }
#define CUFLOW_F2I_ALL(NAME, T) \
	CUFLOW_F2I(NAME##_rn, T, nearbyint) CUFLOW_F2I(NAME##_rz, T, trunc) \
	CUFLOW_F2I(NAME##_ru, T, ceil) CUFLOW_F2I(NAME##_rd, T, floor)
CUFLOW_F2I_ALL(int, int)
CUFLOW_F2I_ALL(uint, unsigned int)
#undef CUFLOW_F2I
/* 64-bit targets need long double to hold their bounds exactly. */
#define CUFLOW_F2I(SUF, T, RND) \
	inline T __float2##SUF(float x) { return cuflow_detail::sat_ld<T>(RND##l(x)); } \
	inline T __double2##SUF(double x) { return cuflow_detail::sat_ld<T>(RND##l(x), true); }
CUFLOW_F2I_ALL(ll, long long)
CUFLOW_F2I_ALL(ull, unsigned long long)
#undef CUFLOW_F2I_ALL
#undef CUFLOW_F2I

/* Integer to floating point in the four rounding modes. */
#define CUFLOW_I2F(NAME, I, F) \
	inline F NAME##_rn(I x) { return (F)x; } \
	inline F NAME##_rz(I x) { volatile I v = x; return cuflow_detail::in_mode(FE_TOWARDZERO, [&] { return (F)v; }); } \
	inline F NAME##_ru(I x) { volatile I v = x; return cuflow_detail::in_mode(FE_UPWARD, [&] { return (F)v; }); } \
	inline F NAME##_rd(I x) { volatile I v = x; return cuflow_detail::in_mode(FE_DOWNWARD, [&] { return (F)v; }); }
CUFLOW_I2F(__int2float, int, float)
CUFLOW_I2F(__uint2float, unsigned int, float)
CUFLOW_I2F(__ll2float, long long, float)
CUFLOW_I2F(__ull2float, unsigned long long, float)
CUFLOW_I2F(__ll2double, long long, double)
CUFLOW_I2F(__ull2double, unsigned long long, double)
CUFLOW_I2F(__double2float, double, float)
#undef CUFLOW_I2F
inline double __int2double_rn(int x) { return x; }
inline double __uint2double_rn(unsigned int x) { return x; }
/* clamped to [+0, 1]; NaN gives +0 (CUDA Math API), signalling too (glibc's
 * fmaxf(sNaN, 0) is NaN, so fminf(fmaxf(...)) gave 1) */
inline float __saturatef(float x) { return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f; }

/* ---- floating-point arithmetic with explicit rounding ----------------------
 * _rn is the default mode (and never contracted into an FMA); _rz, _ru, _rd
 * switch the rounding mode around the one operation. */
#define CUFLOW_OP2(NAME, T, EXPR) \
	inline T NAME##_rn(T a, T b) { volatile T x = a, y = b; return EXPR; } \
	inline T NAME##_rz(T a, T b) { volatile T x = a, y = b; return cuflow_detail::in_mode(FE_TOWARDZERO, [&] { return (T)(EXPR); }); } \
	inline T NAME##_ru(T a, T b) { volatile T x = a, y = b; return cuflow_detail::in_mode(FE_UPWARD, [&] { return (T)(EXPR); }); } \
	inline T NAME##_rd(T a, T b) { volatile T x = a, y = b; return cuflow_detail::in_mode(FE_DOWNWARD, [&] { return (T)(EXPR); }); }
CUFLOW_OP2(__fadd, float, x + y)
CUFLOW_OP2(__fsub, float, x - y)
CUFLOW_OP2(__fmul, float, x * y)
CUFLOW_OP2(__fdiv, float, x / y)
CUFLOW_OP2(__dadd, double, x + y)
CUFLOW_OP2(__dsub, double, x - y)
CUFLOW_OP2(__dmul, double, x * y)
CUFLOW_OP2(__ddiv, double, x / y)
#undef CUFLOW_OP2
#define CUFLOW_OP3(NAME, T, FMA) \
	inline T NAME##_rn(T a, T b, T c) { return FMA(a, b, c); } \
	inline T NAME##_rz(T a, T b, T c) { volatile T x = a, y = b, z = c; return cuflow_detail::in_mode(FE_TOWARDZERO, [&] { return FMA(x, y, z); }); } \
	inline T NAME##_ru(T a, T b, T c) { volatile T x = a, y = b, z = c; return cuflow_detail::in_mode(FE_UPWARD, [&] { return FMA(x, y, z); }); } \
	inline T NAME##_rd(T a, T b, T c) { volatile T x = a, y = b, z = c; return cuflow_detail::in_mode(FE_DOWNWARD, [&] { return FMA(x, y, z); }); }
CUFLOW_OP3(__fmaf, float, fmaf)
CUFLOW_OP3(__fma, double, fma)
#undef CUFLOW_OP3
#define CUFLOW_OP1(NAME, T, EXPR) \
	inline T NAME##_rn(T a) { volatile T x = a; return EXPR; } \
	inline T NAME##_rz(T a) { volatile T x = a; return cuflow_detail::in_mode(FE_TOWARDZERO, [&] { return (T)(EXPR); }); } \
	inline T NAME##_ru(T a) { volatile T x = a; return cuflow_detail::in_mode(FE_UPWARD, [&] { return (T)(EXPR); }); } \
	inline T NAME##_rd(T a) { volatile T x = a; return cuflow_detail::in_mode(FE_DOWNWARD, [&] { return (T)(EXPR); }); }
CUFLOW_OP1(__frcp, float, 1.0f / x)
CUFLOW_OP1(__fsqrt, float, sqrtf(x))
CUFLOW_OP1(__drcp, double, 1.0 / x)
CUFLOW_OP1(__dsqrt, double, sqrt(x))
#undef CUFLOW_OP1
/* correctly rounded: 1/sqrt in float rounds twice (295 of 1,024 inputs an ulp off);
 * in long double the one rounding to float is right but for inputs within 2^-40 of a tie */
inline float __frsqrt_rn(float x) { return (float)(1.0L / sqrtl((long double)x)); }
/* the _ieee forms keep denormals, as every form does here */
inline float __fmaf_ieee_rn(float a, float b, float c) { return fmaf(a, b, c); }
inline float __fmaf_ieee_rz(float a, float b, float c) { return __fmaf_rz(a, b, c); }
inline float __fmaf_ieee_ru(float a, float b, float c) { return __fmaf_ru(a, b, c); }
inline float __fmaf_ieee_rd(float a, float b, float c) { return __fmaf_rd(a, b, c); }

/* ---- fast-math intrinsics and CUDA math functions libm lacks -------------- */

/* Device math sets no errno, so these are const: GCC may then hoist a call
 * whose arguments are block-uniform out of the thread loops and share equal
 * calls (backprop's __powf(2, i), once per thread and step, was 17% of its
 * run). noinline keeps the attribute: inlined, they would become libm calls
 * that may set errno. */
#define CUFLOW_MATHFN __attribute__((const, noinline))
CUFLOW_MATHFN inline float __expf(float x) { return expf(x); }
CUFLOW_MATHFN inline float __exp10f(float x) { return powf(10.0f, x); }
CUFLOW_MATHFN inline float __logf(float x) { return logf(x); }
CUFLOW_MATHFN inline float __log2f(float x) { return log2f(x); }
CUFLOW_MATHFN inline float __log10f(float x) { return log10f(x); }
CUFLOW_MATHFN inline float __powf(float x, float y) { return powf(x, y); }
CUFLOW_MATHFN inline float __sinf(float x) { return sinf(x); }
CUFLOW_MATHFN inline float __cosf(float x) { return cosf(x); }
CUFLOW_MATHFN inline float __tanf(float x) { return tanf(x); }
#undef CUFLOW_MATHFN
inline void __sincosf(float x, float *s, float *c) { *s = sinf(x); *c = cosf(x); }
/* CUDA Math API: for 2^126 < |y| < 2^128 __fdividef(x, y) is 0 (NaN for an
 * infinite x): it multiplies x by 1/y, flushed to zero there */
inline float __fdividef(float x, float y)
{
	float a = fabsf(y);
	return a > 0x1p126f && a < INFINITY ? x * copysignf(0.0f, y) : x / y;
}
inline float fdividef(float x, float y) { return x / y; }
inline double fdivide(double x, double y) { return x / y; }
inline float rcbrtf(float x) { return 1.0f / cbrtf(x); }
inline double rcbrt(double x) { return 1.0 / cbrt(x); }
namespace cuflow_detail {
/* sin(pi x) (sin) or cos(pi x): x reduced modulo 2 first (fmod is exact),
 * then to t in [-1/4, 1/4] and a quarter turn q, so that pi is multiplied
 * only by a small exact t (pi * 2^51.5 in double was 0.96, not 1) and
 * integers and half-integers give exact zeros and ones: sinpi(n) is a zero
 * of n's sign, cospi(n + 1/2) is +0 (CUDA Math API, as IEEE 754's sinPi). */
inline long double pi_turn(long double x, bool sin)
{
	if (!isfinite(x))
		return x - x; /* NaN */
	long double r = fmodl(x, 2.0L), j = rintl(2.0L * r), t = r - 0.5L * j;
	int q = ((int)j % 4 + 4) % 4 + (sin ? 0 : 1); /* cos(pi x) = sin(pi (x + 1/2)) */
	if (t == 0 && q % 2 == 0)
		return sin ? copysignl(0.0L, x) : 0.0L;
	long double a = 3.141592653589793238462643383279502884L * t;
	long double v = q % 2 ? cosl(a) : sinl(a);
	return q % 4 >= 2 ? -v : v;
}
} /* namespace cuflow_detail */
/* C23 added some of CUDA's names to libm (glibc 2.41 and later declare them). */
#if !(defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 41)))
inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline double rsqrt(double x) { return 1.0 / sqrt(x); }
inline float sinpif(float x) { return (float)cuflow_detail::pi_turn(x, true); }
inline float cospif(float x) { return (float)cuflow_detail::pi_turn(x, false); }
inline double sinpi(double x) { return (double)cuflow_detail::pi_turn(x, true); }
inline double cospi(double x) { return (double)cuflow_detail::pi_turn(x, false); }
#endif
inline void sincospif(float x, float *s, float *c) { *s = sinpif(x); *c = cospif(x); }
inline void sincospi(double x, double *s, double *c) { *s = sinpi(x); *c = cospi(x); }
#if !defined(__USE_GNU)
inline void sincosf(float x, float *s, float *c) { *s = sinf(x); *c = cosf(x); }
inline void sincos(double x, double *s, double *c) { *s = sin(x); *c = cos(x); }
inline float exp10f(float x) { return powf(10.0f, x); }
inline double exp10(double x) { return pow(10.0, x); }
#endif
/* The norm family: an infinite coordinate gives +inf (the r forms +0),
 * even beside a NaN, as CUDA documents; hypot does the same. */
namespace cuflow_detail {
template <typename T> inline bool anyinf(int n, const T *a)
{
	for (int i = 0; i < n; i++)
		if (std::isinf(a[i]))
			return true;
	return false;
}
template <typename T> inline long double sumsq(int n, const T *a)
{
	long double s = 0;
	for (int i = 0; i < n; i++)
		s += (long double)a[i] * a[i];
	return s;
}
} /* namespace cuflow_detail */
inline float normf(int n, const float *a)
{ return cuflow_detail::anyinf(n, a) ? INFINITY : (float)sqrt((double)cuflow_detail::sumsq(n, a)); }
inline double norm(int n, const double *a) { return cuflow_detail::anyinf(n, a) ? INFINITY : (double)sqrtl(cuflow_detail::sumsq(n, a)); }
inline float rnormf(int n, const float *a) { return 1.0f / normf(n, a); }
inline double rnorm(int n, const double *a) { return 1.0 / norm(n, a); }
inline float norm3df(float a, float b, float c) { const float v[] = {a, b, c}; return normf(3, v); }
inline float rnorm3df(float a, float b, float c) { return 1.0f / norm3df(a, b, c); }
inline float norm4df(float a, float b, float c, float d) { const float v[] = {a, b, c, d}; return normf(4, v); }
inline float rnorm4df(float a, float b, float c, float d) { return 1.0f / norm4df(a, b, c, d); }
inline double norm3d(double a, double b, double c) { const double v[] = {a, b, c}; return norm(3, v); }
inline double rnorm3d(double a, double b, double c) { return 1.0 / norm3d(a, b, c); }
inline double norm4d(double a, double b, double c, double d) { const double v[] = {a, b, c, d}; return norm(4, v); }
inline double rnorm4d(double a, double b, double c, double d) { return 1.0 / norm4d(a, b, c, d); }
inline float rhypotf(float a, float b) { return 1.0f / hypotf(a, b); }
inline double rhypot(double a, double b) { return 1.0 / hypot(a, b); }
inline double normcdf(double x) { return 0.5 * erfc(-x * M_SQRT1_2); }
inline float normcdff(float x) { return (float)normcdf(x); }
/* erfinv by Newton's method on erf, from a closed-form first guess. */
inline double erfinv(double y)
{
	if (y <= -1.0)
		return y == -1.0 ? -HUGE_VAL : NAN;
	if (y >= 1.0)
		return y == 1.0 ? HUGE_VAL : NAN;
	if (y == 0.0)
		return y;
	double w = -log((1.0 - y) * (1.0 + y)), a = 0.147;
	double t = 2.0 / (M_PI * a) - w / 2.0;
	double x = copysign(sqrt(sqrt(t * t + w / a) - t), y);
	for (int i = 0; i < 3; i++)
		x -= (erf(x) - y) / (M_2_SQRTPI * exp(-x * x));
	return x;
}
inline float erfinvf(float y) { return (float)erfinv(y); }
inline double erfcinv(double y)
{
	if (y > 0.0 && y < 1e-300)
		return 26.55; /* erfc underflows beyond */
	if (y > 0.0 && y < 0.5) { /* Newton on erfc where 1 - y loses precision */
		double x = erfinv(1.0 - y);
		if (!isfinite(x))
			x = 26.0;
		for (int i = 0; i < 6; i++)
			x += (erfc(x) - y) / (M_2_SQRTPI * exp(-x * x));
		return x;
	}
	return erfinv(1.0 - y);
}
inline float erfcinvf(float y) { return (float)erfcinv(y); }
inline double normcdfinv(double p) { return -M_SQRT2 * erfcinv(2.0 * p); }
inline float normcdfinvf(float p) { return (float)normcdfinv(p); }
inline double erfcx(double x)
{
	if (x < 25.0)
		return exp(x * x) * erfc(x);
	double x2 = x * x; /* asymptotic series: exp(x^2) erfc(x) ~ 1/(x sqrt(pi)) (1 - 1/2x^2 + 3/4x^4) */
	return (1.0 / (x * sqrt(M_PI))) * (1.0 - 0.5 / x2 + 0.75 / (x2 * x2));
}
inline float erfcxf(float x) { return (float)erfcx(x); }

/* ---- vector operators -------------------------------------------------------
 * CUDA itself has none (programs take them from helper_math.h or write
 * them): these are templates, so a program's own operators win. Define
 * CUFLOW_NO_VECTOR_OPS to leave them out. */
namespace cuflow_detail {
template <class V> struct vec { static const int n = 0; typedef void elem; };
#define CUFLOW_VEC(P, E) \
	template <> struct vec<P##1> { static const int n = 1; typedef E elem; }; \
	template <> struct vec<P##2> { static const int n = 2; typedef E elem; }; \
	template <> struct vec<P##3> { static const int n = 3; typedef E elem; }; \
	template <> struct vec<P##4> { static const int n = 4; typedef E elem; };
CUFLOW_VEC(char, signed char)
CUFLOW_VEC(uchar, unsigned char)
CUFLOW_VEC(short, short)
CUFLOW_VEC(ushort, unsigned short)
CUFLOW_VEC(int, int)
CUFLOW_VEC(uint, unsigned int)
CUFLOW_VEC(long, long)
CUFLOW_VEC(ulong, unsigned long)
CUFLOW_VEC(longlong, long long)
CUFLOW_VEC(ulonglong, unsigned long long)
CUFLOW_VEC(float, float)
CUFLOW_VEC(double, double)
#undef CUFLOW_VEC
template <class V, class R = V>
using if_vec = typename std::enable_if<(vec<V>::n > 0), R>::type;
template <class V> using elem = typename vec<V>::elem;

/* r.c = f(a.c, b.c) for each component c of the vector type V. */
template <class V, class F> inline V zip(const V &a, const V &b, F f)
{
	V r = a;
	r.x = f(a.x, b.x);
	if constexpr (vec<V>::n > 1) r.y = f(a.y, b.y);
	if constexpr (vec<V>::n > 2) r.z = f(a.z, b.z);
	if constexpr (vec<V>::n > 3) r.w = f(a.w, b.w);
	return r;
}
template <class V> inline V splat(elem<V> s)
{
	V r;
	r.x = s;
	if constexpr (vec<V>::n > 1) r.y = s;
	if constexpr (vec<V>::n > 2) r.z = s;
	if constexpr (vec<V>::n > 3) r.w = s;
	return r;
}
} /* namespace cuflow_detail */

#ifndef CUFLOW_NO_VECTOR_OPS
#define CUFLOW_VOP(OP) \
	template <class V> inline cuflow_detail::if_vec<V> operator OP(const V &a, const V &b) \
	{ return cuflow_detail::zip(a, b, [](cuflow_detail::elem<V> x, cuflow_detail::elem<V> y) { return (cuflow_detail::elem<V>)(x OP y); }); } \
	template <class V> inline cuflow_detail::if_vec<V> operator OP(const V &a, typename cuflow_detail::nd<cuflow_detail::elem<V>>::type s) \
	{ return a OP cuflow_detail::splat<V>(s); } \
	template <class V> inline cuflow_detail::if_vec<V> operator OP(typename cuflow_detail::nd<cuflow_detail::elem<V>>::type s, const V &a) \
	{ return cuflow_detail::splat<V>(s) OP a; } \
	template <class V> inline cuflow_detail::if_vec<V, V &> operator OP##=(V &a, const V &b) \
	{ return a = a OP b; } \
	template <class V> inline cuflow_detail::if_vec<V, V &> operator OP##=(V &a, typename cuflow_detail::nd<cuflow_detail::elem<V>>::type s) \
	{ return a = a OP cuflow_detail::splat<V>(s); }
CUFLOW_VOP(+)
CUFLOW_VOP(-)
CUFLOW_VOP(*)
CUFLOW_VOP(/)
#undef CUFLOW_VOP
template <class V> inline cuflow_detail::if_vec<V> operator-(const V &a)
{ return cuflow_detail::splat<V>(0) - a; }
#endif

/* ---- warp-level helpers -----------------------------------------------------
 * The lowering keeps a warp's values in arrays of 32 lanes (lane l is thread
 * l of the warp; a partial last warp leaves its missing lanes unused) and
 * calls these once per receiving lane `lane`. They follow PTX shfl.sync:
 *
 *  cuflow_shfl(v, lane, src, width)    __shfl_sync: the value of lane
 *      (lane & ~(width-1)) + (src & (width-1)): src wraps within the
 *      caller's width-segment.
 *  cuflow_shfl_up(v, lane, d, width)   __shfl_up_sync: lane - d if that is
 *      still in the caller's segment, else the caller's own value.
 *  cuflow_shfl_down(v, lane, d, width) __shfl_down_sync: lane + d if that is
 *      still in the caller's segment, else the caller's own value.
 *  cuflow_shfl_xor(v, lane, m, width)  __shfl_xor_sync: lane ^ m unless that
 *      lies beyond the end of the caller's segment (then the own value;
 *      earlier segments can be read, as on the GPU).
 * width is a power of two from 1 to 32 (others are undefined in CUDA too);
 * d and m use their low 5 bits. The mask argument of the *_sync forms does
 * not change the value and is not taken.
 *
 *  cuflow_ballot(pred, mask)  bit l set iff lane l is in mask and pred[l] != 0
 *  cuflow_any(pred, mask)     some lane in mask has pred[l] != 0
 *  cuflow_all(pred, mask)     every lane in mask has pred[l] != 0
 *  cuflow_match_any(v, lane, mask)  lanes of mask whose value equals lane's
 *  cuflow_match_all(v, mask, &pred) mask if all lanes of mask hold one value
 *      (pred = 1), else 0 (pred = 0)
 *  cuflow_reduce_{add,min,max}(v, mask), cuflow_reduce_{and,or,xor}(v, mask)
 *      __reduce_*_sync over the lanes of mask
 *  cuflow_lanemask(n)         lanes 0..n-1 (the active mask of a warp of n)
 * mask must name only lanes that exist: for a partial warp the lowering
 * passes (mask & cuflow_lanemask(n)), as the hardware only counts threads
 * that exist. */
inline unsigned cuflow_lanemask(int n) { return n >= 32 ? 0xffffffffu : (1u << n) - 1u; }

namespace cuflow_detail {
inline int seg_start(int lane, int width) { return lane & ~(width - 1); }
} /* namespace cuflow_detail */

template <class T> inline T cuflow_shfl(const T *v, int lane, int src, int width = 32)
{ return v[cuflow_detail::seg_start(lane, width) + (src & (width - 1))]; }
template <class T> inline T cuflow_shfl_up(const T *v, int lane, unsigned d, int width = 32)
{
	int j = lane - (int)(d & 31);
	return j >= cuflow_detail::seg_start(lane, width) ? v[j] : v[lane];
}
template <class T> inline T cuflow_shfl_down(const T *v, int lane, unsigned d, int width = 32)
{
	int j = lane + (int)(d & 31);
	return j <= cuflow_detail::seg_start(lane, width) + width - 1 ? v[j] : v[lane];
}
template <class T> inline T cuflow_shfl_xor(const T *v, int lane, int m, int width = 32)
{
	int j = lane ^ (m & 31);
	return j <= cuflow_detail::seg_start(lane, width) + width - 1 ? v[j] : v[lane];
}
template <class P> inline unsigned cuflow_ballot(const P *pred, unsigned mask)
{
	unsigned r = 0;
	for (int l = 0; l < 32; l++)
		if (((mask >> l) & 1u) && pred[l])
			r |= 1u << l;
	return r;
}
template <class P> inline int cuflow_any(const P *pred, unsigned mask) { return cuflow_ballot(pred, mask) != 0; }
template <class P> inline int cuflow_all(const P *pred, unsigned mask) { return cuflow_ballot(pred, mask) == mask; }
template <class T> inline unsigned cuflow_match_any(const T *v, int lane, unsigned mask)
{
	unsigned r = 0;
	for (int l = 0; l < 32; l++)
		if (((mask >> l) & 1u) && memcmp(&v[l], &v[lane], sizeof(T)) == 0)
			r |= 1u << l;
	return r;
}
template <class T> inline unsigned cuflow_match_all(const T *v, unsigned mask, int *pred)
{
	int first = mask ? __builtin_ctz(mask) : 0;
	for (int l = 0; l < 32; l++)
		if (((mask >> l) & 1u) && memcmp(&v[l], &v[first], sizeof(T)) != 0) {
			*pred = 0;
			return 0;
		}
	*pred = 1;
	return mask;
}
namespace cuflow_detail {
template <class T, class F> inline T reduce(const T *v, unsigned mask, T init, F f)
{
	for (int l = 0; l < 32; l++)
		if ((mask >> l) & 1u)
			init = f(init, v[l]);
	return init;
}
} /* namespace cuflow_detail */
template <class T> inline T cuflow_reduce_add(const T *v, unsigned mask)
{ return cuflow_detail::reduce(v, mask, (T)0, [](T a, T b) { return (T)(a + b); }); }
template <class T> inline T cuflow_reduce_min(const T *v, unsigned mask)
{ return cuflow_detail::reduce(v, mask, std::numeric_limits<T>::max(), [](T a, T b) { return b < a ? b : a; }); }
template <class T> inline T cuflow_reduce_max(const T *v, unsigned mask)
{ return cuflow_detail::reduce(v, mask, std::numeric_limits<T>::lowest(), [](T a, T b) { return a < b ? b : a; }); }
template <class T> inline T cuflow_reduce_and(const T *v, unsigned mask)
{ return cuflow_detail::reduce(v, mask, (T)~(T)0, [](T a, T b) { return (T)(a & b); }); }
template <class T> inline T cuflow_reduce_or(const T *v, unsigned mask)
{ return cuflow_detail::reduce(v, mask, (T)0, [](T a, T b) { return (T)(a | b); }); }
template <class T> inline T cuflow_reduce_xor(const T *v, unsigned mask)
{ return cuflow_detail::reduce(v, mask, (T)0, [](T a, T b) { return (T)(a ^ b); }); }

/* ---- __half ---------------------------------------------------------------------
 * IEEE binary16 in software: conversions round to nearest even; arithmetic
 * is done in float and rounded back, as the GPU's half units do for one
 * operation. */
namespace cuflow_detail {
inline unsigned short f2h(float f)
{
	uint32_t x = bits<uint32_t>(f), sign = (x >> 16) & 0x8000u, ax = x & 0x7fffffffu;
	if (ax >= 0x7f800000u) /* inf or NaN */
		return (unsigned short)(sign | (ax > 0x7f800000u ? 0x7e00u : 0x7c00u));
	if (ax >= 0x477ff000u) /* rounds to beyond 65504 */
		return (unsigned short)(sign | 0x7c00u);
	if (ax < 0x38800000u) /* below 2^-14: a subnormal half (exact scaling) */
		return (unsigned short)(sign | (uint32_t)nearbyintf(bits<float>(ax) * 16777216.0f));
	uint32_t r = ax - 0x38000000u; /* exponent bias 127 -> 15 */
	r += 0xfffu + ((r >> 13) & 1u);
	return (unsigned short)(sign | (r >> 13));
}
/* double to float rounding to odd: then rounding that float to half is the
 * double's correctly rounded half (24 bits >= 11 + 2), where (float)d
 * first could make a tie of a value just above one */
inline float d2fodd(double d)
{
	float f = (float)d;
	if ((double)f != d && isfinite(f) && !(bits<uint32_t>(f) & 1u))
		f = nextafterf(f, (double)f < d ? INFINITY : -INFINITY);
	return f;
}
inline float h2f(unsigned short h)
{
	uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
	if (e == 0) {
		float f = (float)m * (1.0f / 16777216.0f);
		return sign ? -f : f;
	}
	if (e == 31)
		return bits<float>(sign | 0x7f800000u | (m << 13));
	return bits<float>(sign | ((e + 112u) << 23) | (m << 13));
}
/* x rounded once, in the mode m (FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD,
 * FE_DOWNWARD), to a binary format of p significand bits, smallest normal
 * exponent emin and largest finite value maxf (binary16: 11, -14, 65504;
 * bfloat16: 8, -126, 0x1.fep127): the value, exact in a float. x is any
 * float, double or 64-bit integer, all exact in a long double; q = x / u
 * is exact (u a power of two) and |q| < 2^p, so its rounding is exact. */
inline long double narrow(long double x, int p, int emin, long double maxf, int m)
{
	if (x != x || x == 0 || isinf(x))
		return x;
	int e = ilogbl(x) < emin ? emin : ilogbl(x);
	long double u = scalbnl(1.0L, e - p + 1), q = x / u, r;
	if (m == FE_TOWARDZERO)
		r = truncl(q);
	else if (m == FE_UPWARD)
		r = ceill(q);
	else if (m == FE_DOWNWARD)
		r = floorl(q);
	else { /* to nearest, ties to even, whatever the FPU's mode */
		r = floorl(q);
		if (q - r > 0.5L || (q - r == 0.5L && fmodl(r, 2.0L) != 0))
			r += 1;
	}
	long double y = r * u;
	if (fabsl(y) > maxf) /* beyond the largest finite: infinity, or maxf where the mode rounds inward */
		y = m == FE_TONEAREST || m == (y > 0 ? FE_UPWARD : FE_DOWNWARD) ? HUGE_VALL : maxf;
	return copysignl(y, x);
}
inline unsigned short to_half(long double x, int m) { return f2h((float)narrow(x, 11, -14, 65504.0L, m)); }
/* An integral value in the mode m (the _rn/_rz/_ru/_rd of a conversion). */
inline double rnd(double x, int m)
{ return m == FE_TOWARDZERO ? trunc(x) : m == FE_UPWARD ? ceil(x) : m == FE_DOWNWARD ? floor(x) : nearbyint(x); }
/* a * b + c rounded once to double, rounded to odd when inexact: a * b
 * must be exact in double (binary16's 22 bits, bfloat16's 16); the sum's
 * rounding error (TwoSum) says which way it rounded. Narrowed to 16 bits
 * from there (through d2fodd and a float), the result is rounded once. */
inline double fma_odd(double a, double b, double c)
{
	volatile double p = a * b, q = c, s = p + q;
	double z = s - p, e = (p - (s - z)) + (q - z), r = s;
	if (e != 0 && isfinite(r) && !(bits<uint64_t>(r) & 1u))
		r = nextafter(r, e > 0 ? INFINITY : -INFINITY);
	return r;
}
} /* namespace cuflow_detail */
/* NAME_rn, NAME_rz, NAME_ru, NAME_rd(A x) -> R: EXPR, in which m is the mode. */
#define CUFLOW_RND4(R, NAME, A, EXPR) \
	inline R NAME##_rn(A x) { const int m = FE_TONEAREST; return EXPR; } \
	inline R NAME##_rz(A x) { const int m = FE_TOWARDZERO; return EXPR; } \
	inline R NAME##_ru(A x) { const int m = FE_UPWARD; return EXPR; } \
	inline R NAME##_rd(A x) { const int m = FE_DOWNWARD; return EXPR; }

struct __half {
	unsigned short __x;
	__half() = default;
	__half(float f) : __x(cuflow_detail::f2h(f)) {}
	__half(double d) : __x(cuflow_detail::f2h(cuflow_detail::d2fodd(d))) {}
	__half(int i) : __x(cuflow_detail::f2h((float)i)) {}
	/* CUDA's other integer constructors: (float)i is exact below 2^24, and
	 * beyond 65504 both give infinity */
	__half(unsigned int i) : __x(cuflow_detail::f2h((float)i)) {}
	__half(short i) : __x(cuflow_detail::f2h((float)i)) {}
	__half(unsigned short i) : __x(cuflow_detail::f2h((float)i)) {}
	__half(long long i) : __x(cuflow_detail::f2h((float)i)) {}
	__half(unsigned long long i) : __x(cuflow_detail::f2h((float)i)) {}
	operator float() const { return cuflow_detail::h2f(__x); }
};
struct __half2 {
	__half x, y;
};
#ifndef CUFLOW_NO_HALF_NAMES
typedef __half half;
typedef __half2 half2;
#endif

inline __half __ushort_as_half(unsigned short u) { __half h; h.__x = u; return h; }
inline unsigned short __half_as_ushort(__half h) { return h.__x; }
inline __half __float2half(float f) { return __half(f); }
inline __half __float2half_rn(float f) { return __half(f); }
/* the directed modes (cvt.rz/ru/rd.f16.f32): rounded once */
inline __half __float2half_rz(float f) { return __ushort_as_half(cuflow_detail::to_half(f, FE_TOWARDZERO)); }
inline __half __float2half_ru(float f) { return __ushort_as_half(cuflow_detail::to_half(f, FE_UPWARD)); }
inline __half __float2half_rd(float f) { return __ushort_as_half(cuflow_detail::to_half(f, FE_DOWNWARD)); }
inline __half __double2half(double d) { return __half(d); }
inline float __half2float(__half h) { return (float)h; }
/* Integers to __half in the four modes, rounded once (cvt.*.f16.s32 & co.). */
#define CUFLOW_I2H(NAME, I) CUFLOW_RND4(__half, NAME, I, __ushort_as_half(cuflow_detail::to_half(x, m)))
CUFLOW_I2H(__short2half, short)
CUFLOW_I2H(__ushort2half, unsigned short)
CUFLOW_I2H(__int2half, int)
CUFLOW_I2H(__uint2half, unsigned int)
CUFLOW_I2H(__ll2half, long long)
CUFLOW_I2H(__ull2half, unsigned long long)
#undef CUFLOW_I2H
/* __half to integers in the four modes: saturated to the destination's
 * range (cvt.rzi.s16.f16 of 40000 is 32767), NaN 0 but 1 << 63 for 64-bit
 * destinations (PTX cvt's rule, as for floats). */
#define CUFLOW_H2I(NAME, I) CUFLOW_RND4(I, NAME, __half, cuflow_detail::sat<I>(cuflow_detail::rnd((float)x, m)))
CUFLOW_H2I(__half2short, short)
CUFLOW_H2I(__half2ushort, unsigned short)
CUFLOW_H2I(__half2int, int)
CUFLOW_H2I(__half2uint, unsigned int)
CUFLOW_H2I(__half2ll, long long)
CUFLOW_H2I(__half2ull, unsigned long long)
#undef CUFLOW_H2I
inline signed char __half2char_rz(__half h) { return cuflow_detail::sat<signed char>(trunc((float)h)); }
inline unsigned char __half2uchar_rz(__half h) { return cuflow_detail::sat<unsigned char>(trunc((float)h)); }
inline __half2 __halves2half2(__half a, __half b) { return __half2{a, b}; }
inline __half2 __floats2half2_rn(float a, float b) { return __half2{__half(a), __half(b)}; }
inline __half2 __float2half2_rn(float a) { return __half2{__half(a), __half(a)}; }
inline __half2 __half2half2(__half a) { return __half2{a, a}; }
inline float2 __half22float2(__half2 h) { return make_float2((float)h.x, (float)h.y); }
inline __half2 __float22half2_rn(float2 f) { return __floats2half2_rn(f.x, f.y); }
inline float __low2float(__half2 h) { return (float)h.x; }
inline float __high2float(__half2 h) { return (float)h.y; }
inline __half __low2half(__half2 h) { return h.x; }
inline __half __high2half(__half2 h) { return h.y; }
inline __half2 __lows2half2(__half2 a, __half2 b) { return __half2{a.x, b.x}; }
inline __half2 __highs2half2(__half2 a, __half2 b) { return __half2{a.y, b.y}; }
inline __half __hadd(__half a, __half b) { return __half((float)a + (float)b); }
inline __half __hsub(__half a, __half b) { return __half((float)a - (float)b); }
inline __half __hmul(__half a, __half b) { return __half((float)a * (float)b); }
inline __half __hdiv(__half a, __half b) { return __half((float)a / (float)b); }
/* One rounding, as fma.rn.f16: a*b is exact in double (22 bits), the sum
 * rounded to odd there (fma_odd), so the half is right. */
inline __half __hfma(__half a, __half b, __half c) { return __half(cuflow_detail::fma_odd((float)a, (float)b, (float)c)); }
inline __half __hneg(__half a) { return __ushort_as_half((unsigned short)(a.__x ^ 0x8000u)); }
inline __half __habs(__half a) { return __ushort_as_half((unsigned short)(a.__x & 0x7fffu)); }
namespace cuflow_detail {
/* max.f16 and max.bf16: a NaN operand gives the other one, two NaNs the
 * canonical NaN (the callers), and +0 is above -0 (fmaxf takes either). */
inline float maxz(float x, float y) { return x == 0 && y == 0 ? (std::signbit(x) ? y : x) : fmaxf(x, y); }
inline float minz(float x, float y) { return x == 0 && y == 0 ? (std::signbit(x) ? x : y) : fminf(x, y); }
} /* namespace cuflow_detail */
inline __half __hmax(__half a, __half b)
{
	float x = (float)a, y = (float)b;
	return x != x && y != y ? __ushort_as_half(0x7fff) : __half(cuflow_detail::maxz(x, y));
}
inline __half __hmin(__half a, __half b)
{
	float x = (float)a, y = (float)b;
	return x != x && y != y ? __ushort_as_half(0x7fff) : __half(cuflow_detail::minz(x, y));
}
/* NaN-propagating forms (max.NaN.f16): a NaN operand gives the canonical NaN */
inline __half __hmax_nan(__half a, __half b)
{ return (float)a != (float)a || (float)b != (float)b ? __ushort_as_half(0x7fff) : __hmax(a, b); }
inline __half __hmin_nan(__half a, __half b)
{ return (float)a != (float)a || (float)b != (float)b ? __ushort_as_half(0x7fff) : __hmin(a, b); }
/* _rn: the same single rounding, never contracted into an fma */
inline __half __hadd_rn(__half a, __half b) { return __hadd(a, b); }
inline __half __hsub_rn(__half a, __half b) { return __hsub(a, b); }
inline __half __hmul_rn(__half a, __half b) { return __hmul(a, b); }
/* comparisons: the plain ones are ordered (a NaN gives false, __hne too),
 * the u forms unordered (a NaN gives true) */
inline bool __heq(__half a, __half b) { return (float)a == (float)b; }
inline bool __hne(__half a, __half b) { return (float)a < (float)b || (float)a > (float)b; }
inline bool __hlt(__half a, __half b) { return (float)a < (float)b; }
inline bool __hle(__half a, __half b) { return (float)a <= (float)b; }
inline bool __hgt(__half a, __half b) { return (float)a > (float)b; }
inline bool __hge(__half a, __half b) { return (float)a >= (float)b; }
inline bool __hequ(__half a, __half b) { return !((float)a < (float)b || (float)a > (float)b); }
inline bool __hneu(__half a, __half b) { return !((float)a == (float)b); }
inline bool __hltu(__half a, __half b) { return !((float)a >= (float)b); }
inline bool __hleu(__half a, __half b) { return !((float)a > (float)b); }
inline bool __hgtu(__half a, __half b) { return !((float)a <= (float)b); }
inline bool __hgeu(__half a, __half b) { return !((float)a < (float)b); }
inline bool __hisnan(__half a) { return (a.__x & 0x7fffu) > 0x7c00u; }
inline int __hisinf(__half a) { return (a.__x & 0x7fffu) == 0x7c00u ? (a.__x & 0x8000u ? -1 : 1) : 0; }
inline __half hsqrt(__half a) { return __half(sqrtf((float)a)); }
inline __half hrsqrt(__half a) { return __half(1.0f / sqrtf((float)a)); }
inline __half hexp(__half a) { return __half(expf((float)a)); }
inline __half hlog(__half a) { return __half(logf((float)a)); }
inline __half hsin(__half a) { return __half(sinf((float)a)); }
inline __half hcos(__half a) { return __half(cosf((float)a)); }
inline __half htanh_approx(__half a) { return __half(tanhf((float)a)); }
inline __half hlog2(__half a) { return __half(log2f((float)a)); }
inline __half hexp2(__half a) { return __half(exp2f((float)a)); }
inline __half hfloor(__half a) { return __half(floorf((float)a)); }
inline __half hceil(__half a) { return __half(ceilf((float)a)); }
inline __half htrunc(__half a) { return __half(truncf((float)a)); }
inline __half hrint(__half a) { return __half(rintf((float)a)); }
inline __half hrcp(__half a) { return __half(1.0f / (float)a); }
inline __half hexp10(__half a) { return __half(exp10f((float)a)); }
inline __half hlog10(__half a) { return __half(log10f((float)a)); }
/* the pairs' math functions (h2exp & co.): the scalar one on each half */
#define CUFLOW_H2FN(NAME, F) \
	inline __half2 NAME(__half2 a) { return __half2{F(a.x), F(a.y)}; }
CUFLOW_H2FN(h2sqrt, hsqrt)
CUFLOW_H2FN(h2rsqrt, hrsqrt)
CUFLOW_H2FN(h2rcp, hrcp)
CUFLOW_H2FN(h2exp, hexp)
CUFLOW_H2FN(h2exp2, hexp2)
CUFLOW_H2FN(h2exp10, hexp10)
CUFLOW_H2FN(h2log, hlog)
CUFLOW_H2FN(h2log2, hlog2)
CUFLOW_H2FN(h2log10, hlog10)
CUFLOW_H2FN(h2sin, hsin)
CUFLOW_H2FN(h2cos, hcos)
CUFLOW_H2FN(h2floor, hfloor)
CUFLOW_H2FN(h2ceil, hceil)
CUFLOW_H2FN(h2trunc, htrunc)
CUFLOW_H2FN(h2rint, hrint)
CUFLOW_H2FN(__habs2, __habs)
#undef CUFLOW_H2FN
#define CUFLOW_H2(NAME, F) \
	inline __half2 NAME(__half2 a, __half2 b) { return __half2{F(a.x, b.x), F(a.y, b.y)}; }
CUFLOW_H2(__hadd2, __hadd)
CUFLOW_H2(__hsub2, __hsub)
CUFLOW_H2(__hmul2, __hmul)
CUFLOW_H2(__h2div, __hdiv)
CUFLOW_H2(__hmax2, __hmax)
CUFLOW_H2(__hmin2, __hmin)
CUFLOW_H2(__hmax2_nan, __hmax_nan)
CUFLOW_H2(__hmin2_nan, __hmin_nan)
CUFLOW_H2(__hadd2_rn, __hadd)
CUFLOW_H2(__hsub2_rn, __hsub)
CUFLOW_H2(__hmul2_rn, __hmul)
#undef CUFLOW_H2
#define CUFLOW_H2CMP(NAME, F) \
	inline __half2 NAME(__half2 a, __half2 b) { return __half2{__half(F(a.x, b.x) ? 1.0f : 0.0f), __half(F(a.y, b.y) ? 1.0f : 0.0f)}; }
CUFLOW_H2CMP(__heq2, __heq)
CUFLOW_H2CMP(__hne2, __hne)
CUFLOW_H2CMP(__hlt2, __hlt)
CUFLOW_H2CMP(__hle2, __hle)
CUFLOW_H2CMP(__hgt2, __hgt)
CUFLOW_H2CMP(__hge2, __hge)
CUFLOW_H2CMP(__hequ2, __hequ)
CUFLOW_H2CMP(__hneu2, __hneu)
CUFLOW_H2CMP(__hltu2, __hltu)
CUFLOW_H2CMP(__hleu2, __hleu)
CUFLOW_H2CMP(__hgtu2, __hgtu)
CUFLOW_H2CMP(__hgeu2, __hgeu)
#undef CUFLOW_H2CMP
/* __hbeq2 & co.: true iff the comparison holds for both halves */
#define CUFLOW_H2B(NAME, F) \
	inline bool NAME(__half2 a, __half2 b) { return F(a.x, b.x) && F(a.y, b.y); }
CUFLOW_H2B(__hbeq2, __heq)
CUFLOW_H2B(__hbne2, __hne)
CUFLOW_H2B(__hblt2, __hlt)
CUFLOW_H2B(__hble2, __hle)
CUFLOW_H2B(__hbgt2, __hgt)
CUFLOW_H2B(__hbge2, __hge)
CUFLOW_H2B(__hbequ2, __hequ)
CUFLOW_H2B(__hbneu2, __hneu)
CUFLOW_H2B(__hbltu2, __hltu)
CUFLOW_H2B(__hbleu2, __hleu)
CUFLOW_H2B(__hbgtu2, __hgtu)
CUFLOW_H2B(__hbgeu2, __hgeu)
#undef CUFLOW_H2B
inline __half2 __hfma2(__half2 a, __half2 b, __half2 c) { return __half2{__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)}; }
inline __half2 __hneg2(__half2 a) { return __half2{__hneg(a.x), __hneg(a.y)}; }
/* complex a * b + c, as CUDA's header computes it: four fmas,
 * re = (c.re + a.re b.re) - a.im b.im, im = (c.im + a.re b.im) + a.im b.re */
inline __half2 __hcmadd(__half2 a, __half2 b, __half2 c)
{
	__half re = __hfma(a.x, b.x, c.x), im = __hfma(a.x, b.y, c.y);
	return __half2{__hfma(__hneg(a.y), b.y, re), __hfma(a.y, b.x, im)};
}
/* What __half and __nv_bfloat16 share beyond arithmetic, T the scalar, T2
 * the pair, CANON the canonical NaN: _sat clamps to [+0, 1] with a NaN giving
 * +0 (__saturatef), _relu makes a negative result 0 and a NaN the canonical
 * one, a _mask comparison gives 0xffff per half that holds (x the low one). */
namespace cuflow_detail {
template <typename T, typename T2> inline unsigned mask2(T2 a, T2 b, bool (*f)(T, T))
{ return (f(a.x, b.x) ? 0xffffu : 0u) | (f(a.y, b.y) ? 0xffff0000u : 0u); }
} /* namespace cuflow_detail */
#define CUFLOW_HMORE(T, T2, CANON) \
	inline T __hadd_sat(T a, T b) { return T(__saturatef((float)a + (float)b)); } \
	inline T __hsub_sat(T a, T b) { return T(__saturatef((float)a - (float)b)); } \
	inline T __hmul_sat(T a, T b) { return T(__saturatef((float)a * (float)b)); } \
	inline T __hfma_sat(T a, T b, T c) { return T(__saturatef(cuflow_detail::fma_odd((float)a, (float)b, (float)c))); } \
	inline T __hfma_relu(T a, T b, T c) \
	{ \
		float r = cuflow_detail::fma_odd((float)a, (float)b, (float)c); \
		return r != r ? CANON : T(r < 0.0f ? 0.0f : r); \
	} \
	inline T2 __hadd2_sat(T2 a, T2 b) { return T2{__hadd_sat(a.x, b.x), __hadd_sat(a.y, b.y)}; } \
	inline T2 __hsub2_sat(T2 a, T2 b) { return T2{__hsub_sat(a.x, b.x), __hsub_sat(a.y, b.y)}; } \
	inline T2 __hmul2_sat(T2 a, T2 b) { return T2{__hmul_sat(a.x, b.x), __hmul_sat(a.y, b.y)}; } \
	inline T2 __hfma2_sat(T2 a, T2 b, T2 c) { return T2{__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y)}; } \
	inline T2 __hfma2_relu(T2 a, T2 b, T2 c) { return T2{__hfma_relu(a.x, b.x, c.x), __hfma_relu(a.y, b.y, c.y)}; } \
	inline T2 __hisnan2(T2 a) { return T2{T(__hisnan(a.x) ? 1.0f : 0.0f), T(__hisnan(a.y) ? 1.0f : 0.0f)}; } \
	inline unsigned __heq2_mask(T2 a, T2 b) { return cuflow_detail::mask2<T>(a, b, __heq); } \
	inline unsigned __hne2_mask(T2 a, T2 b) { return cuflow_detail::mask2<T>(a, b, __hne); } \
	inline unsigned __hlt2_mask(T2 a, T2 b) { return cuflow_detail::mask2<T>(a, b, __hlt); } \
	inline unsigned __hle2_mask(T2 a, T2 b) { return cuflow_detail::mask2<T>(a, b, __hle); } \
	inline unsigned __hgt2_mask(T2 a, T2 b) { return cuflow_detail::mask2<T>(a, b, __hgt); } \
	inline unsigned __hge2_mask(T2 a, T2 b) { return cuflow_detail::mask2<T>(a, b, __hge); } \
	inline unsigned __hequ2_mask(T2 a, T2 b) { return cuflow_detail::mask2<T>(a, b, __hequ); } \
	inline unsigned __hneu2_mask(T2 a, T2 b) { return cuflow_detail::mask2<T>(a, b, __hneu); } \
	inline unsigned __hltu2_mask(T2 a, T2 b) { return cuflow_detail::mask2<T>(a, b, __hltu); } \
	inline unsigned __hleu2_mask(T2 a, T2 b) { return cuflow_detail::mask2<T>(a, b, __hleu); } \
	inline unsigned __hgtu2_mask(T2 a, T2 b) { return cuflow_detail::mask2<T>(a, b, __hgtu); } \
	inline unsigned __hgeu2_mask(T2 a, T2 b) { return cuflow_detail::mask2<T>(a, b, __hgeu); }
CUFLOW_HMORE(__half, __half2, __ushort_as_half(0x7fff))
inline __half2 make_half2(__half x, __half y) { return __half2{x, y}; }
inline __half2 __low2half2(__half2 a) { return __half2{a.x, a.x}; }
inline __half2 __high2half2(__half2 a) { return __half2{a.y, a.y}; }
inline __half2 __lowhigh2highlow(__half2 a) { return __half2{a.y, a.x}; }
inline short __half_as_short(__half h) { return (short)h.__x; }
inline __half __short_as_half(short i) { return __ushort_as_half((unsigned short)i); }
#define CUFLOW_HOP(OP) \
	inline __half operator OP(__half a, __half b) { return __half((float)a OP(float) b); } \
	inline __half &operator OP##=(__half &a, __half b) { return a = a OP b; } \
	inline __half2 operator OP(__half2 a, __half2 b) { return __half2{a.x OP b.x, a.y OP b.y}; } \
	inline __half2 &operator OP##=(__half2 &a, __half2 b) { return a = a OP b; }
CUFLOW_HOP(+)
CUFLOW_HOP(-)
CUFLOW_HOP(*)
CUFLOW_HOP(/)
#undef CUFLOW_HOP
inline __half operator-(__half a) { return __hneg(a); }
inline __half operator+(__half a) { return a; }
inline __half2 operator-(__half2 a) { return __hneg2(a); }
inline __half2 operator+(__half2 a) { return a; }
#define CUFLOW_HCMP(OP) \
	inline bool operator OP(__half a, __half b) { return (float)a OP(float) b; }
CUFLOW_HCMP(==)
CUFLOW_HCMP(!=)
CUFLOW_HCMP(<)
CUFLOW_HCMP(<=)
CUFLOW_HCMP(>)
CUFLOW_HCMP(>=)
#undef CUFLOW_HCMP
inline __half atomicAdd(__half *a, __half v)
{
	unsigned short old = __atomic_load_n(&a->__x, CUFLOW_SC), want;
	do {
		want = __half(cuflow_detail::h2f(old) + (float)v).__x;
	} while (!__atomic_compare_exchange_n(&a->__x, &old, want, true, CUFLOW_SC, CUFLOW_SC));
	return __ushort_as_half(old);
}
inline __half2 atomicAdd(__half2 *a, __half2 v)
{ return __half2{atomicAdd(&a->x, v.x), atomicAdd(&a->y, v.y)}; }
/* sm_90's vector atomics: each component is one atomic, as CUDA documents */
inline float2 atomicAdd(float2 *a, float2 v) { return float2{atomicAdd(&a->x, v.x), atomicAdd(&a->y, v.y)}; }
inline float4 atomicAdd(float4 *a, float4 v)
{ return float4{atomicAdd(&a->x, v.x), atomicAdd(&a->y, v.y), atomicAdd(&a->z, v.z), atomicAdd(&a->w, v.w)}; }

/* ---- textures and surfaces ----------------------------------------------------
 * Texture objects (cudaCreateTextureObject) and, for pre-CUDA-12 code,
 * texture references (texture<T, dim, mode> globals bound with
 * cudaBindTexture*). Fetches follow CUDA: tex1Dfetch takes an element
 * index (out of range: zero); tex1D/2D/3D take float coordinates
 * (normalised or not), point or linear filtering (full precision, where the
 * GPU uses 8-bit weights), address modes clamp, border, wrap and mirror;
 * read mode element type, or normalised float for 8- and 16-bit integer
 * channels. Surfaces: surf1D/2D/3Dread and write, x in bytes; accesses out
 * of range are ignored (reads give zero). Layered, cubemap, mipmapped and
 * gather fetches are not provided. */
namespace cuflow_detail {
/* Float view of T: float, float1, float2, float4 with T's component count. */
template <class T, class = void> struct fview { typedef float type; };
template <class T> struct fview<T, typename std::enable_if<(vec<T>::n == 1)>::type> { typedef float1 type; };
template <class T> struct fview<T, typename std::enable_if<(vec<T>::n == 2)>::type> { typedef float2 type; };
template <class T> struct fview<T, typename std::enable_if<(vec<T>::n >= 3)>::type> { typedef float4 type; };

/* The sampling state a fetch needs, from an object's or a reference's fields. */
struct sampler {
	const cuflow_texture *v;
	int normalized, linear, normread;
	int mode[3];
};

inline long address(long i, long n, int mode, bool *out)
{
	switch (mode) {
	case cudaAddressModeWrap:
		i %= n;
		return i < 0 ? i + n : i;
	case cudaAddressModeMirror: {
		long p = 2 * n;
		i %= p;
		if (i < 0)
			i += p;
		return i < n ? i : p - 1 - i;
	}
	case cudaAddressModeBorder:
		if (i < 0 || i >= n)
			*out = true;
		return i;
	default:
		return i < 0 ? 0 : i >= n ? n - 1 : i;
	}
}

/* One channel of nb bits at p as a float (normalised to [0,1] / [-1,1]
 * if asked). */
inline float channel(const unsigned char *p, int nb, enum cudaChannelFormatKind k, int norm)
{
	uint32_t u = 0; /* little-endian, as the GPU and x86/arm64 hosts are */
	memcpy(&u, p, (size_t)(nb / 8 > 4 ? 4 : nb / 8));
	if (k == cudaChannelFormatKindFloat)
		return nb == 16 ? h2f((unsigned short)u) : bits<float>(u);
	if (k == cudaChannelFormatKindSigned) {
		long v = nb == 8 ? (long)(signed char)u : nb == 16 ? (long)(short)u : (long)(int)u;
		if (!norm)
			return (float)v;
		return fmaxf((float)v / (nb == 8 ? 127.0f : 32767.0f), -1.0f);
	}
	return norm ? (float)u / (nb == 8 ? 255.0f : 65535.0f) : (float)u;
}

/* The element at integer coordinates after addressing; NULL: the border. */
inline const unsigned char *texel_ptr(const sampler &s, long x, long y, long z)
{
	const cuflow_texture *t = s.v;
	bool out = false;
	x = address(x, (long)t->width, s.mode[0], &out);
	y = address(y, (long)t->height, s.mode[1], &out);
	z = address(z, (long)t->depth, s.mode[2], &out);
	return out ? NULL : (const unsigned char *)t->data + z * t->slice + y * t->pitch + x * t->elem;
}

/* The element at integer coordinates, as up to four floats. */
inline float4 texel(const sampler &s, long x, long y, long z)
{
	const cuflow_texture *t = s.v;
	const unsigned char *p = texel_ptr(s, x, y, z);
	if (!p)
		return make_float4(t->tex.borderColor[0], t->tex.borderColor[1], t->tex.borderColor[2],
				   t->tex.borderColor[3]);
	const int nbits[4] = {t->desc.x, t->desc.y, t->desc.z, t->desc.w};
	float c[4] = {0, 0, 0, 0};
	for (int i = 0; i < 4 && nbits[i]; p += nbits[i] / 8, i++)
		c[i] = channel(p, nbits[i], t->desc.f, s.normread);
	return make_float4(c[0], c[1], c[2], c[3]);
}

inline float4 lerp4(float4 a, float4 b, float w)
{
	return make_float4(a.x + w * (b.x - a.x), a.y + w * (b.y - a.y), a.z + w * (b.z - a.z),
			   a.w + w * (b.w - a.w));
}

/* Convert four floats to the fetch's result type. */
template <class T> inline T from4(float4 f)
{
	T r;
	if constexpr (std::is_arithmetic<T>::value) {
		r = (T)f.x;
	} else {
		typedef elem<T> E;
		r.x = (E)f.x;
		if constexpr (vec<T>::n > 1) r.y = (E)f.y;
		if constexpr (vec<T>::n > 2) r.z = (E)f.z;
		if constexpr (vec<T>::n > 3) r.w = (E)f.w;
	}
	return r;
}

/* Sample at float coordinates in `dims` dimensions. */
template <class T> inline T sample(const sampler &s, int dims, float fx, float fy, float fz)
{
	const cuflow_texture *t = s.v;
	float u[3] = {fx, fy, fz};
	const size_t n[3] = {t->width, t->height, t->depth};
	for (int d = 0; d < dims; d++)
		if (s.normalized)
			u[d] *= (float)n[d];
	if (!s.linear) {
		long i[3] = {0, 0, 0};
		for (int d = 0; d < dims; d++)
			i[d] = (long)floorf(u[d]);
		if (!s.normread && sizeof(T) == t->elem) { /* the element itself */
			const unsigned char *p = texel_ptr(s, i[0], i[1], i[2]);
			T r;
			if (p)
				memcpy(&r, p, sizeof r);
			else
				r = from4<T>(texel(s, i[0], i[1], i[2]));
			return r;
		}
		return from4<T>(texel(s, i[0], i[1], i[2]));
	}
	long i0[3] = {0, 0, 0};
	float w[3] = {0, 0, 0};
	for (int d = 0; d < dims; d++) {
		float g = u[d] - 0.5f;
		i0[d] = (long)floorf(g);
		w[d] = g - floorf(g);
	}
	float4 acc[2][2];
	for (int dz = 0; dz < (dims > 2 ? 2 : 1); dz++)
		for (int dy = 0; dy < (dims > 1 ? 2 : 1); dy++)
			acc[dz][dy] = lerp4(texel(s, i0[0], i0[1] + dy, i0[2] + dz),
					    texel(s, i0[0] + 1, i0[1] + dy, i0[2] + dz), w[0]);
	float4 r = acc[0][0];
	if (dims > 1)
		r = lerp4(acc[0][0], acc[0][1], w[1]);
	if (dims > 2)
		r = lerp4(r, lerp4(acc[1][0], acc[1][1], w[1]), w[2]);
	return from4<T>(r);
}

/* Integer-index fetch without filtering (tex1Dfetch). */
template <class T> inline T fetch(const sampler &s, long i)
{
	const cuflow_texture *t = s.v;
	if (i < 0 || (size_t)i >= t->width) {
		T zero;
		memset(&zero, 0, sizeof zero);
		return zero;
	}
	if (!s.normread && sizeof(T) == t->elem) {
		T r;
		memcpy(&r, t->data + (size_t)i * t->elem, sizeof r);
		return r;
	}
	sampler c = s;
	c.mode[0] = cudaAddressModeClamp;
	return from4<T>(texel(c, i, 0, 0));
}

inline sampler of_object(unsigned long long h)
{
	const cuflow_texture *t = (const cuflow_texture *)(uintptr_t)h;
	sampler s = {t, t->tex.normalizedCoords, t->tex.filterMode == cudaFilterModeLinear,
		     t->tex.readMode == cudaReadModeNormalizedFloat && t->desc.f != cudaChannelFormatKindFloat,
		     {t->tex.addressMode[0], t->tex.addressMode[1], t->tex.addressMode[2]}};
	return s;
}

/* Surfaces: the element at byte x, row y, slice z (NULL when outside). */
inline unsigned char *surf_at(unsigned long long h, int x, int y, int z, size_t n)
{
	const cuflow_texture *t = (const cuflow_texture *)(uintptr_t)h;
	if (x < 0 || y < 0 || z < 0 || (size_t)x + n > t->width * t->elem || (size_t)y >= t->height ||
	    (size_t)z >= t->depth)
		return NULL;
	return (unsigned char *)t->data + (size_t)z * t->slice + (size_t)y * t->pitch + (size_t)x;
}
} /* namespace cuflow_detail */

template <class T> inline T tex1Dfetch(cudaTextureObject_t o, int x)
{ return cuflow_detail::fetch<T>(cuflow_detail::of_object(o), x); }
template <class T> inline T tex1D(cudaTextureObject_t o, float x)
{ return cuflow_detail::sample<T>(cuflow_detail::of_object(o), 1, x, 0, 0); }
template <class T> inline T tex2D(cudaTextureObject_t o, float x, float y)
{ return cuflow_detail::sample<T>(cuflow_detail::of_object(o), 2, x, y, 0); }
template <class T> inline T tex3D(cudaTextureObject_t o, float x, float y, float z)
{ return cuflow_detail::sample<T>(cuflow_detail::of_object(o), 3, x, y, z); }
template <class T> inline void tex1Dfetch(T *r, cudaTextureObject_t o, int x) { *r = tex1Dfetch<T>(o, x); }
template <class T> inline void tex1D(T *r, cudaTextureObject_t o, float x) { *r = tex1D<T>(o, x); }
template <class T> inline void tex2D(T *r, cudaTextureObject_t o, float x, float y) { *r = tex2D<T>(o, x, y); }
template <class T> inline void tex3D(T *r, cudaTextureObject_t o, float x, float y, float z) { *r = tex3D<T>(o, x, y, z); }

template <class T> inline T surf1Dread(cudaSurfaceObject_t o, int x, int = 0)
{
	T r;
	unsigned char *p = cuflow_detail::surf_at(o, x, 0, 0, sizeof r);
	if (p)
		memcpy(&r, p, sizeof r);
	else
		memset(&r, 0, sizeof r);
	return r;
}
template <class T> inline T surf2Dread(cudaSurfaceObject_t o, int x, int y, int = 0)
{
	T r;
	unsigned char *p = cuflow_detail::surf_at(o, x, y, 0, sizeof r);
	if (p)
		memcpy(&r, p, sizeof r);
	else
		memset(&r, 0, sizeof r);
	return r;
}
template <class T> inline T surf3Dread(cudaSurfaceObject_t o, int x, int y, int z, int = 0)
{
	T r;
	unsigned char *p = cuflow_detail::surf_at(o, x, y, z, sizeof r);
	if (p)
		memcpy(&r, p, sizeof r);
	else
		memset(&r, 0, sizeof r);
	return r;
}
template <class T> inline void surf1Dread(T *r, cudaSurfaceObject_t o, int x, int m = 0) { *r = surf1Dread<T>(o, x, m); }
template <class T> inline void surf2Dread(T *r, cudaSurfaceObject_t o, int x, int y, int m = 0) { *r = surf2Dread<T>(o, x, y, m); }
template <class T> inline void surf3Dread(T *r, cudaSurfaceObject_t o, int x, int y, int z, int m = 0) { *r = surf3Dread<T>(o, x, y, z, m); }
template <class T> inline void surf1Dwrite(T v, cudaSurfaceObject_t o, int x, int = 0)
{
	unsigned char *p = cuflow_detail::surf_at(o, x, 0, 0, sizeof v);
	if (p)
		memcpy(p, &v, sizeof v);
}
template <class T> inline void surf2Dwrite(T v, cudaSurfaceObject_t o, int x, int y, int = 0)
{
	unsigned char *p = cuflow_detail::surf_at(o, x, y, 0, sizeof v);
	if (p)
		memcpy(p, &v, sizeof v);
}
template <class T> inline void surf3Dwrite(T v, cudaSurfaceObject_t o, int x, int y, int z, int = 0)
{
	unsigned char *p = cuflow_detail::surf_at(o, x, y, z, sizeof v);
	if (p)
		memcpy(p, &v, sizeof v);
}

#ifndef CUFLOW_NO_TEXTURE_REFERENCES
/* texture<T, dim, mode>: a texture reference global of pre-CUDA-12 code.
 * The bound resource is kept in the reference itself; binding is queued on
 * the legacy default stream (cudaLaunchHostFunc), so launches issued before
 * a rebind still see the old binding in deferred mode too. */
template <class T, int dim = 1, enum cudaTextureReadMode mode = cudaReadModeElementType>
struct texture : textureReference {
	cuflow_texture cuflow_view;
	texture(int norm = 0, enum cudaTextureFilterMode f = cudaFilterModePoint,
		enum cudaTextureAddressMode am = cudaAddressModeClamp,
		struct cudaChannelFormatDesc desc = cudaCreateChannelDesc<T>())
	{
		memset((textureReference *)this, 0, sizeof(textureReference));
		memset(&cuflow_view, 0, sizeof cuflow_view);
		normalized = norm;
		filterMode = f;
		addressMode[0] = addressMode[1] = addressMode[2] = am;
		channelDesc = desc;
	}
};

namespace cuflow_detail {
template <class T, int dim, enum cudaTextureReadMode mode>
inline sampler of_ref(const texture<T, dim, mode> &r)
{
	sampler s = {&r.cuflow_view, r.normalized, r.filterMode == cudaFilterModeLinear,
		     mode == cudaReadModeNormalizedFloat && r.cuflow_view.desc.f != cudaChannelFormatKindFloat,
		     {r.addressMode[0], r.addressMode[1], r.addressMode[2]}};
	return s;
}
template <class T, enum cudaTextureReadMode mode>
using ref_result = typename std::conditional<mode == cudaReadModeElementType, T, typename fview<T>::type>::type;

struct rebind {
	cuflow_texture *dst;
	cuflow_texture view;
};
inline void CUDART_CB apply_rebind(void *p)
{
	rebind *b = (rebind *)p;
	*b->dst = b->view;
	delete b;
}
inline size_t desc_bytes(const struct cudaChannelFormatDesc &d) { return (size_t)(d.x + d.y + d.z + d.w) / 8; }
template <class Tex> inline cudaError_t bind(const Tex &tex, cuflow_texture view)
{
	rebind *b = new rebind{&const_cast<Tex &>(tex).cuflow_view, view};
	return cudaLaunchHostFunc(0, apply_rebind, b);
}
inline cuflow_texture linear_view(const void *p, const struct cudaChannelFormatDesc &d, size_t w,
				  size_t h, size_t pitch)
{
	cuflow_texture v;
	memset(&v, 0, sizeof v);
	v.desc = d;
	v.data = (char *)p;
	v.elem = desc_bytes(d);
	v.width = w;
	v.height = h;
	v.depth = 1;
	v.pitch = pitch;
	v.slice = pitch * h;
	return v;
}
} /* namespace cuflow_detail */

template <class T, int dim, enum cudaTextureReadMode mode>
inline cudaError_t cudaBindTexture(size_t *offset, const texture<T, dim, mode> &tex, const void *devPtr,
				   const struct cudaChannelFormatDesc &desc, size_t size = UINT_MAX)
{
	size_t e = cuflow_detail::desc_bytes(desc);
	if (!devPtr || !e)
		return cudaErrorInvalidValue;
	if (offset)
		*offset = 0;
	size_t w = size == UINT_MAX ? SIZE_MAX / e : size / e;
	return cuflow_detail::bind(tex, cuflow_detail::linear_view(devPtr, desc, w, 1, w * e));
}
template <class T, int dim, enum cudaTextureReadMode mode>
inline cudaError_t cudaBindTexture(size_t *offset, const texture<T, dim, mode> &tex, const void *devPtr,
				   size_t size = UINT_MAX)
{ return cudaBindTexture(offset, tex, devPtr, tex.channelDesc, size); }
template <class T, int dim, enum cudaTextureReadMode mode>
inline cudaError_t cudaBindTexture2D(size_t *offset, const texture<T, dim, mode> &tex, const void *devPtr,
				     const struct cudaChannelFormatDesc &desc, size_t width, size_t height,
				     size_t pitch)
{
	if (!devPtr || !cuflow_detail::desc_bytes(desc) || pitch < width * cuflow_detail::desc_bytes(desc))
		return cudaErrorInvalidValue;
	if (offset)
		*offset = 0;
	return cuflow_detail::bind(tex, cuflow_detail::linear_view(devPtr, desc, width, height, pitch));
}
template <class T, int dim, enum cudaTextureReadMode mode>
inline cudaError_t cudaBindTexture2D(size_t *offset, const texture<T, dim, mode> &tex, const void *devPtr,
				     size_t width, size_t height, size_t pitch)
{ return cudaBindTexture2D(offset, tex, devPtr, tex.channelDesc, width, height, pitch); }
template <class T, int dim, enum cudaTextureReadMode mode>
inline cudaError_t cudaBindTextureToArray(const texture<T, dim, mode> &tex, cudaArray_const_t array,
					  const struct cudaChannelFormatDesc &desc)
{
	struct cudaResourceDesc rd;
	memset(&rd, 0, sizeof rd);
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = (cudaArray_t)array;
	struct cudaTextureDesc td;
	memset(&td, 0, sizeof td);
	cudaTextureObject_t o; /* resolve the array through a texture object */
	cudaError_t e = cudaCreateTextureObject(&o, &rd, &td, NULL);
	if (e != cudaSuccess)
		return e;
	cuflow_texture v = *(const cuflow_texture *)(uintptr_t)o;
	cudaDestroyTextureObject(o);
	v.desc = desc;
	return cuflow_detail::bind(tex, v);
}
template <class T, int dim, enum cudaTextureReadMode mode>
inline cudaError_t cudaBindTextureToArray(const texture<T, dim, mode> &tex, cudaArray_const_t array)
{
	struct cudaChannelFormatDesc d;
	cudaError_t e = cudaGetChannelDesc(&d, array);
	return e != cudaSuccess ? e : cudaBindTextureToArray(tex, array, d);
}
template <class T, int dim, enum cudaTextureReadMode mode>
inline cudaError_t cudaUnbindTexture(const texture<T, dim, mode> &tex)
{
	cuflow_texture v;
	memset(&v, 0, sizeof v);
	return cuflow_detail::bind(tex, v);
}

template <class T, enum cudaTextureReadMode mode>
inline cuflow_detail::ref_result<T, mode> tex1Dfetch(const texture<T, 1, mode> &t, int x)
{ return cuflow_detail::fetch<cuflow_detail::ref_result<T, mode>>(cuflow_detail::of_ref(t), x); }
template <class T, enum cudaTextureReadMode mode>
inline cuflow_detail::ref_result<T, mode> tex1D(const texture<T, 1, mode> &t, float x)
{ return cuflow_detail::sample<cuflow_detail::ref_result<T, mode>>(cuflow_detail::of_ref(t), 1, x, 0, 0); }
template <class T, enum cudaTextureReadMode mode>
inline cuflow_detail::ref_result<T, mode> tex2D(const texture<T, 2, mode> &t, float x, float y)
{ return cuflow_detail::sample<cuflow_detail::ref_result<T, mode>>(cuflow_detail::of_ref(t), 2, x, y, 0); }
template <class T, enum cudaTextureReadMode mode>
inline cuflow_detail::ref_result<T, mode> tex3D(const texture<T, 3, mode> &t, float x, float y, float z)
{ return cuflow_detail::sample<cuflow_detail::ref_result<T, mode>>(cuflow_detail::of_ref(t), 3, x, y, z); }
#endif /* CUFLOW_NO_TEXTURE_REFERENCES */

#undef CUFLOW_SC
/* ---- the race check's accesses (runtime/racecheck.c) ---------------------- */
/* CUFLOW_RC(kind, line, pos, lvalue): the lvalue, an access to __shared__
 * memory recorded in a block function's instrumented form (cuflow_rc). */
template <bool on, class T>
static inline __attribute__((always_inline)) T *cuflow_rcat(T *p, int kind, int line, int pos, int tid)
{
	if (on)
		cuflowRcAccess((const volatile void *)p, kind, line, pos, tid);
	return p;
}
#define CUFLOW_RC(kind, line, pos, ...) \
	(*cuflow_rcat<cuflow_rc>(__builtin_addressof(__VA_ARGS__), kind, line, pos, cuflow_tid))

#endif /* CUFLOW_DEVICE_H */
