/* cuflow_cub.h: cub for programs lowered by cuflow, written for cuflow from
 * cub's documentation (not NVIDIA's code). cuflow's parser reads it for
 * <cub/cub.cuh> and cub's other headers too. Each device-wide algorithm
 * keeps cub's two-call protocol: with a null d_temp_storage it only sets
 * temp_storage_bytes (one byte: the CPU needs none); otherwise it waits for
 * all device work (deferred launches included) and runs on the host, in
 * order, on memory that is host memory here. The block- and warp-level
 * collectives (BlockReduce, BlockScan, WarpReduce, BlockAdjacentDifference)
 * are declared only: the lowering turns their calls into collectives over
 * the block's threads (src/lower/kernel.c). BlockLoad and BlockStore are
 * each thread's own loads and stores (every algorithm of theirs ends in the
 * same arrangement: blocked, or striped for the STRIPED ones). */
#ifndef CUFLOW_CUB_H
#define CUFLOW_CUB_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "cuflow_cccl_std.h"

namespace cub {

/* the operators take two types, as cub's: a sum of bools into a count */
struct Sum {
	template <class A, class B> __host__ __device__ auto operator()(const A &a, const B &b) const -> decltype(a + b)
	{
		return a + b;
	}
};
struct Max {
	template <class A, class B>
	__host__ __device__ typename std::common_type<A, B>::type operator()(const A &a, const B &b) const
	{
		return a < b ? b : a;
	}
};
struct Min {
	template <class A, class B>
	__host__ __device__ typename std::common_type<A, B>::type operator()(const A &a, const B &b) const
	{
		return b < a ? b : a;
	}
};

namespace cuflow_detail {
/* op(a...) from the host algorithms below. A program's operator may be
 * __device__ only, as cub runs it on the GPU: cuflow's parse (clang in CUDA
 * mode) must not see the host call, so it gets the declaration alone; the
 * lowered program's build (g++, where __device__ means nothing) the body. */
#ifdef __CUDA__
template <class Op, class... A> __host__ __device__ auto apply(Op &op, A &&...a) -> decltype(op(a...));
#else
template <class Op, class... A> __host__ __device__ auto apply(Op &op, A &&...a) -> decltype(op(a...))
{
	return op(a...);
}
#endif
} // namespace cuflow_detail

/* x, x+1, ...: an iterator over values, not memory */
template <class T, class Off = ptrdiff_t> class CountingInputIterator {
	T v;

public:
	typedef T value_type;
	typedef Off difference_type;
	typedef std::random_access_iterator_tag iterator_category;
	__host__ __device__ CountingInputIterator(T start) : v(start) {}
	__host__ __device__ T operator*() const { return v; }
	__host__ __device__ T operator[](Off i) const { return v + (T)i; }
	__host__ __device__ CountingInputIterator operator+(Off i) const { return CountingInputIterator(v + (T)i); }
};

/* v, v, ...: one value everywhere */
template <class T, class Off = ptrdiff_t> class ConstantInputIterator {
	T v;

public:
	typedef T value_type;
	typedef Off difference_type;
	typedef std::random_access_iterator_tag iterator_category;
	__host__ __device__ ConstantInputIterator(T value) : v(value) {}
	__host__ __device__ T operator*() const { return v; }
	__host__ __device__ T operator[](Off) const { return v; }
	__host__ __device__ ConstantInputIterator operator+(Off) const { return *this; }
};

/* op(*it): the values of it, transformed as they are read */
template <class Value, class Op, class It, class Off = ptrdiff_t> class TransformInputIterator {
	It it;
	Op op;

public:
	typedef Value value_type;
	typedef Off difference_type;
	typedef std::random_access_iterator_tag iterator_category;
	__host__ __device__ TransformInputIterator(It i, Op o) : it(i), op(o) {}
	__host__ __device__ Value operator*() const { return cuflow_detail::apply(op, *it); }
	__host__ __device__ Value operator[](Off i) const { return cuflow_detail::apply(op, it[i]); }
	__host__ __device__ TransformInputIterator operator+(Off i) const { return TransformInputIterator(it + i, op); }
};

namespace cuflow_detail {
/* the two-call protocol: true when this call only asks for the size */
inline bool sizing(void *temp, size_t &bytes)
{
	if (temp)
		return cudaDeviceSynchronize(), false;
	bytes = 1;
	return true;
}
template <class It> struct value {
	typedef typename std::iterator_traits<It>::value_type type;
};
/* cub's accumulator: what op gives for the initial value and an input
 * (a float input summed from an int 0 sums in float) */
template <class Op, class T, class In>
using acc_t = typename std::decay<decltype(apply(std::declval<Op &>(), std::declval<T>(),
                                                 std::declval<typename value<In>::type>()))>::type;
} // namespace cuflow_detail

struct DeviceReduce {
	template <class In, class Out, class Op, class T>
	static cudaError_t Reduce(void *temp, size_t &bytes, In in, Out out, int n, Op op, T init, cudaStream_t = 0,
	                          bool = false)
	{
		if (cuflow_detail::sizing(temp, bytes))
			return cudaSuccess;
		cuflow_detail::acc_t<Op, T, In> acc = init;
		for (int i = 0; i < n; i++)
			acc = cuflow_detail::apply(op, acc, in[i]);
		*out = acc;
		return cudaSuccess;
	}
	template <class In, class Out>
	static cudaError_t Sum(void *temp, size_t &bytes, In in, Out out, int n, cudaStream_t s = 0, bool d = false)
	{
		typedef typename std::iterator_traits<Out>::value_type T;
		return Reduce(temp, bytes, in, out, n, cub::Sum(), T(), s, d);
	}
	template <class In, class Out>
	static cudaError_t Max(void *temp, size_t &bytes, In in, Out out, int n, cudaStream_t s = 0, bool d = false)
	{
		typedef typename cuflow_detail::value<In>::type T;
		if (cuflow_detail::sizing(temp, bytes))
			return cudaSuccess;
		if (n <= 0) /* cub's identity for no items */
			return *out = std::numeric_limits<T>::lowest(), cudaSuccess;
		return Reduce(temp, bytes, in + 1, out, n - 1, cub::Max(), in[0], s, d);
	}
	template <class In, class Out>
	static cudaError_t Min(void *temp, size_t &bytes, In in, Out out, int n, cudaStream_t s = 0, bool d = false)
	{
		typedef typename cuflow_detail::value<In>::type T;
		if (cuflow_detail::sizing(temp, bytes))
			return cudaSuccess;
		if (n <= 0)
			return *out = std::numeric_limits<T>::max(), cudaSuccess;
		return Reduce(temp, bytes, in + 1, out, n - 1, cub::Min(), in[0], s, d);
	}
};

struct DeviceScan {
	/* out[i] = init op in[0] op ... op in[i-1]; out may be in */
	template <class In, class Out, class Op, class T>
	static cudaError_t ExclusiveScan(void *temp, size_t &bytes, In in, Out out, Op op, T init, int n,
	                                 cudaStream_t = 0, bool = false)
	{
		if (cuflow_detail::sizing(temp, bytes))
			return cudaSuccess;
		cuflow_detail::acc_t<Op, T, In> acc = init;
		for (int i = 0; i < n; i++) {
			typename cuflow_detail::value<In>::type v = in[i]; /* before out[i], which may be in[i] */
			out[i] = acc;
			acc = cuflow_detail::apply(op, acc, v);
		}
		return cudaSuccess;
	}
	template <class In, class Out, class Op>
	static cudaError_t InclusiveScan(void *temp, size_t &bytes, In in, Out out, Op op, int n, cudaStream_t = 0,
	                                 bool = false)
	{
		if (cuflow_detail::sizing(temp, bytes) || n <= 0)
			return cudaSuccess;
		typename cuflow_detail::value<In>::type acc = in[0];
		out[0] = acc;
		for (int i = 1; i < n; i++)
			out[i] = acc = cuflow_detail::apply(op, acc, in[i]);
		return cudaSuccess;
	}
	template <class In, class Out>
	static cudaError_t ExclusiveSum(void *temp, size_t &bytes, In in, Out out, int n, cudaStream_t s = 0,
	                                bool d = false)
	{
		typedef typename cuflow_detail::value<In>::type T;
		return ExclusiveScan(temp, bytes, in, out, cub::Sum(), T(), n, s, d);
	}
	template <class In, class Out>
	static cudaError_t InclusiveSum(void *temp, size_t &bytes, In in, Out out, int n, cudaStream_t s = 0,
	                                bool d = false)
	{
		return InclusiveScan(temp, bytes, in, out, cub::Sum(), n, s, d);
	}
};

struct DeviceSelect {
	/* the in[i] whose flags[i] holds, in order, and how many */
	template <class In, class Flags, class Out, class Count>
	static cudaError_t Flagged(void *temp, size_t &bytes, In in, Flags flags, Out out, Count count, int n,
	                           cudaStream_t = 0, bool = false)
	{
		if (cuflow_detail::sizing(temp, bytes))
			return cudaSuccess;
		int k = 0;
		for (int i = 0; i < n; i++)
			if (flags[i])
				out[k++] = in[i];
		*count = k;
		return cudaSuccess;
	}
	template <class In, class Out, class Count, class Pred>
	static cudaError_t If(void *temp, size_t &bytes, In in, Out out, Count count, int n, Pred pred,
	                      cudaStream_t = 0, bool = false)
	{
		if (cuflow_detail::sizing(temp, bytes))
			return cudaSuccess;
		int k = 0;
		for (int i = 0; i < n; i++)
			if (cuflow_detail::apply(pred, in[i]))
				out[k++] = in[i];
		*count = k;
		return cudaSuccess;
	}
};

struct DeviceRunLengthEncode {
	/* each run of equal values: its value, its length, and how many runs */
	template <class In, class Unique, class Lengths, class Runs>
	static cudaError_t Encode(void *temp, size_t &bytes, In in, Unique unique, Lengths lengths, Runs runs, int n,
	                          cudaStream_t = 0, bool = false)
	{
		if (cuflow_detail::sizing(temp, bytes))
			return cudaSuccess;
		int r = 0;
		for (int i = 0; i < n;) {
			int j = i + 1;
			while (j < n && in[j] == in[i])
				j++;
			unique[r] = in[i];
			lengths[r] = j - i;
			r++;
			i = j;
		}
		*runs = r;
		return cudaSuccess;
	}
};

/* a key and its value (DeviceReduce::ArgMax's pair); ArgMax and ArgMin keep
 * the first key among equal values */
template <class K, class V> struct KeyValuePair {
	typedef K Key;
	typedef V Value;
	K key;
	V value;
	__host__ __device__ KeyValuePair() : key(), value() {}
	__host__ __device__ KeyValuePair(const K &k, const V &v) : key(k), value(v) {}
	__host__ __device__ bool operator==(const KeyValuePair &b) const { return key == b.key && value == b.value; }
	__host__ __device__ bool operator!=(const KeyValuePair &b) const { return !(*this == b); }
};
struct ArgMax {
	template <class K, class V>
	__host__ __device__ KeyValuePair<K, V> operator()(const KeyValuePair<K, V> &a, const KeyValuePair<K, V> &b) const
	{
		return (b.value > a.value || (b.value == a.value && b.key < a.key)) ? b : a;
	}
};
struct ArgMin {
	template <class K, class V>
	__host__ __device__ KeyValuePair<K, V> operator()(const KeyValuePair<K, V> &a, const KeyValuePair<K, V> &b) const
	{
		return (b.value < a.value || (b.value == a.value && b.key < a.key)) ? b : a;
	}
};

/* Traits<T>: the unsigned integer of T's size, and the radix sorts' key
 * twiddle that makes unsigned order the order of T (floats: flip all bits of
 * negatives, the sign bit of the rest; signed integers: the sign bit) */
namespace cuflow_detail {
template <int Bytes> struct ubits;
template <> struct ubits<1> { typedef unsigned char type; };
template <> struct ubits<2> { typedef unsigned short type; };
template <> struct ubits<4> { typedef unsigned int type; };
template <> struct ubits<8> { typedef unsigned long long type; };
} // namespace cuflow_detail
template <class T> struct Traits {
	typedef typename cuflow_detail::ubits<sizeof(T)>::type UnsignedBits;
	static constexpr UnsignedBits HIGH_BIT = (UnsignedBits)((UnsignedBits)1 << (sizeof(T) * 8 - 1));
	static constexpr bool FLOAT = std::is_floating_point<T>::value || sizeof(T) == 2 && !std::is_integral<T>::value;
	static constexpr bool SIGNED = std::is_signed<T>::value;
	static __host__ __device__ UnsignedBits TwiddleIn(UnsignedBits k)
	{
		if (FLOAT)
			return k ^ ((k & HIGH_BIT) ? (UnsignedBits)~(UnsignedBits)0 : HIGH_BIT);
		return SIGNED ? (UnsignedBits)(k ^ HIGH_BIT) : k;
	}
	static __host__ __device__ UnsignedBits TwiddleOut(UnsignedBits k)
	{
		if (FLOAT)
			return k ^ ((k & HIGH_BIT) ? HIGH_BIT : (UnsignedBits)~(UnsignedBits)0);
		return SIGNED ? (UnsignedBits)(k ^ HIGH_BIT) : k;
	}
};

/* BlockReduce: the lowering turns a call of Sum or Reduce into a block
 * collective (cuflow_blockfold), so the methods are declared only. */
enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING, BLOCK_REDUCE_WARP_REDUCTIONS };
template <class T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockReduce {
public:
	struct TempStorage {
		unsigned char unused;
	};
	__device__ BlockReduce() {}
	__device__ BlockReduce(TempStorage &) {}
	__device__ T Sum(T v);
	__device__ T Sum(T v, int valid);
	template <class Op> __device__ T Reduce(T v, Op op);
	template <class Op> __device__ T Reduce(T v, Op op, int valid);
};

enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };
/* BlockScan: Exclusive/InclusiveSum(in, out[, aggregate]), ExclusiveScan(in,
 * out[, init], op[, aggregate]), InclusiveScan(in, out, op[, aggregate]),
 * in and out one value or ITEMS_PER_THREAD of them; the lowering makes each
 * call a block collective (cuflow_blockscan) */
template <class T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockScan {
public:
	struct TempStorage {
		unsigned char unused;
	};
	__device__ BlockScan() {}
	__device__ BlockScan(TempStorage &) {}
	template <class... A> __device__ void ExclusiveSum(A &&...);
	template <class... A> __device__ void InclusiveSum(A &&...);
	template <class... A> __device__ void ExclusiveScan(A &&...);
	template <class... A> __device__ void InclusiveScan(A &&...);
};

/* WarpReduce: Sum(v[, valid]), Reduce(v, op[, valid]) over each logical warp
 * of LOGICAL_WARP_THREADS lanes (cuflow_warpfold); every lane gets the
 * result (cub promises it to lane 0 only) */
template <class T, int LOGICAL_WARP_THREADS = 32, int ARCH = 0> class WarpReduce {
public:
	struct TempStorage {
		unsigned char unused;
	};
	__device__ WarpReduce(TempStorage &) {}
	__device__ T Sum(T v);
	__device__ T Sum(T v, int valid);
	template <class Op> __device__ T Reduce(T v, Op op);
	template <class Op> __device__ T Reduce(T v, Op op, int valid);
};

/* BlockAdjacentDifference: SubtractLeft(in, out, op[, predecessor]) and
 * SubtractRight(in, out, op[, successor]) over the block's items in order
 * (cuflow_blockadjacent) */
template <class T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockAdjacentDifference {
public:
	struct TempStorage {
		unsigned char unused;
	};
	__device__ BlockAdjacentDifference() {}
	__device__ BlockAdjacentDifference(TempStorage &) {}
	template <class... A> __device__ void SubtractLeft(A &&...);
	template <class... A> __device__ void SubtractRight(A &&...);
};

enum BlockLoadAlgorithm {
	BLOCK_LOAD_DIRECT,
	BLOCK_LOAD_STRIPED,
	BLOCK_LOAD_VECTORIZE,
	BLOCK_LOAD_TRANSPOSE,
	BLOCK_LOAD_WARP_TRANSPOSE,
	BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED
};
enum BlockStoreAlgorithm {
	BLOCK_STORE_DIRECT,
	BLOCK_STORE_STRIPED,
	BLOCK_STORE_VECTORIZE,
	BLOCK_STORE_TRANSPOSE,
	BLOCK_STORE_WARP_TRANSPOSE,
	BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
};
namespace cuflow_detail {
/* item i of thread t: blocked (t's items side by side) or striped */
template <int THREADS, int ITEMS, bool STRIPED> __device__ inline int itemat(int t, int i)
{
	return STRIPED ? i * THREADS + t : t * ITEMS + i;
}
template <int X, int Y> __device__ inline int linearthread()
{
	return (int)(threadIdx.x + threadIdx.y * X + threadIdx.z * X * Y);
}
} // namespace cuflow_detail
template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockLoad {
	enum { THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
	static const bool STRIPED = ALGORITHM == BLOCK_LOAD_STRIPED;

public:
	struct TempStorage {
		unsigned char unused;
	};
	__device__ BlockLoad() {}
	__device__ BlockLoad(TempStorage &) {}
	template <class It> __device__ void Load(It in, T (&items)[ITEMS_PER_THREAD])
	{
		int t = cuflow_detail::linearthread<BLOCK_DIM_X, BLOCK_DIM_Y>();
		for (int i = 0; i < ITEMS_PER_THREAD; i++)
			items[i] = in[cuflow_detail::itemat<THREADS, ITEMS_PER_THREAD, STRIPED>(t, i)];
	}
	template <class It> __device__ void Load(It in, T (&items)[ITEMS_PER_THREAD], int valid)
	{
		int t = cuflow_detail::linearthread<BLOCK_DIM_X, BLOCK_DIM_Y>();
		for (int i = 0; i < ITEMS_PER_THREAD; i++) {
			int j = cuflow_detail::itemat<THREADS, ITEMS_PER_THREAD, STRIPED>(t, i);
			if (j < valid)
				items[i] = in[j];
		}
	}
	template <class It, class D> __device__ void Load(It in, T (&items)[ITEMS_PER_THREAD], int valid, D oob)
	{
		for (int i = 0; i < ITEMS_PER_THREAD; i++)
			items[i] = (T)oob;
		Load(in, items, valid);
	}
};
template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockStore {
	enum { THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
	static const bool STRIPED = ALGORITHM == BLOCK_STORE_STRIPED;

public:
	struct TempStorage {
		unsigned char unused;
	};
	__device__ BlockStore() {}
	__device__ BlockStore(TempStorage &) {}
	template <class It> __device__ void Store(It out, T (&items)[ITEMS_PER_THREAD])
	{
		int t = cuflow_detail::linearthread<BLOCK_DIM_X, BLOCK_DIM_Y>();
		for (int i = 0; i < ITEMS_PER_THREAD; i++)
			out[cuflow_detail::itemat<THREADS, ITEMS_PER_THREAD, STRIPED>(t, i)] = items[i];
	}
	template <class It> __device__ void Store(It out, T (&items)[ITEMS_PER_THREAD], int valid)
	{
		int t = cuflow_detail::linearthread<BLOCK_DIM_X, BLOCK_DIM_Y>();
		for (int i = 0; i < ITEMS_PER_THREAD; i++) {
			int j = cuflow_detail::itemat<THREADS, ITEMS_PER_THREAD, STRIPED>(t, i);
			if (j < valid)
				out[j] = items[i];
		}
	}
};

/* cub's caching allocator: here cudaMalloc and cudaFree themselves */
struct CachingDeviceAllocator {
	explicit CachingDeviceAllocator(bool = false) {}
	cudaError_t DeviceAllocate(void **p, size_t bytes, cudaStream_t = 0) { return cudaMalloc(p, bytes); }
	cudaError_t DeviceFree(void *p) { return cudaFree(p); }
};

inline cudaError_t Debug(cudaError_t e, const char *file, int line)
{
	if (e != cudaSuccess)
		fprintf(stderr, "%s(%d): CUDA error %d: %s\n", file, line, (int)e, cudaGetErrorString(e));
	return e;
}

} // namespace cub

#ifndef CubDebug
#define CubDebug(e) cub::Debug((cudaError_t)(e), __FILE__, __LINE__)
#endif
#ifndef CubDebugExit
#define CubDebugExit(e) \
	do { \
		if (cub::Debug((cudaError_t)(e), __FILE__, __LINE__)) \
			exit(1); \
	} while (0)
#endif

#endif
