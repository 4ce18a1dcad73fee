/* freed.c: allocations freed lately, kept so that a copy or memset through
 * a dangling pointer fails with cudaErrorInvalidValue, as CUDA's does,
 * instead of reading or writing freed memory.
 *
 * A record of freed addresses alone would be wrong: the C library or the
 * kernel may hand the same addresses out again (to the program's own
 * malloc, whose buffers are legitimately pageable copy sources), and the
 * record would then refuse good copies. So a freed block is held, not
 * given back: a heap block stays allocated, a mapped one keeps its
 * addresses as an inaccessible PROT_NONE mapping without pages. While
 * held, nothing else can live there, and any copy touching it is a use
 * after free. The oldest blocks are given back, and forgotten, once more
 * than RT_FREED_MAX are held or the heap blocks held exceed
 * FREED_HEAP_MAX bytes: the check is a best effort over the latest frees,
 * bounded in memory and in the address space it keeps.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "rt_internal.h"

/* Heap blocks are under 1 MiB each; 16 MiB held catches the dangling
 * pointers of a loop's latest iterations without growing a program much. */
#define FREED_HEAP_MAX ((size_t)16 << 20)

static size_t heap_bytes(const struct alloc *a)
{
	return a->how == HOW_HEAP ? a->size : 0;
}

/* Index of the first held block whose base is at or above p. */
static size_t lower(const struct cuflow_rt *r, uintptr_t p)
{
	size_t lo = 0, hi = r->nfreed;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (r->freed[mid].a.base < p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void drop(struct cuflow_rt *r, size_t i)
{
	r->freed_heap -= heap_bytes(&r->freed[i].a);
	rt_release(&r->freed[i].a);
	memmove(&r->freed[i], &r->freed[i + 1], (r->nfreed - i - 1) * sizeof r->freed[0]);
	r->nfreed--;
}

static void drop_oldest(struct cuflow_rt *r)
{
	size_t old = 0;
	for (size_t i = 1; i < r->nfreed; i++)
		if (r->freed[i].seq < r->freed[old].seq)
			old = i;
	drop(r, old);
}

/* Take the pages of a mapped block back, keeping its addresses. */
static int unmap_pages(const struct alloc *a)
{
	void *p = mmap((void *)a->base, a->mapsize, PROT_NONE,
		       MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	return p != MAP_FAILED;
}

void rt_retire(const struct alloc *a)
{
	if ((a->how == HOW_MMAP && !unmap_pages(a)) || heap_bytes(a) > FREED_HEAP_MAX) {
		rt_release(a);
		return;
	}
	struct cuflow_rt *r = rt();
	rt_lock();
	while (r->nfreed == RT_FREED_MAX || r->freed_heap + heap_bytes(a) > FREED_HEAP_MAX)
		drop_oldest(r);
	size_t i = lower(r, a->base);
	memmove(&r->freed[i + 1], &r->freed[i], (r->nfreed - i) * sizeof r->freed[0]);
	r->freed[i].a = *a;
	r->freed[i].seq = r->freed_seq++;
	r->nfreed++;
	r->freed_heap += heap_bytes(a);
	rt_unlock();
}

int rt_freed(uintptr_t p, size_t n)
{
	struct cuflow_rt *r = rt();
	rt_lock();
	/* held blocks are disjoint: only the last one starting before p + n
	 * can reach into [p, p + n) */
	size_t i = lower(r, p + n);
	int hit = i > 0 && r->freed[i - 1].a.base + r->freed[i - 1].a.size > p;
	rt_unlock();
	return hit;
}

void rt_freed_clear(void)
{
	struct cuflow_rt *r = rt();
	rt_lock();
	while (r->nfreed)
		drop(r, r->nfreed - 1);
	rt_unlock();
}
