/* cooperative_groups.h for programs lowered by cuflow (written for cuflow,
 * not NVIDIA's header): the thread block and static tiles of it, enough for
 * kernels that use them to name threads and to synchronise. C++ only.
 *
 * The lowering turns g.sync() and cg::sync(g) of a block, or of a tile of
 * at most 32 threads, into the end of a thread loop, as it does
 * __syncthreads() (doc/lowering.md), and refuses other groups' syncs; the
 * sync functions below therefore never run in a lowered kernel, and stop
 * the program if they do. The ranks read the thread-local threadIdx and
 * blockDim that block functions keep current for calls they cannot see
 * into. A static tile's collectives (shfl, shfl_up, shfl_down, shfl_xor,
 * ballot, any, all; cg::reduce in cooperative_groups/reduce.h) are
 * exchanged between the lanes by the lowering, as the warp's intrinsics
 * are: the methods below only stand in code no lowered kernel runs. A
 * coalesced group is the calling thread alone (below). */
#ifndef CUFLOW_COOPERATIVE_GROUPS_H
#define CUFLOW_COOPERATIVE_GROUPS_H

#include "cuflow_lower.h"

namespace cooperative_groups {

[[noreturn]] inline void
cuflow_unlowered_sync(const char *what)
{
	fprintf(stderr, "cuflow: %s ran outside a lowered kernel's barrier\n", what);
	abort();
}

class thread_block {
public:
	void sync() const { cuflow_unlowered_sync("thread_block::sync"); }
	static void barrier_wait() { cuflow_unlowered_sync("thread_block::barrier_wait"); }
	unsigned size() const { return blockDim.x * blockDim.y * blockDim.z; }
	unsigned num_threads() const { return size(); }
	unsigned thread_rank() const { return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); }
	dim3 group_index() const { return blockIdx; }
	dim3 thread_index() const { return threadIdx; }
	dim3 group_dim() const { return blockDim; }
	dim3 dim_threads() const { return blockDim; }
};

inline thread_block
this_thread_block()
{
	return thread_block();
}

/* Consecutive runs of Size threads of the block, by thread_rank. */
template <unsigned Size, class ParentT = void> class thread_block_tile {
public:
	void sync() const { cuflow_unlowered_sync("thread_block_tile::sync"); }
	template <class T> T shfl(T, int) const { cuflow_unlowered_sync("thread_block_tile::shfl"); }
	template <class T> T shfl_up(T, unsigned) const { cuflow_unlowered_sync("thread_block_tile::shfl_up"); }
	template <class T> T shfl_down(T, unsigned) const { cuflow_unlowered_sync("thread_block_tile::shfl_down"); }
	template <class T> T shfl_xor(T, int) const { cuflow_unlowered_sync("thread_block_tile::shfl_xor"); }
	unsigned ballot(int) const { cuflow_unlowered_sync("thread_block_tile::ballot"); }
	int any(int) const { cuflow_unlowered_sync("thread_block_tile::any"); }
	int all(int) const { cuflow_unlowered_sync("thread_block_tile::all"); }
	static constexpr unsigned size() { return Size; }
	static constexpr unsigned num_threads() { return Size; }
	unsigned thread_rank() const { return thread_block().thread_rank() % Size; }
	/* relative to the group partitioned (a tile of a tile: its parent tile), whose
	 * size the object keeps, since thread_block_tile<4> t = ... drops ParentT */
	unsigned meta_group_rank() const { return thread_block().thread_rank() % parent / Size; }
	unsigned meta_group_size() const { return (parent + Size - 1) / Size; }
	template <class P> operator thread_block_tile<Size, P>() const { return thread_block_tile<Size, P>(parent); }
	explicit thread_block_tile(unsigned parentsize = thread_block().size()) : parent(parentsize) {}

private:
	unsigned parent;
};

template <unsigned Size, class ParentT>
thread_block_tile<Size, ParentT>
tiled_partition(const ParentT &p)
{
	return thread_block_tile<Size, ParentT>((unsigned)p.size());
}

/* The grid of an ordinary launch: its ranks and sizes. Its sync needs every
 * block resident at once, which lowered code cannot give: the lowering
 * refuses it, and the one below never runs in a lowered kernel. */
class grid_group {
public:
	void sync() const { cuflow_unlowered_sync("grid_group::sync"); }
	bool is_valid() const { return false; } /* as on the GPU outside a cooperative launch: no sync */
	unsigned long long num_blocks() const { return (unsigned long long)gridDim.x * gridDim.y * gridDim.z; }
	unsigned long long block_rank() const
	{
		return blockIdx.x + (unsigned long long)gridDim.x * (blockIdx.y + (unsigned long long)gridDim.y * blockIdx.z);
	}
	unsigned long long num_threads() const { return num_blocks() * thread_block().size(); }
	unsigned long long size() const { return num_threads(); }
	unsigned long long thread_rank() const { return block_rank() * thread_block().size() + thread_block().thread_rank(); }
	dim3 dim_blocks() const { return gridDim; }
	dim3 group_dim() const { return gridDim; }
	dim3 block_index() const { return blockIdx; }
};

inline grid_group
this_grid()
{
	return grid_group();
}

/* The threads of the caller's warp that run together now
 * (coalesced_threads()). A lowered kernel runs a block's threads one after
 * another, so the one thread running the call is that set: one the GPU may
 * give too, since independent thread scheduling promises no lane that it
 * runs together with another (coalesced_threads() takes the lanes
 * __activemask() reports, at least the caller). So a group of one, whose
 * collectives return the caller's own answer: programs that aggregate
 * through it (HeCBench filter's atomicAggInc) get a correct result for
 * any set. Its sync stays refused by the lowering. */
class coalesced_group {
public:
	static constexpr unsigned size() { return 1; }
	static constexpr unsigned num_threads() { return 1; }
	static constexpr unsigned thread_rank() { return 0; }
	static constexpr unsigned meta_group_rank() { return 0; }
	static constexpr unsigned meta_group_size() { return 1; }
	template <class T> T shfl(T v, int) const { return v; }
	template <class T> T shfl_up(T v, unsigned) const { return v; }
	template <class T> T shfl_down(T v, unsigned) const { return v; }
	unsigned ballot(int p) const { return p != 0; } /* bit 0: rank 0 */
	int any(int p) const { return p != 0; }
	int all(int p) const { return p != 0; }
	template <class T> unsigned match_any(T) const { return 1; }
	template <class T> unsigned match_all(T, int &pred) const { return pred = 1, 1u; }
};

inline coalesced_group
coalesced_threads()
{
	return coalesced_group();
}

/* Any of the groups above, its kind known at run time: the block, a tile
 * of it (consecutive runs of tile threads by the block's rank), or the
 * coalesced group of one. Its sync is refused by the lowering, as a sync
 * of a group of unknown size. */
class thread_group {
public:
	thread_group(const thread_block &) : tile(0) {}
	template <unsigned Size, class P> thread_group(const thread_block_tile<Size, P> &) : tile(Size) {}
	thread_group(const coalesced_group &) : tile(1) {}
	explicit thread_group(unsigned tilesize) : tile(tilesize) {}
	void sync() const { cuflow_unlowered_sync("thread_group::sync"); }
	unsigned long long size() const { return tile ? tile : thread_block().size(); }
	unsigned long long num_threads() const { return size(); }
	unsigned long long thread_rank() const
	{
		return tile ? thread_block().thread_rank() % tile : thread_block().thread_rank();
	}
	bool is_valid() const { return true; }

private:
	unsigned tile; /* 0: the whole block */
};

/* tiled_partition(g, n): runs of n threads of g, n a power of two dividing
 * g's size, as CUDA requires */
inline thread_group
tiled_partition(const thread_group &, unsigned tilesize)
{
	return thread_group(tilesize);
}

template <class Group>
void
sync(const Group &)
{
	cuflow_unlowered_sync("cooperative_groups::sync");
}

template <class Group>
unsigned long long
thread_rank(const Group &g)
{
	return g.thread_rank();
}

template <class Group>
unsigned long long
group_size(const Group &g)
{
	return g.size();
}

} /* namespace cooperative_groups */

#endif /* CUFLOW_COOPERATIVE_GROUPS_H */
