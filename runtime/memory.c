/* memory.c: allocations. Device, pinned host and managed memory are all
 * host memory here; a table of live allocations (sorted by address) keeps
 * what kind each is, for cudaPointerGetAttributes, cudaMemcpyDefault, the
 * pageable-memory rules of asynchronous copies, and to reject bad frees.
 *
 * Fresh allocations are zero-filled (large ones come from mmap, small ones
 * are cleared): a GPU leaves them unspecified, but zeros make the results of
 * a program that reads memory nothing wrote the same in every run, which
 * deferred mode relies on. Blocks are 256-byte aligned as cudaMalloc's are.
 * cudaFree, cudaFreeHost and cudaFreeArray synchronise the whole device
 * first (as CUDA's do). Freed blocks are held a while (freed.c) so that
 * copies through dangling pointers fail.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "rt_internal.h"

#define ALIGN 256
#define MMAP_MIN ((size_t)1 << 20)

/* ---- the table ---------------------------------------------------------------- */

/* Index of the first allocation whose base is above p. */
static size_t upper(const struct cuflow_rt *r, uintptr_t p)
{
	size_t lo = 0, hi = r->nallocs;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (r->allocs[mid].base <= p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int rt_find(const void *p, struct alloc *out)
{
	struct cuflow_rt *r = rt();
	int found = 0;
	rt_lock();
	size_t i = upper(r, (uintptr_t)p);
	if (i > 0 && (uintptr_t)p - r->allocs[i - 1].base < r->allocs[i - 1].size) {
		*out = r->allocs[i - 1];
		found = 1;
	}
	rt_unlock();
	return found;
}

static int overlaps(const struct cuflow_rt *r, uintptr_t base, size_t size)
{
	size_t i = upper(r, base);
	if (i > 0 && base - r->allocs[i - 1].base < r->allocs[i - 1].size)
		return 1;
	return i < r->nallocs && r->allocs[i].base < base + size;
}

static void insert(const struct alloc *a)
{
	struct cuflow_rt *r = rt();
	rt_lock();
	if (r->nallocs == r->cap_allocs) {
		r->cap_allocs = r->cap_allocs ? 2 * r->cap_allocs : 64;
		struct alloc *n = realloc(r->allocs, r->cap_allocs * sizeof *n);
		if (!n)
			abort();
		r->allocs = n;
	}
	size_t i = upper(r, a->base);
	memmove(&r->allocs[i + 1], &r->allocs[i], (r->nallocs - i) * sizeof *a);
	r->allocs[i] = *a;
	r->nallocs++;
	rt_unlock();
}

/* Remove the allocation starting exactly at p, made in one of the ways of
 * the mask `how`, into *out; 0 if none. */
static int take(const void *p, struct alloc *out, unsigned how)
{
	struct cuflow_rt *r = rt();
	int found = 0;
	rt_lock();
	size_t i = upper(r, (uintptr_t)p);
	if (i > 0 && r->allocs[i - 1].base == (uintptr_t)p &&
	    (r->allocs[i - 1].how & how)) {
		*out = r->allocs[i - 1];
		memmove(&r->allocs[i - 1], &r->allocs[i], (r->nallocs - i) * sizeof *out);
		r->nallocs--;
		found = 1;
	}
	rt_unlock();
	return found;
}

/* ---- allocating ----------------------------------------------------------------- */

void rt_release(const struct alloc *a)
{
	if (a->how == HOW_MMAP)
		munmap((void *)a->base, a->mapsize);
	else if (a->how == HOW_HEAP)
		free((void *)a->base);
}

static cudaError_t alloc_kind(void **out, size_t size, enum cudaMemoryType type, unsigned flags)
{
	if (!out)
		return rt_err(cudaErrorInvalidValue);
	*out = NULL;
	if (size == 0)
		return cudaSuccess;
	struct alloc a = {0, size, 0, type, HOW_HEAP, flags};
	if (size > SIZE_MAX - ALIGN)
		return rt_err(cudaErrorMemoryAllocation);
	void *p;
	if (size >= MMAP_MIN) {
		size_t page = (size_t)sysconf(_SC_PAGESIZE);
		a.mapsize = (size + page - 1) / page * page;
		if (a.mapsize < size)
			return rt_err(cudaErrorMemoryAllocation);
		p = mmap(NULL, a.mapsize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			return rt_err(cudaErrorMemoryAllocation);
		a.how = HOW_MMAP;
	} else {
		size_t n = (size + ALIGN - 1) / ALIGN * ALIGN;
		p = aligned_alloc(ALIGN, n);
		if (!p)
			return rt_err(cudaErrorMemoryAllocation);
		memset(p, 0, n);
	}
	a.base = (uintptr_t)p;
	insert(&a);
	rt_trace_alloc(size);
	*out = p;
	return cudaSuccess;
}

cudaError_t cudaMalloc(void **devPtr, size_t size)
{
	return alloc_kind(devPtr, size, cudaMemoryTypeDevice, 0);
}

cudaError_t cudaMallocHost(void **ptr, size_t size)
{
	return alloc_kind(ptr, size, cudaMemoryTypeHost, cudaHostAllocDefault);
}

cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags)
{
	unsigned known = cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined;
	if (flags & ~known)
		return rt_err(cudaErrorInvalidValue);
	return alloc_kind(pHost, size, cudaMemoryTypeHost, flags);
}

cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags)
{
	if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost)
		return rt_err(cudaErrorInvalidValue);
	return alloc_kind(devPtr, size, cudaMemoryTypeManaged, flags);
}

/* Pitched allocations: rows padded to a multiple of 256 bytes. */
static size_t pitch_of(size_t width)
{
	return (width + ALIGN - 1) / ALIGN * ALIGN;
}

cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height)
{
	if (!devPtr || !pitch)
		return rt_err(cudaErrorInvalidValue);
	*pitch = pitch_of(width);
	if (height && *pitch > SIZE_MAX / height)
		return rt_err(cudaErrorMemoryAllocation);
	return alloc_kind(devPtr, *pitch * height, cudaMemoryTypeDevice, 0);
}

cudaError_t cudaMalloc3D(struct cudaPitchedPtr *p, struct cudaExtent e)
{
	if (!p)
		return rt_err(cudaErrorInvalidValue);
	size_t pitch = pitch_of(e.width);
	if (e.height && e.depth && pitch > SIZE_MAX / e.height / e.depth)
		return rt_err(cudaErrorMemoryAllocation);
	void *d;
	cudaError_t err = alloc_kind(&d, pitch * e.height * e.depth, cudaMemoryTypeDevice, 0);
	if (err != cudaSuccess)
		return err;
	*p = make_cudaPitchedPtr(d, pitch, e.width, e.height);
	return cudaSuccess;
}

cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream)
{
	if (!rt_stream(stream))
		return rt_err(cudaErrorInvalidResourceHandle);
	return alloc_kind(devPtr, size, cudaMemoryTypeDevice, 0);
}

cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream)
{
	(void)memPool;
	return cudaMallocAsync(ptr, size, stream);
}

/* ---- freeing ------------------------------------------------------------------- */

static cudaError_t free_kind(void *p, int host)
{
	if (!p)
		return cudaSuccess;
	rt_sync_all();
	struct alloc a;
	if (!take(p, &a, HOW_HEAP | HOW_MMAP))
		return rt_err(cudaErrorInvalidValue);
	if ((a.type == cudaMemoryTypeHost) != host) {
		insert(&a);
		return rt_err(cudaErrorInvalidValue);
	}
	rt_trace_free(&a);
	rt_retire(&a);
	return cudaSuccess;
}

void rt_free_now(void *p)
{
	struct alloc a;
	if (take(p, &a, HOW_HEAP | HOW_MMAP)) {
		rt_trace_free(&a);
		rt_retire(&a);
	}
}

cudaError_t cudaFree(void *devPtr)
{
	return free_kind(devPtr, 0);
}

cudaError_t cudaFreeHost(void *ptr)
{
	return free_kind(ptr, 1);
}

cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream)
{
	struct CUstream_st *s = rt_stream(stream);
	if (!s)
		return rt_err(cudaErrorInvalidResourceHandle);
	if (!devPtr)
		return cudaSuccess;
	struct alloc a;
	if (!rt_find(devPtr, &a) || a.base != (uintptr_t)devPtr || a.type == cudaMemoryTypeHost ||
	    !(a.how & (HOW_HEAP | HOW_MMAP)))
		return rt_err(cudaErrorInvalidValue);
	struct op *o = rt_op_new(OP_FREE, s);
	o->u.ptr = devPtr;
	rt_submit(o);
	return cudaSuccess;
}

/* cudaDeviceReset: every allocation goes, registered host memory is
 * forgotten; registered symbols stay (they are the program's globals). */
void rt_free_all(void)
{
	struct cuflow_rt *r = rt();
	size_t kept = 0;
	rt_lock();
	for (size_t i = 0; i < r->nallocs; i++)
		if (r->allocs[i].how == HOW_SYMBOL)
			r->allocs[kept++] = r->allocs[i];
		else
			rt_release(&r->allocs[i]);
	r->nallocs = kept;
	rt_freed_clear();
	rt_trace_reset();
	rt_unlock();
}

/* ---- symbols ------------------------------------------------------------------------ */

cudaError_t cuflowRegisterSymbol(const void *addr, size_t size)
{
	if (!addr || !size)
		return rt_err(cudaErrorInvalidValue);
	struct alloc a = {(uintptr_t)addr, size, 0, cudaMemoryTypeDevice, HOW_SYMBOL, 0};
	rt_lock();
	int clash = overlaps(rt(), a.base, size);
	if (!clash)
		insert(&a);
	rt_unlock();
	return clash ? rt_err(cudaErrorDuplicateVariableName) : cudaSuccess;
}

void cuflowNoteSymbol(const void *addr, size_t size)
{
	struct alloc a = {(uintptr_t)addr, size, 0, cudaMemoryTypeDevice, HOW_SYMBOL, 0};
	if (!addr || !size)
		return;
	rt_lock();
	if (!overlaps(rt(), a.base, size))
		insert(&a);
	rt_unlock();
}

cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol)
{
	if (!devPtr)
		return rt_err(cudaErrorInvalidValue);
	if (!symbol)
		return rt_err(cudaErrorInvalidSymbol);
	*devPtr = (void *)symbol;
	return cudaSuccess;
}

cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol)
{
	struct alloc a;
	if (!size)
		return rt_err(cudaErrorInvalidValue);
	if (!symbol || !rt_find(symbol, &a) || a.how != HOW_SYMBOL || a.base != (uintptr_t)symbol)
		return rt_err(cudaErrorInvalidSymbol);
	*size = a.size;
	return cudaSuccess;
}

/* ---- host memory registration and mapping --------------------------------- */

cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags)
{
	unsigned known = cudaHostRegisterPortable | cudaHostRegisterMapped |
			 cudaHostRegisterIoMemory | cudaHostRegisterReadOnly;
	if (!ptr || !size || (flags & ~known))
		return rt_err(cudaErrorInvalidValue);
	struct alloc a = {(uintptr_t)ptr, size, 0, cudaMemoryTypeHost, HOW_REGISTERED, flags};
	rt_lock();
	int clash = overlaps(rt(), a.base, size);
	if (!clash)
		insert(&a);
	rt_unlock();
	return clash ? rt_err(cudaErrorHostMemoryAlreadyRegistered) : cudaSuccess;
}

cudaError_t cudaHostUnregister(void *ptr)
{
	struct alloc a;
	if (!ptr)
		return rt_err(cudaErrorInvalidValue);
	return take(ptr, &a, HOW_REGISTERED) ? cudaSuccess : rt_err(cudaErrorHostMemoryNotRegistered);
}

cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags)
{
	if (!pDevice || !pHost || flags)
		return rt_err(cudaErrorInvalidValue);
	*pDevice = pHost; /* one address space */
	return cudaSuccess;
}

cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost)
{
	struct alloc a;
	if (!pFlags || !rt_find(pHost, &a) || a.type != cudaMemoryTypeHost)
		return rt_err(cudaErrorInvalidValue);
	*pFlags = a.flags;
	return cudaSuccess;
}

/* ---- queries -------------------------------------------------------------------- */

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *at, const void *ptr)
{
	if (!at)
		return rt_err(cudaErrorInvalidValue);
	memset(at, 0, sizeof *at);
	struct alloc a;
	if (!rt_find(ptr, &a)) { /* pageable host memory, a symbol, or nothing */
		at->type = at->memoryType = cudaMemoryTypeUnregistered;
		at->device = cudaInvalidDeviceId;
		return cudaSuccess;
	}
	at->type = at->memoryType = a.type;
	at->device = 0;
	at->isManaged = a.type == cudaMemoryTypeManaged;
	at->devicePointer = (void *)ptr;
	at->hostPointer = a.type == cudaMemoryTypeDevice ? NULL : (void *)ptr;
	return cudaSuccess;
}

cudaError_t cudaMemGetInfo(size_t *freeMem, size_t *total)
{
	if (!freeMem || !total)
		return rt_err(cudaErrorInvalidValue);
	*total = rt_phys_mem();
	*freeMem = rt_avail_mem();
	return cudaSuccess;
}

/* Managed-memory hints: one memory, nothing to move. */
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice, cudaStream_t stream)
{
	(void)devPtr;
	(void)count;
	if (dstDevice != 0 && dstDevice != cudaCpuDeviceId)
		return rt_err(cudaErrorInvalidDevice);
	return rt_stream(stream) ? cudaSuccess : rt_err(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaMemPrefetchAsync_v2(const void *devPtr, size_t count, struct cudaMemLocation location,
				    unsigned int flags, cudaStream_t stream)
{
	(void)devPtr;
	(void)count;
	(void)location;
	(void)flags;
	return rt_stream(stream) ? cudaSuccess : rt_err(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice, int device)
{
	(void)devPtr;
	(void)count;
	(void)advice;
	return (device == 0 || device == cudaCpuDeviceId) ? cudaSuccess : rt_err(cudaErrorInvalidDevice);
}

cudaError_t cudaMemAdvise_v2(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
			     struct cudaMemLocation location)
{
	(void)devPtr;
	(void)count;
	(void)advice;
	(void)location;
	return cudaSuccess;
}
