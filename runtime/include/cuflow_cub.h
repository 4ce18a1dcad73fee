/* cuflow_cub.h: cub's device-wide algorithms for programs lowered by cuflow,
 * written for cuflow from cub's documentation (not NVIDIA's code). cuflow's
 * parser reads it for <cub/cub.cuh> too. Each algorithm keeps cub's two-call
 * protocol: with a null d_temp_storage it only sets temp_storage_bytes (one
 * byte: the CPU needs none); otherwise it waits for all device work
 * (deferred launches included) and runs on the host, in order, on memory
 * that is host memory here. Of the block- and warp-level collectives,
 * BlockReduce's Sum and Reduce only (the lowering makes them a block
 * collective); a program using another (BlockScan, WarpReduce, ...) is
 * refused with the name. */
#ifndef CUFLOW_CUB_H
#define CUFLOW_CUB_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <iterator>

namespace cub {

struct Sum {
	template <class T> __host__ __device__ T operator()(const T &a, const T &b) const { return a + b; }
};
struct Max {
	template <class T> __host__ __device__ T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
struct Min {
	template <class T> __host__ __device__ T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};

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

/* op(*it): the values of it, transformed as they are read */
template <class Value, class Op, class It, class Off = ptrdiff_t> class TransformInputIterator {
	It it;
	Op op;

public:
	typedef Value value_type;
	typedef Off difference_type;
	typedef std::random_access_iterator_tag iterator_category;
	__host__ __device__ TransformInputIterator(It i, Op o) : it(i), op(o) {}
	__host__ __device__ Value operator*() const { return op(*it); }
	__host__ __device__ Value operator[](Off i) const { return op(it[i]); }
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
} // namespace cuflow_detail

struct DeviceReduce {
	template <class In, class Out, class Op, class T>
	static cudaError_t Reduce(void *temp, size_t &bytes, In in, Out out, int n, Op op, T init, cudaStream_t = 0,
	                          bool = false)
	{
		if (cuflow_detail::sizing(temp, bytes))
			return cudaSuccess;
		T acc = init;
		for (int i = 0; i < n; i++)
			acc = op(acc, in[i]);
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
		if (cuflow_detail::sizing(temp, bytes) || n <= 0)
			return cudaSuccess;
		return Reduce(temp, bytes, in + 1, out, n - 1, cub::Max(), in[0], s, d);
	}
	template <class In, class Out>
	static cudaError_t Min(void *temp, size_t &bytes, In in, Out out, int n, cudaStream_t s = 0, bool d = false)
	{
		if (cuflow_detail::sizing(temp, bytes) || n <= 0)
			return cudaSuccess;
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
		T acc = init;
		for (int i = 0; i < n; i++) {
			T v = in[i];
			out[i] = acc;
			acc = op(acc, v);
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
			out[i] = acc = op(acc, in[i]);
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
			if (pred(in[i]))
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
