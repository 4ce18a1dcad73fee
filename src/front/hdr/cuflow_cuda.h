/* cuflow_cuda.h: the CUDA language environment for cuflow's parser.
 *
 * Written for cuflow from the documented CUDA API; this is not NVIDIA's
 * header nor clang's CUDA wrapper. When no toolkit is used, cuflow parses
 * with  -x cuda --cuda-host-only -nocudainc -nocudalib -include cuflow_cuda.h
 * and the virtual headers of this directory (cuda_runtime.h, ...) on the
 * include path. This file provides what nvcc makes implicitly visible:
 * the CUDA keywords, the runtime API (cuflow_cuda_api.h), the launch hook
 * behind <<<...>>>, the built-in variables, and declarations of the device
 * functions (intrinsics, atomics, warp functions, math). Device functions
 * are declarations only: a host-only parse never needs their bodies.
 */
#ifndef CUFLOW_CUDA_H
#define CUFLOW_CUDA_H
#pragma clang system_header /* as the toolkit's: no warnings, not user code */

#ifndef __cplusplus
#error "cuflow_cuda.h is for CUDA (C++) parses; C code wants cuflow_cuda_api.h"
#endif

/* nvcc defines __CUDACC__; clang -x cuda only defines __CUDA__. */
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
/* nvcc also defines __NVCC__, and programs key on it alone: HeCBench's
 * `#if defined(__NVCC__) #define ESS __host__ __device__` (gpp), or
 * `#if !defined(__NVCC__) #define __device__` (xsbench), or whole kernels
 * under #ifdef __NVCC__ (ssim). Without it their device functions are
 * host-only or missing. A parse with CCCL (thrust, -DCUFLOW_CCCL) leaves it
 * out: CCCL would take clang for nvcc (its version, its builtins). */
#if !defined(__NVCC__) && !defined(CUFLOW_CCCL)
#define __NVCC__ 1
#endif
/* and its version, that of the runtime API declared here (CUDART_VERSION
 * 12080): code picks branches by it (HeCBench attentionMultiHeadKVCache's
 * bfloat16 helpers for nvcc before 12.2 call internals of NVIDIA's header).
 * CCCL reads these only where it takes the compiler for nvcc. */
#ifndef __CUDACC_VER_MAJOR__
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 8
#define __CUDACC_VER_BUILD__ 0
#endif

/* ---- keywords ------------------------------------------------------------- */

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __grid_constant__ __attribute__((grid_constant))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __device_builtin__
#define __cudart_builtin__
/* __noinline__ needs no macro: clang (15+) takes it as a CUDA keyword, and a
 * macro would break libstdc++'s __attribute__((__noinline__)).
 * __restrict__ is a GNU keyword already. */

/* CCCL (thrust, cub, libcu++) from a toolkit's include/cccl can sit on top
 * of these headers. Our cuda_fp8.h is minimal (no e8m0, fp6, fp4) and our
 * NVTX a set of no-ops, so keep CCCL from building on them. */
#ifndef CCCL_DISABLE_NVFP8_SUPPORT
#define CCCL_DISABLE_NVFP8_SUPPORT
#endif
#ifndef CCCL_DISABLE_NVFP6_SUPPORT
#define CCCL_DISABLE_NVFP6_SUPPORT
#endif
#ifndef CCCL_DISABLE_NVFP4_SUPPORT
#define CCCL_DISABLE_NVFP4_SUPPORT
#endif
#ifndef CCCL_DISABLE_NVTX
#define CCCL_DISABLE_NVTX
#endif

/* ---- the C library in device code ------------------------------------------- */

/* nvcc treats the C math library (and malloc, free, memcpy, memset) as
 * callable from both sides. Here the host keeps the C library's own
 * declarations and device code gets __device__ overloads of the same
 * names, which clang lets live side by side. They are declared before the
 * C++ headers so that <cmath>'s "using ::sqrt;" and friends take them into
 * std:: too. (Marking the C library itself __host__ __device__ would clash
 * with later host-only redeclarations, e.g. <malloc.h> after <stdlib.h>.)
 * The float overloads of <cmath> (std::sqrt(float), isnan, ...) are
 * constexpr, which clang already treats as host+device. */
#include <stddef.h>

#define CUFLOW_M1(n) __device__ float n##f(float x); __device__ double n(double x);
#define CUFLOW_M2(n) \
	__device__ float n##f(float x, float y); __device__ double n(double x, double y);
#define CUFLOW_MR(R, n) __device__ R n##f(float x); __device__ R n(double x);
CUFLOW_M1(acos) CUFLOW_M1(acosh) CUFLOW_M1(asin) CUFLOW_M1(asinh)
CUFLOW_M1(atan) CUFLOW_M1(atanh) CUFLOW_M1(cbrt) CUFLOW_M1(ceil)
CUFLOW_M1(cos) CUFLOW_M1(cosh) CUFLOW_M1(erf) CUFLOW_M1(erfc)
CUFLOW_M1(exp) CUFLOW_M1(exp2) CUFLOW_M1(exp10) CUFLOW_M1(expm1)
CUFLOW_M1(fabs) CUFLOW_M1(floor) CUFLOW_M1(lgamma) CUFLOW_M1(log)
CUFLOW_M1(log10) CUFLOW_M1(log1p) CUFLOW_M1(log2) CUFLOW_M1(logb)
CUFLOW_M1(nearbyint) CUFLOW_M1(rint) CUFLOW_M1(round) CUFLOW_M1(sin)
CUFLOW_M1(sinh) CUFLOW_M1(sqrt) CUFLOW_M1(tan) CUFLOW_M1(tanh)
CUFLOW_M1(tgamma) CUFLOW_M1(trunc) CUFLOW_M1(j0) CUFLOW_M1(j1)
CUFLOW_M1(y0) CUFLOW_M1(y1)
/* C23 names some C libraries (glibc 2.41+) declare too: device overloads
 * only, so that a host declaration never clashes. */
CUFLOW_M1(sinpi) CUFLOW_M1(cospi)
CUFLOW_M2(atan2) CUFLOW_M2(copysign) CUFLOW_M2(fdim) CUFLOW_M2(fmax)
CUFLOW_M2(fmin) CUFLOW_M2(fmod) CUFLOW_M2(hypot) CUFLOW_M2(nextafter)
CUFLOW_M2(pow) CUFLOW_M2(remainder)
CUFLOW_MR(int, ilogb) CUFLOW_MR(long, lrint) CUFLOW_MR(long, lround)
CUFLOW_MR(long long, llrint) CUFLOW_MR(long long, llround)
#undef CUFLOW_M1
#undef CUFLOW_M2
#undef CUFLOW_MR
__device__ float fmaf(float x, float y, float z);
__device__ double fma(double x, double y, double z);
__device__ float frexpf(float x, int *e);
__device__ double frexp(double x, int *e);
__device__ float ldexpf(float x, int e);
__device__ double ldexp(double x, int e);
__device__ float modff(float x, float *ip);
__device__ double modf(double x, double *ip);
__device__ float remquof(float x, float y, int *q);
__device__ double remquo(double x, double y, int *q);
__device__ float scalbnf(float x, int n);
__device__ double scalbn(double x, int n);
__device__ float scalblnf(float x, long n);
__device__ double scalbln(double x, long n);
__device__ float nanf(const char *tag);
__device__ double nan(const char *tag);
__device__ float jnf(int n, float x);
__device__ double jn(int n, double x);
__device__ float ynf(int n, float x);
__device__ double yn(int n, double x);
__device__ void sincosf(float x, float *s, float *c);
__device__ void sincos(double x, double *s, double *c);

__device__ int abs(int x);
__device__ long labs(long x);
__device__ long long llabs(long long x);
/* libstdc++'s std::abs(long) and abs(long long) are not constexpr. */
namespace std {
__device__ long abs(long x);
__device__ long long abs(long long x);
}
__device__ void *malloc(size_t size);
__device__ void free(void *ptr);
__device__ void *memcpy(void *dst, const void *src, size_t n);
__device__ void *memset(void *dst, int c, size_t n);

/* What nvcc makes visible to every file (through cuda_runtime.h). */
#include <cmath>
#include <cstdlib>
#include <climits>
#include <utility>
#include <math.h> /* libstdc++'s: also puts the float overloads in :: */
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>

/* ---- runtime API ---------------------------------------------------------- */

/* Its small inline helpers (make_float4, dim3's constructors) are callable
 * from device code too. */
#define CUFLOW_HD __host__ __device__
#include "cuflow_cuda_api.h"
#include "cuflow_math_constants.h"

/* <<<grid, block, shmem, stream>>>: clang turns the configuration into a
 * call of __cudaPushCallConfiguration (CUDA >= 9.2 layout) or of
 * cudaConfigureCall (when it finds no CUDA installation, or an old one). */
extern "C" {
unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
				     size_t sharedMem = 0, cudaStream_t stream = 0);
cudaError_t __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim,
				       size_t *sharedMem, void *stream);
cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
			      size_t sharedMem = 0, cudaStream_t stream = 0);
}

/* The part of the runtime API that device code may call too (dynamic
 * parallelism, cuda_device_runtime_api.h): device twins of the host
 * functions above. */
extern "C" {
__device__ cudaError_t cudaGetLastError(void);
__device__ cudaError_t cudaPeekAtLastError(void);
__device__ const char *cudaGetErrorString(cudaError_t error);
__device__ const char *cudaGetErrorName(cudaError_t error);
__device__ cudaError_t cudaGetDeviceCount(int *count);
__device__ cudaError_t cudaGetDevice(int *device);
__device__ cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device);
__device__ cudaError_t cudaDeviceGetLimit(size_t *pValue, enum cudaLimit limit);
__device__ cudaError_t cudaDeviceSynchronize(void);
__device__ cudaError_t cudaRuntimeGetVersion(int *runtimeVersion);
__device__ cudaError_t cudaMalloc(void **devPtr, size_t size);
__device__ cudaError_t cudaFree(void *devPtr);
__device__ cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind, cudaStream_t stream = 0);
__device__ cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind, cudaStream_t stream = 0);
__device__ cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream = 0);
__device__ cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height, cudaStream_t stream = 0);
__device__ cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags);
__device__ cudaError_t cudaStreamDestroy(cudaStream_t stream);
__device__ cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags);
__device__ cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
__device__ cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
__device__ cudaError_t cudaEventDestroy(cudaEvent_t event);
__device__ cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
__device__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func, int blockSize, size_t dynamicSmemSize);
}
template <class T> __device__ cudaError_t cudaMalloc(T **devPtr, size_t size);

/* ---- built-in variables ------------------------------------------------------ */

extern __device__ const uint3 threadIdx;
extern __device__ const uint3 blockIdx;
extern __device__ const dim3 blockDim;
extern __device__ const dim3 gridDim;
/* A constant, like clang's: host code may read it too. */
__device__ const int warpSize = 32;

/* ---- device runtime: printf, assert, clock ---------------------------------- */

extern "C" {
__device__ int printf(const char *format, ...);
__device__ int vprintf(const char *format, const char *args);
/* glibc's assert() expands to __assert_fail: give it a device twin. */
__device__ void __assert_fail(const char *expr, const char *file,
			      unsigned int line, const char *func);
__device__ void __assertfail(const char *expr, const char *file,
			     unsigned int line, const char *func, size_t charSize);
__device__ clock_t clock(void);
/* what clang's -fgpu-rdc lowers a launch from device code to */
__device__ void *cudaGetParameterBuffer(size_t alignment, size_t size);
__device__ cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer, dim3 gridDimension,
					dim3 blockDimension, unsigned int sharedMemSize, cudaStream_t stream);
}
__device__ long long clock64(void);
__device__ unsigned long long __globaltimer(void);
__device__ void __nanosleep(unsigned int ns);
__device__ void __trap(void);
__device__ void __brkpt(void);
__device__ void __prof_trigger(int counter);

/* ---- synchronisation and memory fences -------------------------------------- */

__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);

/* ---- warp functions -------------------------------------------------------------- */

__device__ int __all_sync(unsigned int mask, int predicate);
__device__ int __any_sync(unsigned int mask, int predicate);
__device__ int __uni_sync(unsigned int mask, int predicate);
__device__ unsigned int __ballot_sync(unsigned int mask, int predicate);
__device__ unsigned int __activemask(void);
/* Pre-Volta forms without a mask (removed for sm_70+, still in old code). */
__device__ int __all(int predicate);
__device__ int __any(int predicate);
__device__ unsigned int __ballot(int predicate);

__device__ unsigned int __reduce_add_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_add_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_min_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_min_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_max_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_max_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_and_sync(unsigned int mask, unsigned int value);
__device__ unsigned int __reduce_or_sync(unsigned int mask, unsigned int value);
__device__ unsigned int __reduce_xor_sync(unsigned int mask, unsigned int value);

/* Shuffles and matches, one overload a type as in CUDA. */
#define CUFLOW_WARP_T(T) \
	__device__ T __shfl_sync(unsigned int mask, T var, int srcLane, int width = 32); \
	__device__ T __shfl_up_sync(unsigned int mask, T var, unsigned int delta, int width = 32); \
	__device__ T __shfl_down_sync(unsigned int mask, T var, unsigned int delta, int width = 32); \
	__device__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask, int width = 32); \
	__device__ T __shfl(T var, int srcLane, int width = 32); \
	__device__ T __shfl_up(T var, unsigned int delta, int width = 32); \
	__device__ T __shfl_down(T var, unsigned int delta, int width = 32); \
	__device__ T __shfl_xor(T var, int laneMask, int width = 32); \
	__device__ unsigned int __match_any_sync(unsigned int mask, T value); \
	__device__ unsigned int __match_all_sync(unsigned int mask, T value, int *pred);
CUFLOW_WARP_T(int)
CUFLOW_WARP_T(unsigned int)
CUFLOW_WARP_T(long)
CUFLOW_WARP_T(unsigned long)
CUFLOW_WARP_T(long long)
CUFLOW_WARP_T(unsigned long long)
CUFLOW_WARP_T(float)
CUFLOW_WARP_T(double)

/* ---- atomics ----------------------------------------------------------------- */

/* Each operation in three scopes: device (plain), _block and _system. */
#define CUFLOW_ATOMIC(name, T) \
	__device__ T name(T *address, T val); \
	__device__ T name##_block(T *address, T val); \
	__device__ T name##_system(T *address, T val);
#define CUFLOW_ATOMIC_CAS(T) \
	__device__ T atomicCAS(T *address, T compare, T val); \
	__device__ T atomicCAS_block(T *address, T compare, T val); \
	__device__ T atomicCAS_system(T *address, T compare, T val);
CUFLOW_ATOMIC(atomicAdd, int)
CUFLOW_ATOMIC(atomicAdd, unsigned int)
CUFLOW_ATOMIC(atomicAdd, unsigned long long)
CUFLOW_ATOMIC(atomicAdd, float)
CUFLOW_ATOMIC(atomicAdd, double)
CUFLOW_ATOMIC(atomicAdd, float2)
CUFLOW_ATOMIC(atomicAdd, float4)
CUFLOW_ATOMIC(atomicSub, int)
CUFLOW_ATOMIC(atomicSub, unsigned int)
CUFLOW_ATOMIC(atomicExch, int)
CUFLOW_ATOMIC(atomicExch, unsigned int)
CUFLOW_ATOMIC(atomicExch, unsigned long long)
CUFLOW_ATOMIC(atomicExch, float)
CUFLOW_ATOMIC(atomicMin, int)
CUFLOW_ATOMIC(atomicMin, unsigned int)
CUFLOW_ATOMIC(atomicMin, long long)
CUFLOW_ATOMIC(atomicMin, unsigned long long)
CUFLOW_ATOMIC(atomicMax, int)
CUFLOW_ATOMIC(atomicMax, unsigned int)
CUFLOW_ATOMIC(atomicMax, long long)
CUFLOW_ATOMIC(atomicMax, unsigned long long)
CUFLOW_ATOMIC(atomicInc, unsigned int)
CUFLOW_ATOMIC(atomicDec, unsigned int)
CUFLOW_ATOMIC(atomicAnd, int)
CUFLOW_ATOMIC(atomicAnd, unsigned int)
CUFLOW_ATOMIC(atomicAnd, unsigned long long)
CUFLOW_ATOMIC(atomicOr, int)
CUFLOW_ATOMIC(atomicOr, unsigned int)
CUFLOW_ATOMIC(atomicOr, unsigned long long)
CUFLOW_ATOMIC(atomicXor, int)
CUFLOW_ATOMIC(atomicXor, unsigned int)
CUFLOW_ATOMIC(atomicXor, unsigned long long)
CUFLOW_ATOMIC_CAS(int)
CUFLOW_ATOMIC_CAS(unsigned int)
CUFLOW_ATOMIC_CAS(unsigned long long)
CUFLOW_ATOMIC_CAS(unsigned short)

/* nvcc's __nv_atomic_* functions (CUDA 12.8+), their orders and scopes */
#include "cuflow_nvatomic.h"

/* ---- cache-hinted loads and stores -------------------------------------------- */

/* CUDA overloads these for the scalar and vector types; a template accepts
 * the same calls (and a few more, harmless for a parser). __ldca, __ldlu,
 * __stwb, __stcg and __stcs are in cuflow_nvatomic.h: clang lacks them with
 * the toolkit too. */
template <class T> __device__ T __ldg(const T *ptr);
template <class T> __device__ T __ldcg(const T *ptr);
template <class T> __device__ T __ldcs(const T *ptr);
template <class T> __device__ T __ldcv(const T *ptr);
template <class T> __device__ void __stwt(T *ptr, T value);

__device__ size_t __cvta_generic_to_shared(const void *ptr);
__device__ size_t __cvta_generic_to_global(const void *ptr);
__device__ void *__cvta_shared_to_generic(size_t rawbits);
__device__ void *__cvta_global_to_generic(size_t rawbits);
__device__ unsigned int __isShared(const void *ptr);
__device__ unsigned int __isGlobal(const void *ptr);
__device__ unsigned int __isConstant(const void *ptr);
__device__ unsigned int __isLocal(const void *ptr);

/* ---- integer intrinsics ---------------------------------------------------------- */

__device__ int __popc(unsigned int x);
__device__ int __popcll(unsigned long long x);
__device__ int __clz(int x);
__device__ int __clzll(long long x);
__device__ int __ffs(int x);
__device__ int __ffsll(long long x);
__device__ unsigned int __fns(unsigned int mask, unsigned int base, int offset);
__device__ unsigned int __brev(unsigned int x);
__device__ unsigned long long __brevll(unsigned long long x);
__device__ int __mul24(int x, int y);
__device__ unsigned int __umul24(unsigned int x, unsigned int y);
__device__ int __mulhi(int x, int y);
__device__ unsigned int __umulhi(unsigned int x, unsigned int y);
__device__ long long __mul64hi(long long x, long long y);
__device__ unsigned long long __umul64hi(unsigned long long x, unsigned long long y);
__device__ unsigned int __sad(int x, int y, unsigned int z);
__device__ unsigned int __usad(unsigned int x, unsigned int y, unsigned int z);
__device__ int __hadd(int x, int y);
__device__ int __rhadd(int x, int y);
__device__ unsigned int __uhadd(unsigned int x, unsigned int y);
__device__ unsigned int __urhadd(unsigned int x, unsigned int y);
__device__ unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s);
__device__ unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift);
__device__ unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift);
__device__ unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift);
__device__ unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift);
__device__ int __dp4a(int srcA, int srcB, int c);
__device__ unsigned int __dp4a(unsigned int srcA, unsigned int srcB, unsigned int c);
__device__ int __dp4a(char4 srcA, char4 srcB, int c);
__device__ unsigned int __dp4a(uchar4 srcA, uchar4 srcB, unsigned int c);
__device__ int __dp2a_lo(int srcA, int srcB, int c);
__device__ unsigned int __dp2a_lo(unsigned int srcA, unsigned int srcB, unsigned int c);
__device__ int __dp2a_hi(int srcA, int srcB, int c);
__device__ unsigned int __dp2a_hi(unsigned int srcA, unsigned int srcB, unsigned int c);

/* SIMD-in-a-word ("video") intrinsics on 2x16 and 4x8 lanes. */
#define CUFLOW_SIMD1(op) \
	__device__ unsigned int op##2(unsigned int a); \
	__device__ unsigned int op##4(unsigned int a);
#define CUFLOW_SIMD2(op) \
	__device__ unsigned int op##2(unsigned int a, unsigned int b); \
	__device__ unsigned int op##4(unsigned int a, unsigned int b);
CUFLOW_SIMD1(__vabs) CUFLOW_SIMD1(__vabsss) CUFLOW_SIMD1(__vneg) CUFLOW_SIMD1(__vnegss)
CUFLOW_SIMD2(__vabsdiffs) CUFLOW_SIMD2(__vabsdiffu) CUFLOW_SIMD2(__vadd)
CUFLOW_SIMD2(__vaddss) CUFLOW_SIMD2(__vaddus) CUFLOW_SIMD2(__vavgs)
CUFLOW_SIMD2(__vavgu) CUFLOW_SIMD2(__vhaddu) CUFLOW_SIMD2(__vmaxs)
CUFLOW_SIMD2(__vmaxu) CUFLOW_SIMD2(__vmins) CUFLOW_SIMD2(__vminu)
CUFLOW_SIMD2(__vsads) CUFLOW_SIMD2(__vsadu) CUFLOW_SIMD2(__vsub)
CUFLOW_SIMD2(__vsubss) CUFLOW_SIMD2(__vsubus)
CUFLOW_SIMD2(__vcmpeq) CUFLOW_SIMD2(__vcmpne) CUFLOW_SIMD2(__vcmpges)
CUFLOW_SIMD2(__vcmpgeu) CUFLOW_SIMD2(__vcmpgts) CUFLOW_SIMD2(__vcmpgtu)
CUFLOW_SIMD2(__vcmples) CUFLOW_SIMD2(__vcmpleu) CUFLOW_SIMD2(__vcmplts)
CUFLOW_SIMD2(__vcmpltu) CUFLOW_SIMD2(__vseteq) CUFLOW_SIMD2(__vsetne)
CUFLOW_SIMD2(__vsetges) CUFLOW_SIMD2(__vsetgeu) CUFLOW_SIMD2(__vsetgts)
CUFLOW_SIMD2(__vsetgtu) CUFLOW_SIMD2(__vsetles) CUFLOW_SIMD2(__vsetleu)
CUFLOW_SIMD2(__vsetlts) CUFLOW_SIMD2(__vsetltu)

/* DPX (CUDA 12) max/min with add/relu; host and device functions. In the
 * names, s32/u32 take int/unsigned, s16x2/u16x2 two halves of a word. The
 * two-operand __vimax/__vimin exist only as the relu forms below (CUDA 13's
 * device_functions.h has no __vimax_s32). */
#define CUFLOW_DPX3(op) \
	__host__ __device__ int op##_s32(int a, int b, int c); \
	__host__ __device__ int op##_s32_relu(int a, int b, int c); \
	__host__ __device__ unsigned int op##_u32(unsigned int a, unsigned int b, unsigned int c); \
	__host__ __device__ unsigned int op##_s16x2(unsigned int a, unsigned int b, unsigned int c); \
	__host__ __device__ unsigned int op##_s16x2_relu(unsigned int a, unsigned int b, unsigned int c); \
	__host__ __device__ unsigned int op##_u16x2(unsigned int a, unsigned int b, unsigned int c);
CUFLOW_DPX3(__vimax3) CUFLOW_DPX3(__vimin3) CUFLOW_DPX3(__viaddmax) CUFLOW_DPX3(__viaddmin)
__host__ __device__ int __vimax_s32_relu(int a, int b);
__host__ __device__ int __vimin_s32_relu(int a, int b);
__host__ __device__ unsigned int __vimax_s16x2_relu(unsigned int a, unsigned int b);
__host__ __device__ unsigned int __vimin_s16x2_relu(unsigned int a, unsigned int b);
__host__ __device__ int __vibmax_s32(int a, int b, bool *pred);
__host__ __device__ int __vibmin_s32(int a, int b, bool *pred);
__host__ __device__ unsigned int __vibmax_u32(unsigned int a, unsigned int b, bool *pred);
__host__ __device__ unsigned int __vibmin_u32(unsigned int a, unsigned int b, bool *pred);
__host__ __device__ unsigned int __vibmax_s16x2(unsigned int a, unsigned int b, bool *predHi, bool *predLo);
__host__ __device__ unsigned int __vibmin_s16x2(unsigned int a, unsigned int b, bool *predHi, bool *predLo);
__host__ __device__ unsigned int __vibmax_u16x2(unsigned int a, unsigned int b, bool *predHi, bool *predLo);
__host__ __device__ unsigned int __vibmin_u16x2(unsigned int a, unsigned int b, bool *predHi, bool *predLo);

/* ---- float intrinsics -------------------------------------------------------------- */

/* IEEE operations with an explicit rounding mode: _rn nearest, _rz toward
 * zero, _ru up, _rd down. */
#define CUFLOW_ROUNDED(decl) decl(rn) decl(rz) decl(ru) decl(rd)
#define CUFLOW_FARITH(r) \
	__device__ float __fadd_##r(float x, float y); \
	__device__ float __fsub_##r(float x, float y); \
	__device__ float __fmul_##r(float x, float y); \
	__device__ float __fdiv_##r(float x, float y); \
	__device__ float __fmaf_##r(float x, float y, float z); \
	__device__ float __fmaf_ieee_##r(float x, float y, float z); \
	__device__ float __frcp_##r(float x); \
	__device__ float __fsqrt_##r(float x); \
	__device__ double __dadd_##r(double x, double y); \
	__device__ double __dsub_##r(double x, double y); \
	__device__ double __dmul_##r(double x, double y); \
	__device__ double __ddiv_##r(double x, double y); \
	__device__ double __fma_##r(double x, double y, double z); \
	__device__ double __drcp_##r(double x); \
	__device__ double __dsqrt_##r(double x);
CUFLOW_ROUNDED(CUFLOW_FARITH)
__device__ float __frsqrt_rn(float x);

/* Fast, reduced-accuracy versions of the math functions. */
__device__ float __fdividef(float x, float y);
__device__ float __expf(float x);
__device__ float __exp10f(float x);
__device__ float __logf(float x);
__device__ float __log2f(float x);
__device__ float __log10f(float x);
__device__ float __powf(float x, float y);
__device__ float __sinf(float x);
__device__ float __cosf(float x);
__device__ float __tanf(float x);
__device__ void __sincosf(float x, float *sptr, float *cptr);
__device__ float __tanhf(float x);
__device__ float __saturatef(float x);

/* ---- conversions --------------------------------------------------------------- */

#define CUFLOW_CVT(r) \
	__device__ int __float2int_##r(float x); \
	__device__ unsigned int __float2uint_##r(float x); \
	__device__ long long __float2ll_##r(float x); \
	__device__ unsigned long long __float2ull_##r(float x); \
	__device__ float __int2float_##r(int x); \
	__device__ float __uint2float_##r(unsigned int x); \
	__device__ float __ll2float_##r(long long x); \
	__device__ float __ull2float_##r(unsigned long long x); \
	__device__ int __double2int_##r(double x); \
	__device__ unsigned int __double2uint_##r(double x); \
	__device__ long long __double2ll_##r(double x); \
	__device__ unsigned long long __double2ull_##r(double x); \
	__device__ double __ll2double_##r(long long x); \
	__device__ double __ull2double_##r(unsigned long long x); \
	__device__ float __double2float_##r(double x);
CUFLOW_ROUNDED(CUFLOW_CVT)
__device__ double __int2double_rn(int x);
__device__ double __uint2double_rn(unsigned int x);
__device__ int __float_as_int(float x);
__device__ float __int_as_float(int x);
__device__ unsigned int __float_as_uint(float x);
__device__ float __uint_as_float(unsigned int x);
__device__ long long __double_as_longlong(double x);
__device__ double __longlong_as_double(long long x);
__device__ int __double2hiint(double x);
__device__ int __double2loint(double x);
__device__ double __hiloint2double(int hi, int lo);

/* ---- math functions CUDA adds to the C library ---------------------------------- */

/* CUDA's own additions, which no C library has: host and device functions
 * (extern "C" and noexcept like the C library's). */
extern "C" {
__host__ __device__ float rsqrtf(float x) noexcept;
__host__ __device__ double rsqrt(double x) noexcept;
__host__ __device__ float rcbrtf(float x) noexcept;
__host__ __device__ double rcbrt(double x) noexcept;
__host__ __device__ void sincospif(float x, float *s, float *c) noexcept;
__host__ __device__ void sincospi(double x, double *s, double *c) noexcept;
__host__ __device__ float erfinvf(float x) noexcept;
__host__ __device__ double erfinv(double x) noexcept;
__host__ __device__ float erfcinvf(float x) noexcept;
__host__ __device__ double erfcinv(double x) noexcept;
__host__ __device__ float erfcxf(float x) noexcept;
__host__ __device__ double erfcx(double x) noexcept;
__host__ __device__ float normcdff(float x) noexcept;
__host__ __device__ double normcdf(double x) noexcept;
__host__ __device__ float normcdfinvf(float x) noexcept;
__host__ __device__ double normcdfinv(double x) noexcept;
__host__ __device__ float rhypotf(float x, float y) noexcept;
__host__ __device__ double rhypot(double x, double y) noexcept;
__host__ __device__ float norm3df(float a, float b, float c) noexcept;
__host__ __device__ double norm3d(double a, double b, double c) noexcept;
__host__ __device__ float rnorm3df(float a, float b, float c) noexcept;
__host__ __device__ double rnorm3d(double a, double b, double c) noexcept;
__host__ __device__ float norm4df(float a, float b, float c, float d) noexcept;
__host__ __device__ double norm4d(double a, double b, double c, double d) noexcept;
__host__ __device__ float rnorm4df(float a, float b, float c, float d) noexcept;
__host__ __device__ double rnorm4d(double a, double b, double c, double d) noexcept;
__host__ __device__ float normf(int dim, const float *a) noexcept;
__host__ __device__ double norm(int dim, const double *a) noexcept;
__host__ __device__ float rnormf(int dim, const float *a) noexcept;
__host__ __device__ double rnorm(int dim, const double *a) noexcept;
__host__ __device__ float cyl_bessel_i0f(float x) noexcept;
__host__ __device__ double cyl_bessel_i0(double x) noexcept;
__host__ __device__ float cyl_bessel_i1f(float x) noexcept;
__host__ __device__ double cyl_bessel_i1(double x) noexcept;
__host__ __device__ float fdividef(float x, float y) noexcept;
__host__ __device__ double fdivide(double x, double y) noexcept;
}
/* C++ float overloads of the above, as CUDA's math_functions.h has them. */
__host__ __device__ float rsqrt(float x);
__host__ __device__ float rcbrt(float x);
__host__ __device__ void sincospi(float x, float *s, float *c);
__host__ __device__ float erfinv(float x);
__host__ __device__ float erfcinv(float x);
__host__ __device__ float erfcx(float x);
__host__ __device__ float normcdf(float x);
__host__ __device__ float normcdfinv(float x);

/* CUDA's global min/max (nvcc has no std:: in front of them), including
 * its mixed signed/unsigned and float/double forms, for both sides. */
#define CUFLOW_MINMAX_SPACE __host__ __device__
#include "cuflow_minmax.h"

/* ---- textures and surfaces ------------------------------------------------------- */

template <class T> __device__ T tex1Dfetch(cudaTextureObject_t tex, int x);
template <class T> __device__ T tex1D(cudaTextureObject_t tex, float x);
template <class T> __device__ T tex2D(cudaTextureObject_t tex, float x, float y);
template <class T> __device__ T tex3D(cudaTextureObject_t tex, float x, float y, float z);
template <class T> __device__ T tex1DLayered(cudaTextureObject_t tex, float x, int layer);
template <class T> __device__ T tex2DLayered(cudaTextureObject_t tex, float x, float y, int layer);
template <class T> __device__ T tex1DLod(cudaTextureObject_t tex, float x, float level);
template <class T> __device__ T tex2DLod(cudaTextureObject_t tex, float x, float y, float level);
template <class T> __device__ T tex3DLod(cudaTextureObject_t tex, float x, float y, float z, float level);
template <class T> __device__ T tex2DGather(cudaTextureObject_t tex, float x, float y, int comp = 0);
template <class T> __device__ void tex1Dfetch(T *ret, cudaTextureObject_t tex, int x);
template <class T> __device__ void tex1D(T *ret, cudaTextureObject_t tex, float x);
template <class T> __device__ void tex2D(T *ret, cudaTextureObject_t tex, float x, float y);
template <class T> __device__ void tex3D(T *ret, cudaTextureObject_t tex, float x, float y, float z);

enum cudaSurfaceBoundaryMode {
	cudaBoundaryModeZero = 0,
	cudaBoundaryModeClamp = 1,
	cudaBoundaryModeTrap = 2
};
template <class T> __device__ T surf1Dread(cudaSurfaceObject_t surf, int x, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ T surf2Dread(cudaSurfaceObject_t surf, int x, int y, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ T surf3Dread(cudaSurfaceObject_t surf, int x, int y, int z, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf1Dread(T *ret, cudaSurfaceObject_t surf, int x, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf2Dread(T *ret, cudaSurfaceObject_t surf, int x, int y, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf1Dwrite(T data, cudaSurfaceObject_t surf, int x, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf2Dwrite(T data, cudaSurfaceObject_t surf, int x, int y, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T> __device__ void surf3Dwrite(T data, cudaSurfaceObject_t surf, int x, int y, int z, enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);

/* Legacy texture references (removed in CUDA 12): texture<T, dim, mode>
 * objects at file scope, bound from the host, fetched in kernels. */
template <class T, int dim = 1, enum cudaTextureReadMode mode = cudaReadModeElementType>
struct texture : public textureReference {
	texture(int norm = 0, enum cudaTextureFilterMode fMode = cudaFilterModePoint,
		enum cudaTextureAddressMode aMode = cudaAddressModeClamp);
	texture(int norm, enum cudaTextureFilterMode fMode,
		enum cudaTextureAddressMode aMode, struct cudaChannelFormatDesc desc);
};
/* Element type, or float(N) when the mode normalises integer texels. */
template <class T, enum cudaTextureReadMode mode> struct __cuflowTexel { typedef T type; };
template <class T> struct __cuflowTexel<T, cudaReadModeNormalizedFloat> { typedef float type; };
template <class T, enum cudaTextureReadMode M>
__device__ typename __cuflowTexel<T, M>::type tex1Dfetch(texture<T, 1, M> t, int x);
template <class T, enum cudaTextureReadMode M>
__device__ typename __cuflowTexel<T, M>::type tex1D(texture<T, 1, M> t, float x);
template <class T, enum cudaTextureReadMode M>
__device__ typename __cuflowTexel<T, M>::type tex2D(texture<T, 2, M> t, float x, float y);
template <class T, enum cudaTextureReadMode M>
__device__ typename __cuflowTexel<T, M>::type tex3D(texture<T, 3, M> t, float x, float y, float z);
template <class T, int dim, enum cudaTextureReadMode M>
static inline cudaError_t cudaBindTexture(size_t *offset, const texture<T, dim, M> &tex, const void *devPtr, size_t size = 0xffffffffu)
{ return cudaBindTexture(offset, &tex, devPtr, &tex.channelDesc, size); }
template <class T, int dim, enum cudaTextureReadMode M>
static inline cudaError_t cudaBindTexture(size_t *offset, const texture<T, dim, M> &tex, const void *devPtr, const struct cudaChannelFormatDesc &desc, size_t size = 0xffffffffu)
{ return cudaBindTexture(offset, &tex, devPtr, &desc, size); }
template <class T, int dim, enum cudaTextureReadMode M>
static inline cudaError_t cudaBindTexture2D(size_t *offset, const texture<T, dim, M> &tex, const void *devPtr, const struct cudaChannelFormatDesc &desc, size_t width, size_t height, size_t pitch)
{ return cudaBindTexture2D(offset, &tex, devPtr, &desc, width, height, pitch); }
template <class T, int dim, enum cudaTextureReadMode M>
static inline cudaError_t cudaBindTextureToArray(const texture<T, dim, M> &tex, cudaArray_const_t array)
{ return cudaBindTextureToArray(&tex, array, &tex.channelDesc); }
template <class T, int dim, enum cudaTextureReadMode M>
static inline cudaError_t cudaBindTextureToArray(const texture<T, dim, M> &tex, cudaArray_const_t array, const struct cudaChannelFormatDesc &desc)
{ return cudaBindTextureToArray(&tex, array, &desc); }
template <class T, int dim, enum cudaTextureReadMode M>
static inline cudaError_t cudaUnbindTexture(const texture<T, dim, M> &tex)
{ return cudaUnbindTexture(&tex); }

#endif /* CUFLOW_CUDA_H */
