/* cuflow_lower.h: what code lowered by `cuflow --lower=openmp` needs beside
 * the runtime (cuflow_rt.h): the CUDA qualifiers as nothing, the built-in
 * variables for __device__ functions, and the helpers the generated thread
 * loops call for masks, warp operations and votes. Written for cuflow.
 *
 * Kernels read threadIdx, blockIdx, blockDim and gridDim as locals of their
 * block function; __device__ functions read the thread-local copies below,
 * which the block function keeps current when it calls such functions. */
#ifndef CUFLOW_LOWER_H
#define CUFLOW_LOWER_H

#include <alloca.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tuple>
#include <type_traits>

#include "cuflow_rt.h"

/* the qualifiers and warpSize come from cuflow_device.h (via cuflow_rt.h) */

inline thread_local dim3 threadIdx, blockIdx, blockDim, gridDim;

/* --lower=coexec: the CPU side's entries (cuflow_cpu_NAME), the only
 * symbols its shared object exports (cuflow-coexec-cc) */
#define CUFLOW_EXPORT __attribute__((visibility("default")))

/* A kernel called like a function, not launched: CUDA does not allow it. */
static inline void
cuflowDirectCall(const char *kernel)
{
	fprintf(stderr, "cuflow: kernel %s called without a launch configuration\n", kernel);
	abort();
}

/* A launch written in a macro's definition, k<<<g, b, s, st>>>(args), is
 * lowered to cuflowVia(k, cuflowConfig(g, b, s, st))(args): as CUDA's own
 * front end does, the configuration is pushed (per host thread) and the
 * kernel's host function called; the lowering's host function of each
 * kernel pops it and runs the kernel's launcher. */
struct cuflow_config {
	dim3 grid, block;
	size_t shmem;
	cudaStream_t stream;
	bool set;
};

inline thread_local cuflow_config cuflow_pending;

static inline cuflow_config
cuflowConfig(dim3 grid, dim3 block, size_t shmem = 0, cudaStream_t stream = 0)
{
	return cuflow_config{grid, block, shmem, stream, true};
}

template <typename F>
static inline F
cuflowVia(F kernel, cuflow_config c)
{
	cuflow_pending = c;
	return kernel;
}

static inline bool
cuflowPopConfig(cuflow_config *c)
{
	*c = cuflow_pending;
	cuflow_pending.set = false;
	return c->set;
}

/* Block functions: GCC turns a thread loop that only copies or fills (a
 * tile load) into one memcpy or memset call per row of the block, slower
 * than the loop's vector code for a block's 16 to 256 threads (lud on one
 * thread: 0.62 s with the calls, 0.46 s without).
 *
 * CUDA code reads and writes memory through pointers of other types (a
 * __half array stored as float2, float4 loads of floats): nvcc compiles it
 * as written, while GCC's type-based alias analysis may reorder such
 * accesses past each other (HeCBench softmax-fused's copy_vector printed
 * another row's values at -O2). A lowered program that casts so defines
 * CUFLOW_NO_STRICT_ALIASING before this header, and is compiled without
 * it; the others keep it (mdh ran 2.6 times slower without). */
#if defined(__GNUC__) && !defined(__clang__) && defined(CUFLOW_NO_STRICT_ALIASING)
#pragma GCC optimize("no-strict-aliasing")
#define CUFLOW_BLOCKFN __attribute__((optimize("no-tree-loop-distribute-patterns", "no-strict-aliasing")))
#elif defined(__GNUC__) && !defined(__clang__)
#define CUFLOW_BLOCKFN __attribute__((optimize("no-tree-loop-distribute-patterns")))
#else
#define CUFLOW_BLOCKFN
#endif

/* Does x + t stay below 2^32 for every thread index t < n? Then
 * p[x + threadIdx.x] (an unsigned sum) and (p + x)[threadIdx.x] name the
 * same element, and the lowering's x loop may use the second form, which
 * GCC vectorises. */
static inline bool
cuflow_fits(unsigned x, unsigned n)
{
	return x <= 0xffffffffu - (n - 1u);
}

/* The same for int i = x + threadIdx.x: x + t stays below 2^31, so that
 * i = (int)x + t exactly. */
static inline bool
cuflow_fits_int(unsigned x, unsigned n)
{
	return x <= 0x7fffffffu - (n - 1u);
}

/* Is any thread's mask set? */
static inline bool
cuflow_anyset(const unsigned char *m, unsigned n)
{
	for (unsigned i = 0; i < n; ++i)
		if (m[i])
			return true;
	return false;
}

/* In a 1-D block, are the threads whose mask is set one run [*lo, *hi)?
 * Bounds guards (tid < n, tx <= m) make such masks; the thread loop then
 * runs over the run alone, without a test GCC cannot vectorise. */
static inline bool
cuflow_span(const unsigned char *m, dim3 bd, int *lo, int *hi)
{
	if (bd.y != 1 || bd.z != 1)
		return false;
	/* masks hold 0 or 1 */
	const unsigned char *e = m + bd.x, *a = (const unsigned char *)memchr(m, 1, bd.x);
	if (!a) {
		*lo = *hi = 0;
		return true;
	}
	const unsigned char *b = (const unsigned char *)memchr(a, 0, (size_t)(e - a));
	if (!b)
		b = e;
	if (b < e && memchr(b, 1, (size_t)(e - b)))
		return false;
	*lo = (int)(a - m);
	*hi = (int)(b - m);
	return true;
}

/* The lanes of tid's warp that exist and take part (act), as the bit mask
 * the warp helpers of cuflow_device.h take. */
static inline unsigned
cuflow_warpmask(const unsigned char *act, unsigned tid, unsigned nt)
{
	unsigned base = tid & ~31u, bits = 0;
	for (unsigned l = 0; l < 32 && base + l < nt; ++l)
		if (act[base + l])
			bits |= 1u << l;
	return bits;
}

/* __activemask(): the same for every active thread of the block's warp 0
 * cannot be assumed; the lowering stores it per warp. */
static inline void
cuflow_activemask(unsigned *out, const unsigned char *act, unsigned nt)
{
	for (unsigned t = 0; t < nt; ++t) {
		unsigned base = t & ~31u, bits = 0;
		for (unsigned l = 0; l < 32 && base + l < nt; ++l)
			if (act[base + l])
				bits |= 1u << l;
		out[t] = bits;
	}
}

/* cg::reduce(tile, v, op) over a static tile of n threads (a power of two
 * up to 32): op folded over the values of the active threads of tid's
 * tile, in lane order (v holds the block's values, one per thread). */
template <class T, class Op>
static inline T
cuflow_tilereduce(const T *v, unsigned tid, unsigned n, const unsigned char *act, unsigned nt, Op op)
{
	unsigned first = tid & ~(n - 1);
	T r = v[tid];
	bool have = false;
	for (unsigned t = first; t < first + n && t < nt; ++t)
		if (act[t]) {
			r = have ? op(r, v[t]) : v[t];
			have = true;
		}
	return r;
}

/* A static tile's ballot / any / all (kind 0, 1, 2): over the lanes of
 * tid's tile of n threads that mask (the warp's active lanes) holds, with
 * the tile's lane 0 as bit 0. */
template <class P>
static inline unsigned
cuflow_tilevote(const P *pred, unsigned lane, unsigned n, unsigned mask, int kind)
{
	unsigned seg = lane & ~(n - 1), bits = (n >= 32 ? 0xffffffffu : (1u << n) - 1u) << seg;
	unsigned m = mask & bits, r = 0;
	for (unsigned l = seg; l < seg + n && l < 32; ++l)
		if (((m >> l) & 1u) && pred[l])
			r |= 1u << (l - seg);
	m >>= seg;
	return kind == 0 ? r : kind == 1 ? r != 0 : r == m;
}

/* __syncthreads_count / _and / _or over the block's active threads. */
static inline int
cuflow_blockreduce(const int *p, const unsigned char *act, unsigned nt, int op)
{
	int count = 0, all = 1, any = 0;
	for (unsigned t = 0; t < nt; ++t)
		if (act[t]) {
			count += p[t] != 0;
			all &= p[t] != 0;
			any |= p[t] != 0;
		}
	return op == 0 ? count : op == 1 ? all : any;
}

/* cub::BlockReduce: op over the values of the block's first `valid`
 * active threads (all when valid < 0), in thread order. */
template <class T, class Op>
static inline T
cuflow_blockfold(const T *v, const unsigned char *act, unsigned nt, Op op, long valid)
{
	T r = T();
	bool first = true;
	for (unsigned t = 0; t < nt && (valid < 0 || (long)t < valid); ++t)
		if (act[t]) {
			r = first ? v[t] : op(r, v[t]);
			first = false;
		}
	return r;
}

/* The values a cub collective takes per thread: ITEMS_PER_THREAD of them
 * (an array, T[N]) or one; cuflow_copyitems copies either. */
template <class T, size_t N> using cuflow_items = T[N];
template <class T, class U> static inline void cuflow_copyitems(T &d, const U &s) { d = s; }
template <class T, class U, size_t N> static inline void cuflow_copyitems(T (&d)[N], const U (&s)[N])
{
	for (size_t i = 0; i < N; ++i)
		d[i] = s[i];
}

/* The first active thread's entry of a per-thread value (an initial value
 * cub takes from every thread alike), or null. */
template <class T>
static inline const T *
cuflow_firstlive(const T *v, const unsigned char *act, unsigned nt)
{
	for (unsigned t = 0; v && t < nt; ++t)
		if (act[t])
			return &v[t];
	return nullptr;
}

/* A default value to start cub's ExclusiveSum from. */
template <class T>
static inline const T *
cuflow_zero()
{
	static const T z = T();
	return &z;
}

/* cub::BlockScan: out gets the scan by op of the block's items in order,
 * thread by thread (n items each, blocked); an exclusive scan starts from
 * *init (without one, thread 0's first output is T()); returns the block's
 * aggregate. Inactive threads are skipped. */
template <class T, class Op>
static inline T
cuflow_blockscan(const T *in, T *out, const unsigned char *act, unsigned nt, unsigned n, Op op, bool inclusive,
                 const T *init)
{
	T acc = init ? *init : T(), agg = T();
	bool have = init != nullptr, first = true;
	for (unsigned t = 0; t < nt; ++t)
		for (unsigned i = 0; act[t] && i < n; ++i) {
			T v = in[t * n + i];
			agg = first ? v : op(agg, v);
			first = false;
			if (!inclusive)
				out[t * n + i] = acc;
			acc = have ? op(acc, v) : v;
			have = true;
			if (inclusive)
				out[t * n + i] = acc;
		}
	return agg;
}

/* cub::WarpReduce: op over each logical warp of `lanes` threads (its
 * first valid[first lane] lanes when valid is given), in lane order; every
 * lane gets its warp's result (cub promises it to lane 0). */
template <class T, class Op>
static inline void
cuflow_warpfold(const T *v, T *out, const unsigned char *act, unsigned nt, unsigned lanes, Op op, const long *valid)
{
	for (unsigned w = 0; w < nt; w += lanes) {
		unsigned end = w + lanes < nt ? w + lanes : nt;
		if (valid && (unsigned long)valid[w] < end - w)
			end = w + (unsigned)(valid[w] < 0 ? 0 : valid[w]);
		T r = T();
		bool first = true;
		for (unsigned t = w; t < end; ++t)
			if (act[t]) {
				r = first ? v[t] : op(r, v[t]);
				first = false;
			}
		for (unsigned t = w; t < w + lanes && t < nt; ++t)
			out[t] = r;
	}
}

/* cub::BlockAdjacentDifference: out[j] = op(in[j], in[j - 1]) (left) or
 * op(in[j], in[j + 1]) (right) over the block's items in order (n per
 * thread, blocked); the block's first item (left) or last (right) is
 * copied, or taken with the edge value thread 0 (left) or the last thread
 * (right) gives. */
template <class T, class Op>
static inline void
cuflow_blockadjacent(const T *in, T *out, const unsigned char *act, unsigned nt, unsigned n, Op op, bool left,
                     const T *edge)
{
	unsigned total = nt * n;
	for (unsigned j = 0; j < total; ++j) {
		if (!act[j / n])
			continue;
		if (left)
			out[j] = j > 0 ? op(in[j], in[j - 1]) : edge ? op(in[j], edge[0]) : in[j];
		else
			out[j] = j + 1 < total ? op(in[j], in[j + 1]) : edge ? op(in[j], edge[nt - 1]) : in[j];
	}
}

/* Barriers and warp operations the lowering left as written: they stand
 * only in code no lowered kernel runs (a __device__ function that nothing
 * the lowering keeps calls, in a program of several units; a __host__
 * __device__ function's device branch), which must still build. Templates,
 * so that a program's own overload (a float4 __shfl_down) is preferred. */
#define CUFLOW_UNLOWERED(name, params)                                                                             \
	template <class T> static inline T name params { cuflowUnlowered(#name); }
CUFLOW_UNLOWERED(__shfl_sync, (unsigned, T, int, int = 32))
CUFLOW_UNLOWERED(__shfl_up_sync, (unsigned, T, unsigned, int = 32))
CUFLOW_UNLOWERED(__shfl_down_sync, (unsigned, T, unsigned, int = 32))
CUFLOW_UNLOWERED(__shfl_xor_sync, (unsigned, T, int, int = 32))
CUFLOW_UNLOWERED(__shfl, (T, int, int = 32))
CUFLOW_UNLOWERED(__shfl_up, (T, unsigned, int = 32))
CUFLOW_UNLOWERED(__shfl_down, (T, unsigned, int = 32))
CUFLOW_UNLOWERED(__shfl_xor, (T, int, int = 32))
#undef CUFLOW_UNLOWERED
template <class P> static inline unsigned __ballot_sync(unsigned, P) { cuflowUnlowered("__ballot_sync"); }
template <class P> static inline int __any_sync(unsigned, P) { cuflowUnlowered("__any_sync"); }
template <class P> static inline int __all_sync(unsigned, P) { cuflowUnlowered("__all_sync"); }
template <class P> static inline unsigned __match_any_sync(unsigned, P) { cuflowUnlowered("__match_any_sync"); }
template <class P> static inline unsigned __match_all_sync(unsigned, P, int *) { cuflowUnlowered("__match_all_sync"); }
static inline unsigned __activemask(void) { cuflowUnlowered("__activemask"); }
static inline void __syncwarp(unsigned = 0xffffffffu) { cuflowUnlowered("__syncwarp"); }
static inline void __syncthreads(void) { cuflowUnlowered("__syncthreads"); }

#endif /* CUFLOW_LOWER_H */
