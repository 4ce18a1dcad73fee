/* copy.c: cudaMemcpy* and cudaMemset* in all their shapes (1-D, 2-D, 3-D,
 * arrays, symbols, peers, async), as boxes of width bytes x height rows x
 * depth slices.
 *
 * When they wait for the device follows CUDA's documented host
 * synchronisation rules, which is what deferred mode has to reproduce:
 *  - cudaMemcpy & co. (not Async): host<->device and host<->host copies
 *    run everything the legacy default stream orders before them, then copy;
 *    device-to-device copies (and cudaMemcpyPeer) are only queued on the
 *    legacy stream: CUDA performs no host synchronisation for them;
 *  - cudaMemset & co. (not Async): queued on the legacy stream when the
 *    target is device memory; blocking as above when it is pinned host or
 *    managed memory;
 *  - *Async: queued on their stream, except that a copy to pageable host
 *    memory and a host-to-host copy wait for their stream's work and
 *    themselves (they are synchronous in CUDA), and a copy from pageable host
 *    memory takes its source at the call (CUDA stages it then).
 * "Device" memory is what cudaMalloc*, cudaMallocManaged and registered
 * symbols returned; "pinned" what cudaMallocHost / cudaHostAlloc /
 * cudaHostRegister did; anything else is pageable host memory.
 * cudaMemcpyDefault infers the direction from those kinds.
 */
#include <omp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rt_internal.h"

enum side { PAGEABLE, PINNED, DEVICE, MANAGED };

static enum side side_of(const void *p)
{
	struct alloc a;
	if (!rt_find(p, &a))
		return PAGEABLE;
	switch (a.type) {
	case cudaMemoryTypeHost:
		return PINNED;
	case cudaMemoryTypeManaged:
		return MANAGED;
	default:
		return DEVICE;
	}
}

static int on_host(enum side s)
{
	return s == PAGEABLE || s == PINNED;
}

/* The direction of a copy, cudaMemcpyDefault resolved. */
static enum cudaMemcpyKind resolve(enum cudaMemcpyKind kind, const void *dst, const void *src)
{
	if (kind != cudaMemcpyDefault)
		return kind;
	int h_src = on_host(side_of(src)), h_dst = on_host(side_of(dst));
	if (h_src && h_dst)
		return cudaMemcpyHostToHost;
	if (h_src)
		return cudaMemcpyHostToDevice;
	return h_dst ? cudaMemcpyDeviceToHost : cudaMemcpyDeviceToDevice;
}

/* ---- running a box ------------------------------------------------------------- */

/* Large copies and fills are split over OpenMP threads: device memory is
 * fresh anonymous pages, so the first copy into a buffer is mostly page
 * faults, which the kernel serves in parallel (page faults were a quarter
 * to a third of nw's single-thread time under perf). Pieces are big
 * enough that the team's start-up (microseconds) is noise. */
#define PAR_MIN ((size_t)4 << 20)
#define PAR_PIECE ((size_t)1 << 20)

static int pieces(size_t n)
{
	if (n < PAR_MIN || omp_in_parallel())
		return 1;
	size_t k = n / PAR_PIECE;
	int nt = omp_get_max_threads();
	return k < (size_t)nt ? (int)k : nt;
}

static int overlap(const char *a, const char *b, size_t n)
{
	uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
	return x < y + n && y < x + n;
}

/* Copy n bytes from src, or fill them with v when src is NULL. */
static void copy_or_fill(char *dst, const char *src, int v, size_t n)
{
	int k = src && overlap(dst, src, n) ? 1 : pieces(n);
	/* the whole team, as launches use it (launch.c says why) */
#pragma omp parallel for num_threads(omp_get_max_threads()) schedule(static) if (k > 1)
	for (int i = 0; i < k; i++) {
		size_t lo = n / k * i, hi = i == k - 1 ? n : n / k * (i + 1);
		if (src)
			memmove(dst + lo, src + lo, hi - lo);
		else
			memset(dst + lo, v, hi - lo);
	}
}

static int contiguous(const struct box *b, int with_src)
{
	return b->dpitch == b->width && b->dslice == b->width * b->height &&
	       (!with_src || (b->spitch == b->width && b->sslice == b->width * b->height));
}

void rt_box_run(const struct op *o)
{
	const struct box *b = &o->u.box;
	int copy = o->kind == OP_COPY;
	if (contiguous(b, copy)) {
		size_t n = b->width * b->height * b->depth;
		copy_or_fill(b->dst, copy ? b->src : NULL, b->value, n);
		return;
	}
	for (size_t z = 0; z < b->depth; z++)
		for (size_t y = 0; y < b->height; y++) {
			char *d = b->dst + z * b->dslice + y * b->dpitch;
			if (copy)
				memmove(d, b->src + z * b->sslice + y * b->spitch, b->width);
			else
				memset(d, b->value, b->width);
		}
}

/* Copy the source box into a buffer the op owns (pageable staging). */
static void stage(struct op *o)
{
	struct box *b = &o->u.box;
	char *buf = rt_xmalloc(b->width * b->height * b->depth);
	for (size_t z = 0; z < b->depth; z++)
		for (size_t y = 0; y < b->height; y++)
			memcpy(buf + (z * b->height + y) * b->width,
			       b->src + z * b->sslice + y * b->spitch, b->width);
	o->owned = buf;
	b->src = buf;
	b->spitch = b->width;
	b->sslice = b->width * b->height;
}

/* ---- submitting ----------------------------------------------------------------- */

static struct box box1(void *dst, const void *src, size_t n)
{
	struct box b = {dst, src, n, n, n, n, n, 1, 1, 0, cudaMemcpyDefault};
	return b;
}

static struct box box2(void *dst, size_t dpitch, const void *src, size_t spitch, size_t w, size_t h)
{
	struct box b = {dst, src, dpitch, dpitch * h, spitch, spitch * h, w, h, 1, 0, cudaMemcpyDefault};
	return b;
}

/* Bytes from one side of a non-empty box to one past its last byte, or
 * SIZE_MAX when that does not fit a size_t. */
static size_t extent(const struct box *b, size_t pitch, size_t slice)
{
	size_t z, y, n;
	if (__builtin_mul_overflow(b->depth - 1, slice, &z) || __builtin_mul_overflow(b->height - 1, pitch, &y) ||
	    __builtin_add_overflow(z, y, &n) || __builtin_add_overflow(n, b->width, &n))
		return SIZE_MAX;
	return n;
}

/* Whether the n bytes from p stay inside the allocation p points into, as
 * CUDA checks for the memory it allocated (cudaErrorInvalidValue, not a
 * fault). Host memory the runtime did not allocate has no known size and
 * is trusted, short of running past the end of the address space or into
 * a block freed lately (freed.c). */
static int fits(const void *p, size_t n)
{
	struct alloc a;
	uintptr_t x = (uintptr_t)p;
	if (x + n < x)
		return 0;
	if (rt_find(p, &a))
		return n <= a.base + a.size - x;
	return !rt_freed(x, n);
}

static cudaError_t check_copy(const struct box *b, enum cudaMemcpyKind kind)
{
	if ((unsigned)kind > cudaMemcpyDefault)
		return cudaErrorInvalidMemcpyDirection;
	if (!b->width || !b->height || !b->depth)
		return cudaSuccess;
	if (!b->dst || !b->src)
		return cudaErrorInvalidValue;
	if ((b->height > 1 || b->depth > 1) && (b->dpitch < b->width || b->spitch < b->width))
		return cudaErrorInvalidPitchValue;
	if (!fits(b->dst, extent(b, b->dpitch, b->dslice)) || !fits(b->src, extent(b, b->spitch, b->sslice)))
		return cudaErrorInvalidValue;
	return cudaSuccess;
}

/* stream NULL: the blocking API; otherwise the stream of an Async call. */
static cudaError_t copy_box(struct box b, enum cudaMemcpyKind kind, cudaStream_t stream, int async)
{
	cudaError_t e = rt_sticky(cudaSuccess);
	if (e != cudaSuccess)
		return e;
	e = check_copy(&b, kind);
	if (e != cudaSuccess)
		return rt_err(e);
	struct CUstream_st *s = rt_stream(async ? stream : NULL);
	if (!s)
		return rt_err(cudaErrorInvalidResourceHandle);
	if (s->legacy && (e = rt_capture_legacy()) != cudaSuccess)
		return e;
	rt_trace_call();
	if (!b.width || !b.height || !b.depth)
		return cudaSuccess;
	b.kind = resolve(kind, b.dst, b.src);
	kind = b.kind;
	struct op *o = rt_op_new(OP_COPY, s);
	o->u.box = b;
	if (kind == cudaMemcpyDeviceToDevice)
		rt_submit(o);
	else if (!async)
		rt_blocking(o);
	else if (kind == cudaMemcpyHostToHost ||
		 (kind == cudaMemcpyDeviceToHost && side_of(b.dst) == PAGEABLE))
		rt_submit_wait(o);
	else {
		if (kind == cudaMemcpyHostToDevice && side_of(b.src) == PAGEABLE && rt()->deferred && !s->capture)
			stage(o); /* a graph's copy reads the source when it runs */
		rt_submit(o);
	}
	return cudaSuccess;
}

static cudaError_t set_box(struct box b, cudaStream_t stream, int async)
{
	cudaError_t st = rt_sticky(cudaSuccess);
	if (st != cudaSuccess)
		return st;
	struct CUstream_st *s = rt_stream(async ? stream : NULL);
	if (!s)
		return rt_err(cudaErrorInvalidResourceHandle);
	if (s->legacy && (st = rt_capture_legacy()) != cudaSuccess)
		return st;
	if (!b.width || !b.height || !b.depth) {
		rt_trace_call();
		return cudaSuccess;
	}
	if (!b.dst)
		return rt_err(cudaErrorInvalidValue);
	if ((b.height > 1 || b.depth > 1) && b.dpitch < b.width)
		return rt_err(cudaErrorInvalidPitchValue);
	if (!fits(b.dst, extent(&b, b.dpitch, b.dslice)))
		return rt_err(cudaErrorInvalidValue);
	rt_trace_call();
	struct op *o = rt_op_new(OP_MEMSET, s);
	o->u.box = b;
	enum side t = side_of(b.dst);
	if (!async && (t == PINNED || t == MANAGED))
		rt_blocking(o);
	else
		rt_submit(o);
	return cudaSuccess;
}

/* ---- linear copies ------------------------------------------------------------------ */

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
	return copy_box(box1(dst, src, count), kind, NULL, 0);
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
			    cudaStream_t stream)
{
	return copy_box(box1(dst, src, count), kind, stream, 1);
}

static cudaError_t check_peer(int dstDevice, int srcDevice)
{
	return (dstDevice == 0 && srcDevice == 0) ? cudaSuccess : rt_err(cudaErrorInvalidDevice);
}

cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count)
{
	cudaError_t e = check_peer(dstDevice, srcDevice);
	return e ? e : copy_box(box1(dst, src, count), cudaMemcpyDeviceToDevice, NULL, 0);
}

cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice,
				size_t count, cudaStream_t stream)
{
	cudaError_t e = check_peer(dstDevice, srcDevice);
	return e ? e : copy_box(box1(dst, src, count), cudaMemcpyDeviceToDevice, stream, 1);
}

/* ---- symbols: a symbol is the address of the lowered global ------------------ */

/* A symbol is device memory even where it is not registered, so
 * cudaMemcpyDefault resolves by the other side alone. */
static enum cudaMemcpyKind symbol_kind(enum cudaMemcpyKind kind, const void *other, int to)
{
	if (kind != cudaMemcpyDefault)
		return kind;
	if (!on_host(side_of(other)))
		return cudaMemcpyDeviceToDevice;
	return to ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
}

/* An offset and count inside the symbol where its size is known (an
 * offset at its end names no byte of it: CUDA's cudaErrorInvalidValue). */
static int sym_fits(const void *symbol, size_t offset, size_t count)
{
	struct alloc a;
	size_t end;
	if (!rt_find(symbol, &a))
		return 1;
	return !__builtin_add_overflow(offset, count, &end) && end <= a.base + a.size - (uintptr_t)symbol &&
	       (offset < a.size || !count);
}

cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
			       enum cudaMemcpyKind kind)
{
	if (!symbol)
		return rt_err(cudaErrorInvalidSymbol);
	if (kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault)
		return rt_err(cudaErrorInvalidMemcpyDirection);
	if (!sym_fits(symbol, offset, count))
		return rt_err(cudaErrorInvalidValue);
	return copy_box(box1((char *)symbol + offset, src, count), symbol_kind(kind, src, 1), NULL, 0);
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
				 enum cudaMemcpyKind kind)
{
	if (!symbol)
		return rt_err(cudaErrorInvalidSymbol);
	if (kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault)
		return rt_err(cudaErrorInvalidMemcpyDirection);
	if (!sym_fits(symbol, offset, count))
		return rt_err(cudaErrorInvalidValue);
	return copy_box(box1(dst, (const char *)symbol + offset, count), symbol_kind(kind, dst, 0), NULL, 0);
}

cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count, size_t offset,
				    enum cudaMemcpyKind kind, cudaStream_t stream)
{
	if (!symbol)
		return rt_err(cudaErrorInvalidSymbol);
	if (kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault)
		return rt_err(cudaErrorInvalidMemcpyDirection);
	if (!sym_fits(symbol, offset, count))
		return rt_err(cudaErrorInvalidValue);
	return copy_box(box1((char *)symbol + offset, src, count), symbol_kind(kind, src, 1), stream, 1);
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
				      enum cudaMemcpyKind kind, cudaStream_t stream)
{
	if (!symbol)
		return rt_err(cudaErrorInvalidSymbol);
	if (kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault)
		return rt_err(cudaErrorInvalidMemcpyDirection);
	if (!sym_fits(symbol, offset, count))
		return rt_err(cudaErrorInvalidValue);
	return copy_box(box1(dst, (const char *)symbol + offset, count), symbol_kind(kind, dst, 0), stream,
			1);
}

/* ---- 2-D and 3-D ------------------------------------------------------------------- */

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
			 size_t height, enum cudaMemcpyKind kind)
{
	return copy_box(box2(dst, dpitch, src, spitch, width, height), kind, NULL, 0);
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
			      size_t height, enum cudaMemcpyKind kind, cudaStream_t stream)
{
	return copy_box(box2(dst, dpitch, src, spitch, width, height), kind, stream, 1);
}

/* One side of a 3-D copy: an array (positions and widths in elements) or a
 * pitched pointer (in bytes). */
struct side3 {
	char *base;
	size_t pitch, slice, elem;
};

static cudaError_t side3(cudaArray_const_t arr, struct cudaPitchedPtr p, struct cudaPos pos,
			 struct cudaExtent ext, struct side3 *s)
{
	if (arr) {
		if (pos.x + ext.width > arr->width || pos.y + ext.height > arr->height ||
		    pos.z + ext.depth > arr->depth)
			return cudaErrorInvalidValue;
		s->elem = arr->elem;
		s->pitch = arr->pitch;
		s->slice = arr->pitch * arr->height;
		s->base = arr->data + pos.z * s->slice + pos.y * s->pitch + pos.x * s->elem;
		return cudaSuccess;
	}
	if (!p.ptr)
		return cudaErrorInvalidValue;
	s->elem = 1;
	s->pitch = p.pitch;
	s->slice = p.pitch * p.ysize;
	s->base = (char *)p.ptr + pos.z * s->slice + pos.y * s->pitch + pos.x;
	return cudaSuccess;
}

static cudaError_t copy3d(const struct cudaMemcpy3DParms *p, cudaStream_t stream, int async)
{
	if (!p || (p->srcArray && p->srcPtr.ptr) || (p->dstArray && p->dstPtr.ptr))
		return rt_err(cudaErrorInvalidValue);
	struct side3 s, d;
	cudaError_t e = side3(p->srcArray, p->srcPtr, p->srcPos, p->extent, &s);
	if (e == cudaSuccess)
		e = side3(p->dstArray, p->dstPtr, p->dstPos, p->extent, &d);
	if (e == cudaSuccess && p->srcArray && p->dstArray && s.elem != d.elem)
		e = cudaErrorInvalidValue;
	if (e != cudaSuccess)
		return rt_err(e);
	size_t elem = p->srcArray ? s.elem : d.elem;
	struct box b = {d.base, s.base, d.pitch, d.slice, s.pitch, s.slice,
			p->extent.width * elem, p->extent.height, p->extent.depth, 0, p->kind};
	return copy_box(b, p->kind, stream, async);
}

cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p)
{
	return copy3d(p, NULL, 0);
}

cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream)
{
	return copy3d(p, stream, 1);
}

/* ---- arrays ---------------------------------------------------------------------- */

/* The address of byte wOffset of row hOffset, if count bytes from there (or
 * a width x height box) fit in the array. */
static char *array_at(cudaArray_const_t a, size_t wOffset, size_t hOffset, size_t width, size_t height)
{
	if (!a || hOffset + height > a->height * a->depth || wOffset + width > a->pitch)
		return NULL;
	return a->data + hOffset * a->pitch + wOffset;
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
				size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind)
{
	char *d = array_at(dst, wOffset, hOffset, width, height);
	if (!d)
		return rt_err(cudaErrorInvalidValue);
	return copy_box(box2(d, dst->pitch, src, spitch, width, height), kind, NULL, 0);
}

cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
				     size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind,
				     cudaStream_t stream)
{
	char *d = array_at(dst, wOffset, hOffset, width, height);
	if (!d)
		return rt_err(cudaErrorInvalidValue);
	return copy_box(box2(d, dst->pitch, src, spitch, width, height), kind, stream, 1);
}

cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
				  size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind)
{
	const char *s = array_at(src, wOffset, hOffset, width, height);
	if (!s)
		return rt_err(cudaErrorInvalidValue);
	return copy_box(box2(dst, dpitch, s, src->pitch, width, height), kind, NULL, 0);
}

/* The 1-D forms run through the array's rows as one linear byte range. */
static char *array_linear(cudaArray_const_t a, size_t wOffset, size_t hOffset, size_t count)
{
	if (!a || hOffset * a->pitch + wOffset + count > a->pitch * a->height * a->depth)
		return NULL;
	return a->data + hOffset * a->pitch + wOffset;
}

cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
			      size_t count, enum cudaMemcpyKind kind)
{
	char *d = array_linear(dst, wOffset, hOffset, count);
	if (!d)
		return rt_err(cudaErrorInvalidValue);
	return copy_box(box1(d, src, count), kind, NULL, 0);
}

cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
				   size_t count, enum cudaMemcpyKind kind, cudaStream_t stream)
{
	char *d = array_linear(dst, wOffset, hOffset, count);
	if (!d)
		return rt_err(cudaErrorInvalidValue);
	return copy_box(box1(d, src, count), kind, stream, 1);
}

cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
				size_t count, enum cudaMemcpyKind kind)
{
	const char *s = array_linear(src, wOffset, hOffset, count);
	if (!s)
		return rt_err(cudaErrorInvalidValue);
	return copy_box(box1(dst, s, count), kind, NULL, 0);
}

/* ---- memset ------------------------------------------------------------------------ */

cudaError_t cudaMemset(void *devPtr, int value, size_t count)
{
	struct box b = box1(devPtr, NULL, count);
	b.value = value;
	return set_box(b, NULL, 0);
}

cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream)
{
	struct box b = box1(devPtr, NULL, count);
	b.value = value;
	return set_box(b, stream, 1);
}

cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height)
{
	struct box b = box2(devPtr, pitch, NULL, pitch, width, height);
	b.value = value;
	return set_box(b, NULL, 0);
}

cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height,
			      cudaStream_t stream)
{
	struct box b = box2(devPtr, pitch, NULL, pitch, width, height);
	b.value = value;
	return set_box(b, stream, 1);
}

cudaError_t cudaMemset3D(struct cudaPitchedPtr p, int value, struct cudaExtent e)
{
	struct box b = {p.ptr,   NULL,    p.pitch, p.pitch * p.ysize, 0, 0, e.width, e.height, e.depth,
			value,   cudaMemcpyDefault};
	return set_box(b, NULL, 0);
}
