/* cuflow_cg.h: a minimal cooperative_groups (cooperative_groups.h and
 * cooperative_groups/reduce.h), written for cuflow (not NVIDIA's header).
 * It has the classes and calls typical kernels use, with declarations only:
 * enough for clang to parse and type-check them, nothing to run.
 */
#ifndef CUFLOW_CG_H
#define CUFLOW_CG_H
#pragma clang system_header /* as the toolkit's: no warnings, not user code */

#include "cuflow_cuda.h"

namespace cooperative_groups {

/* Any set of threads; the specific groups below convert to it. */
class thread_group {
public:
	__device__ void sync() const;
	__device__ unsigned long long size() const;
	__device__ unsigned long long num_threads() const;
	__device__ unsigned long long thread_rank() const;
	__device__ bool is_valid() const;
	__device__ unsigned int get_type() const;
};

class thread_block : public thread_group {
public:
	__device__ void sync() const;
	__device__ unsigned int size() const;
	__device__ unsigned int num_threads() const;
	__device__ unsigned int thread_rank() const;
	__device__ dim3 group_index() const;
	__device__ dim3 thread_index() const;
	__device__ dim3 group_dim() const;
	__device__ dim3 dim_threads() const;
	static __device__ void barrier_wait();
};
__device__ thread_block this_thread_block();

class grid_group {
public:
	__device__ void sync() const;
	__device__ bool is_valid() const;
	__device__ unsigned long long size() const;
	__device__ unsigned long long num_threads() const;
	__device__ unsigned long long thread_rank() const;
	__device__ unsigned long long num_blocks() const;
	__device__ unsigned long long block_rank() const;
	__device__ dim3 group_dim() const;
	__device__ dim3 dim_blocks() const;
	__device__ dim3 block_index() const;
};
__device__ grid_group this_grid();

/* Warp-level collectives shared by coalesced groups and static tiles. */
class __cuflow_warp_group : public thread_group {
public:
	__device__ void sync() const;
	__device__ unsigned int size() const;
	__device__ unsigned int num_threads() const;
	__device__ unsigned int thread_rank() const;
	__device__ unsigned int meta_group_rank() const;
	__device__ unsigned int meta_group_size() const;
	template <class T> __device__ T shfl(T var, int srcRank) const;
	template <class T> __device__ T shfl_up(T var, unsigned int delta) const;
	template <class T> __device__ T shfl_down(T var, unsigned int delta) const;
	template <class T> __device__ T shfl_xor(T var, unsigned int laneMask) const;
	__device__ int any(int predicate) const;
	__device__ int all(int predicate) const;
	__device__ unsigned int ballot(int predicate) const;
	template <class T> __device__ unsigned int match_any(T value) const;
	template <class T> __device__ unsigned int match_all(T value, int &pred) const;
};

class coalesced_group : public __cuflow_warp_group {};
__device__ coalesced_group coalesced_threads();

/* thread_block_tile<N> is the parent-less tile every
 * thread_block_tile<N, Parent> converts to. */
template <unsigned int Size, class ParentT = void>
class thread_block_tile : public thread_block_tile<Size, void> {};
template <unsigned int Size>
class thread_block_tile<Size, void> : public __cuflow_warp_group {
public:
	static constexpr __host__ __device__ unsigned int num_threads() { return Size; }
	static constexpr __host__ __device__ unsigned int size() { return Size; }
};

template <unsigned int Size, class ParentT>
__device__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &parent);
__device__ thread_group tiled_partition(const thread_group &parent, unsigned int tileSize);

template <class Group> __device__ void sync(const Group &g);
template <class Group> __device__ unsigned long long thread_rank(const Group &g);
template <class Group> __device__ unsigned long long group_size(const Group &g);

/* cooperative_groups/reduce.h and scan.h */
template <class T> struct plus { __device__ T operator()(const T &a, const T &b) const; };
template <class T> struct less { __device__ T operator()(const T &a, const T &b) const; };
template <class T> struct greater { __device__ T operator()(const T &a, const T &b) const; };
template <class T> struct bit_and { __device__ T operator()(const T &a, const T &b) const; };
template <class T> struct bit_or { __device__ T operator()(const T &a, const T &b) const; };
template <class T> struct bit_xor { __device__ T operator()(const T &a, const T &b) const; };
/* (bodies, so that an operator of no linkage, a lambda, may be passed) */
template <class Group, class T, class Op>
__device__ T reduce(const Group &g, T val, Op op) { return val; }
template <class Group, class T, class Op>
__device__ T inclusive_scan(const Group &g, T val, Op op) { return val; }
template <class Group, class T>
__device__ T inclusive_scan(const Group &g, T val);
template <class Group, class T, class Op>
__device__ T exclusive_scan(const Group &g, T val, Op op) { return val; }
template <class Group, class T>
__device__ T exclusive_scan(const Group &g, T val);

/* cooperative_groups/memcpy_async.h */
template <class Group>
__device__ void memcpy_async(const Group &g, void *dst, const void *src, size_t bytes);
template <class Group> __device__ void wait(const Group &g);
template <unsigned int N, class Group> __device__ void wait_prior(const Group &g);

} /* namespace cooperative_groups */

#endif /* CUFLOW_CG_H */
