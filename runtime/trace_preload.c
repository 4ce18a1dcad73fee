/* trace_preload.c: libcuflow-trace.so, the transfer trace (doc/trace.md) of
 * a program running on a real GPU. Preloaded (LD_PRELOAD) into a program
 * built with `nvcc -cudart shared`, it defines the CUDA runtime's copy,
 * memset, allocation, free and launch entry points, forwards each to the
 * real libcudart through dlsym(RTLD_NEXT, ...), feeds what went through
 * into trace.c as the CPU runtime does, and writes the same JSON to
 * $CUFLOW_TRACE at exit.
 *
 * It needs no CUDA header: the few types below are declared here with the
 * layouts the runtime's C ABI gives them (CUDA 11 and later). Device memory
 * is never read: a device range is known only through the transfers that
 * wrote it (trace.c), downloads compare the host destination's hash before
 * and after the copy (an asynchronous download is waited for to do so).
 *
 * Timing (CUFLOW_TRACE_TIME=1, for a run of its own): each copy waits for
 * all device work before it starts and for itself after it returns, and
 * the time between adds to "copies"; "run" is the process's time without
 * the trace's own hashing. Their ratio is the share of a run spent in
 * transfers, which the waits make a little larger than without them.
 *
 * State. A preloaded library has process state of its own: all of it is
 * `the`, one struct guarded by its mutex (the trace, the allocations seen,
 * the real functions found), plus a per-thread depth so that a runtime
 * entry point that calls another through our wrappers is counted once.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "trace.h"

/* ---- the CUDA runtime's C ABI, as far as the wrappers need it ------------- */

typedef int cudaError_t;        /* an enum: int-sized, 0 is success */
typedef void *cudaStream_t;
enum { OK = 0, ERR_UNKNOWN = 999 };
enum { H2H = 0, H2D = 1, D2H = 2, D2D = 3, DEFAULT = 4 };           /* cudaMemcpyKind */
enum { MEM_UNREGISTERED = 0, MEM_HOST = 1, MEM_DEVICE = 2, MEM_MANAGED = 3 };

struct dim3 {
	unsigned x, y, z;
};
struct extent {                 /* cudaExtent: width in bytes for linear memory */
	size_t width, height, depth;
};
struct pitched {                /* cudaPitchedPtr */
	void *ptr;
	size_t pitch, xsize, ysize;
};
struct pos {                    /* cudaPos */
	size_t x, y, z;
};
struct parms3d {                /* cudaMemcpy3DParms */
	void *src_array;
	struct pos src_pos;
	struct pitched src_ptr;
	void *dst_array;
	struct pos dst_pos;
	struct pitched dst_ptr;
	struct extent extent;
	int kind;
};
struct ptr_attrs {              /* cudaPointerAttributes */
	int type;
	int device;
	void *device_pointer, *host_pointer;
};

typedef cudaError_t (*launch_fn)(const void *, struct dim3, struct dim3, void **, size_t, cudaStream_t);

/* ---- process state --------------------------------------------------------- */

struct block {                  /* an allocation the program made */
	uintptr_t base;
	size_t size;
	int device;             /* device or managed: the device side of a copy */
};

static struct {
	pthread_mutex_t lock;
	struct trace trace;
	struct block *blocks;   /* sorted by base */
	size_t nblocks, cap;
	_Atomic int used;       /* the process called the CUDA runtime */
	double start, own;      /* CUFLOW_TRACE_TIME: when the process began; seconds of our hashing */
} the = {PTHREAD_MUTEX_INITIALIZER, {0}, NULL, 0, 0, 0, 0, 0};

static __thread int depth;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

__attribute__((constructor)) static void start(void)
{
	const char *timed = getenv("CUFLOW_TRACE_TIME");
	trace_open(&the.trace, getenv("CUFLOW_TRACE"));
	the.trace.timed = the.trace.path && timed && *timed && strcmp(timed, "0");
	the.start = now();
}

__attribute__((destructor)) static void stop(void)
{
	pthread_mutex_lock(&the.lock);
	/* a process that never called CUDA writes nothing: a wrapper (timeout,
	 * env, a shell) exits after the program and would overwrite its trace */
	the.trace.run_s = now() - the.start - the.own;
	if (the.trace.path && the.used && trace_write(&the.trace) != 0)
		fprintf(stderr, "cuflow-trace: CUFLOW_TRACE: cannot write %s: %s\n", the.trace.path,
			strerror(errno));
	pthread_mutex_unlock(&the.lock);
}

/* The next definition of name (libcudart's). Looked up at each call, not
 * once: a program may load the runtime late (dlopen), and the lookup costs
 * far less than the call it forwards. */
static void *real(const char *name)
{
	return dlsym(RTLD_NEXT, name);
}

#define REAL(type, name) ((type)real(name))

/* Whether to trace this call: not when tracing is off, nor inside another
 * wrapper (the real runtime calling itself through us). */
static int enter(void)
{
	the.used = 1;
	return depth++ == 0 && the.trace.path != NULL;
}

static void leave(void)
{
	depth--;
}

/* ---- allocations ------------------------------------------------------------- */

/* Index of the first block whose base is above p. */
static size_t upper(uintptr_t p)
{
	size_t lo = 0, hi = the.nblocks;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (the.blocks[mid].base <= p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void add_block(void *p, size_t size, int device)
{
	pthread_mutex_lock(&the.lock);
	trace_alloc(&the.trace, size);
	if (p && the.nblocks == the.cap) {
		size_t cap = the.cap ? 2 * the.cap : 64;
		struct block *n = realloc(the.blocks, cap * sizeof *n);
		if (n) {
			the.blocks = n;
			the.cap = cap;
		}
	}
	if (p && the.nblocks < the.cap) {
		size_t i = upper((uintptr_t)p);
		memmove(&the.blocks[i + 1], &the.blocks[i], (the.nblocks - i) * sizeof *the.blocks);
		the.blocks[i] = (struct block){(uintptr_t)p, size, device};
		the.nblocks++;
	}
	pthread_mutex_unlock(&the.lock);
}

/* A freed block's device ranges are no longer known. */
static void drop_block(void *p)
{
	pthread_mutex_lock(&the.lock);
	size_t i = upper((uintptr_t)p);
	if (i > 0 && the.blocks[i - 1].base == (uintptr_t)p) {
		trace_forget(&the.trace, the.blocks[i - 1].base, the.blocks[i - 1].size);
		memmove(&the.blocks[i - 1], &the.blocks[i], (the.nblocks - i) * sizeof *the.blocks);
		the.nblocks--;
	}
	pthread_mutex_unlock(&the.lock);
}

/* Whether p is in an allocation seen (1: device or managed, 0: pinned
 * host), or -1 if in none. */
static int seen(const void *p)
{
	pthread_mutex_lock(&the.lock);
	size_t i = upper((uintptr_t)p);
	int in = i > 0 && (uintptr_t)p - the.blocks[i - 1].base < the.blocks[i - 1].size;
	int dev = in ? the.blocks[i - 1].device : -1;
	pthread_mutex_unlock(&the.lock);
	return dev;
}

/* Whether p is device (or managed) memory: the allocations seen first, then
 * the runtime's own answer for memory allocated elsewhere. */
static int on_device(const void *p)
{
	int dev = seen(p);
	if (dev >= 0)
		return dev;
	typedef cudaError_t (*attrs_fn)(struct ptr_attrs *, const void *);
	attrs_fn f = REAL(attrs_fn, "cudaPointerGetAttributes");
	struct ptr_attrs a = {0};
	return f && f(&a, p) == OK && (a.type == MEM_DEVICE || a.type == MEM_MANAGED);
}

static int resolve(int kind, const void *dst, const void *src)
{
	if (kind != DEFAULT)
		return kind;
	int d = on_device(dst), s = on_device(src);
	return s ? (d ? D2D : D2H) : (d ? H2D : H2H);
}

/* ---- transfers ------------------------------------------------------------------ */

static struct trace_box box2(const void *dst, size_t dpitch, const void *src, size_t spitch, size_t w,
			     size_t h)
{
	struct trace_box b = {(uintptr_t)dst, src, dpitch, dpitch * h, spitch, spitch * h, w, h, 1, 0};
	return b;
}

/* What is known before a copy runs (known: 1, hash): the payload of an
 * upload or of a device copy from a known range, the destination's hash
 * before a download. */
struct xfer {
	int kind;
	struct trace_box b;
	int known;
	uint64_t hash;
	double t0; /* CUFLOW_TRACE_TIME: when the copy began */
};

/* CUFLOW_TRACE_TIME: wait for all device work, so that a copy's time is
 * its own. */
static void drain(void)
{
	typedef cudaError_t (*devsync_fn)(void);
	devsync_fn sync = REAL(devsync_fn, "cudaDeviceSynchronize");
	if (sync)
		sync();
}

static void addtime(double *to, double s)
{
	pthread_mutex_lock(&the.lock);
	*to += s;
	pthread_mutex_unlock(&the.lock);
}

static void known_before(struct xfer *x)
{
	if (!trace_bytes(&x->b))
		return;
	/* A "host" side the program allocated as device memory (a wrong kind) is
	 * not read here: the real runtime gets to refuse the copy, not we to
	 * fault on it. */
	if (x->kind == H2D && seen(x->b.src) != 1) {
		x->known = 1;
		x->hash = trace_payload(&x->b);
	} else if (x->kind == D2H && seen((const void *)x->b.dst) != 1) {
		x->known = 1;
		x->hash = trace_dst_hash(&x->b);
	} else if (x->kind == D2D) {
		pthread_mutex_lock(&the.lock);
		x->known = trace_known(&the.trace, &x->b, &x->hash);
		pthread_mutex_unlock(&the.lock);
	}
}

static void before(struct xfer *x)
{
	double t = now();
	known_before(x);
	addtime(&the.own, now() - t);
	if (the.trace.timed) {
		drain();
		x->t0 = now();
	}
}

/* After a copy succeeded; stream is waited for before a download's
 * destination is hashed (async: 1). */
static void after(struct xfer *x, int async, cudaStream_t stream)
{
	if (the.trace.timed) {
		drain();
		addtime(&the.trace.copy_s, now() - x->t0);
	}
	double t = now();
	int same = 0;
	if (x->kind == D2H && x->known) {
		typedef cudaError_t (*sync_fn)(cudaStream_t);
		sync_fn sync = REAL(sync_fn, "cudaStreamSynchronize");
		if (async && sync)
			sync(stream);
		same = trace_dst_hash(&x->b) == x->hash;
	}
	pthread_mutex_lock(&the.lock);
	trace_call(&the.trace);
	if (trace_bytes(&x->b)) {
		if (x->kind == H2D)
			trace_device_write(&the.trace, TRACE_H2D, &x->b, x->known, x->hash);
		else if (x->kind == D2D)
			trace_device_write(&the.trace, TRACE_D2D, &x->b, x->known, x->hash);
		else if (x->kind == D2H)
			trace_host_write(&the.trace, &x->b, same);
	}
	the.own += now() - t;
	pthread_mutex_unlock(&the.lock);
}

static void memset_done(const struct trace_box *b)
{
	uint64_t h = trace_bytes(b) ? trace_payload(b) : 0;
	pthread_mutex_lock(&the.lock);
	trace_call(&the.trace);
	if (trace_bytes(b))
		trace_device_write(&the.trace, TRACE_MEMSET, b, 1, h);
	pthread_mutex_unlock(&the.lock);
}

static void launched(void)
{
	pthread_mutex_lock(&the.lock);
	trace_launch(&the.trace);
	pthread_mutex_unlock(&the.lock);
}

/* ---- copies ------------------------------------------------------------------------ */

typedef cudaError_t (*copy_fn)(void *, const void *, size_t, int);
typedef cudaError_t (*copy_async_fn)(void *, const void *, size_t, int, cudaStream_t);
typedef cudaError_t (*copy2d_fn)(void *, size_t, const void *, size_t, size_t, size_t, int);
typedef cudaError_t (*copy2d_async_fn)(void *, size_t, const void *, size_t, size_t, size_t, int,
				       cudaStream_t);

cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, int kind)
{
	copy_fn f = REAL(copy_fn, "cudaMemcpy");
	if (!f)
		return ERR_UNKNOWN;
	if (!enter()) {
		cudaError_t e = f(dst, src, n, kind);
		leave();
		return e;
	}
	struct xfer x = {resolve(kind, dst, src), box2(dst, n, src, n, n, 1), 0, 0, 0};
	before(&x);
	cudaError_t e = f(dst, src, n, kind);
	if (e == OK)
		after(&x, 0, NULL);
	leave();
	return e;
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, int kind, cudaStream_t s)
{
	copy_async_fn f = REAL(copy_async_fn, "cudaMemcpyAsync");
	if (!f)
		return ERR_UNKNOWN;
	if (!enter()) {
		cudaError_t e = f(dst, src, n, kind, s);
		leave();
		return e;
	}
	struct xfer x = {resolve(kind, dst, src), box2(dst, n, src, n, n, 1), 0, 0, 0};
	before(&x);
	cudaError_t e = f(dst, src, n, kind, s);
	if (e == OK)
		after(&x, 1, s);
	leave();
	return e;
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t w, size_t h,
			 int kind)
{
	copy2d_fn f = REAL(copy2d_fn, "cudaMemcpy2D");
	if (!f)
		return ERR_UNKNOWN;
	if (!enter()) {
		cudaError_t e = f(dst, dpitch, src, spitch, w, h, kind);
		leave();
		return e;
	}
	struct xfer x = {resolve(kind, dst, src), box2(dst, dpitch, src, spitch, w, h), 0, 0, 0};
	before(&x);
	cudaError_t e = f(dst, dpitch, src, spitch, w, h, kind);
	if (e == OK)
		after(&x, 0, NULL);
	leave();
	return e;
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t w,
			      size_t h, int kind, cudaStream_t s)
{
	copy2d_async_fn f = REAL(copy2d_async_fn, "cudaMemcpy2DAsync");
	if (!f)
		return ERR_UNKNOWN;
	if (!enter()) {
		cudaError_t e = f(dst, dpitch, src, spitch, w, h, kind, s);
		leave();
		return e;
	}
	struct xfer x = {resolve(kind, dst, src), box2(dst, dpitch, src, spitch, w, h), 0, 0, 0};
	before(&x);
	cudaError_t e = f(dst, dpitch, src, spitch, w, h, kind, s);
	if (e == OK)
		after(&x, 1, s);
	leave();
	return e;
}

/* A 3-D copy between pitched pointers is a box; one with a CUDA array on
 * either side is counted with its bytes, its payload never known. */
static struct xfer xfer3d(const struct parms3d *p)
{
	const struct extent *e = &p->extent;
	struct xfer x = {0};
	const struct pitched *d = &p->dst_ptr, *s = &p->src_ptr;
	size_t dslice = d->pitch * d->ysize, sslice = s->pitch * s->ysize;
	char *dst = (char *)d->ptr + p->dst_pos.z * dslice + p->dst_pos.y * d->pitch + p->dst_pos.x;
	const char *src = (const char *)s->ptr + p->src_pos.z * sslice + p->src_pos.y * s->pitch + p->src_pos.x;
	x.b = (struct trace_box){(uintptr_t)dst, src, d->pitch, dslice, s->pitch, sslice,
				 e->width, e->height, e->depth, 0};
	x.kind = (p->src_array || p->dst_array) ? p->kind : resolve(p->kind, dst, src);
	return x;
}

static void after3d(const struct parms3d *p, struct xfer *x, int async, cudaStream_t s)
{
	if (!p->src_array && !p->dst_array) {
		after(x, async, s);
		return;
	}
	pthread_mutex_lock(&the.lock);
	trace_call(&the.trace);
	if (trace_bytes(&x->b) && x->kind == D2H)
		trace_host_write(&the.trace, &x->b, 0);
	else if (trace_bytes(&x->b) && (x->kind == H2D || x->kind == D2D))
		trace_device_write(&the.trace, x->kind == H2D ? TRACE_H2D : TRACE_D2D, &x->b, 0, 0);
	pthread_mutex_unlock(&the.lock);
}

typedef cudaError_t (*copy3d_fn)(const struct parms3d *);
typedef cudaError_t (*copy3d_async_fn)(const struct parms3d *, cudaStream_t);

cudaError_t cudaMemcpy3D(const struct parms3d *p)
{
	copy3d_fn f = REAL(copy3d_fn, "cudaMemcpy3D");
	if (!f)
		return ERR_UNKNOWN;
	if (!enter() || !p) {
		cudaError_t e = f(p);
		leave();
		return e;
	}
	struct xfer x = xfer3d(p);
	if (!p->src_array && !p->dst_array)
		before(&x);
	cudaError_t e = f(p);
	if (e == OK)
		after3d(p, &x, 0, NULL);
	leave();
	return e;
}

cudaError_t cudaMemcpy3DAsync(const struct parms3d *p, cudaStream_t s)
{
	copy3d_async_fn f = REAL(copy3d_async_fn, "cudaMemcpy3DAsync");
	if (!f)
		return ERR_UNKNOWN;
	if (!enter() || !p) {
		cudaError_t e = f(p, s);
		leave();
		return e;
	}
	struct xfer x = xfer3d(p);
	if (!p->src_array && !p->dst_array)
		before(&x);
	cudaError_t e = f(p, s);
	if (e == OK)
		after3d(p, &x, 1, s);
	leave();
	return e;
}

/* ---- symbols: keyed by their device address where the runtime gives it ------ */

static const void *symbol_at(const void *symbol, size_t offset)
{
	typedef cudaError_t (*addr_fn)(void **, const void *);
	addr_fn f = REAL(addr_fn, "cudaGetSymbolAddress");
	void *a = NULL;
	if (!f || f(&a, symbol) != OK)
		a = (void *)symbol;
	return (const char *)a + offset;
}

static int symbol_kind(int kind, const void *other, int to)
{
	if (kind != DEFAULT)
		return kind;
	if (on_device(other))
		return D2D;
	return to ? H2D : D2H;
}

typedef cudaError_t (*to_sym_fn)(const void *, const void *, size_t, size_t, int);
typedef cudaError_t (*from_sym_fn)(void *, const void *, size_t, size_t, int);
typedef cudaError_t (*to_sym_async_fn)(const void *, const void *, size_t, size_t, int, cudaStream_t);
typedef cudaError_t (*from_sym_async_fn)(void *, const void *, size_t, size_t, int, cudaStream_t);

/* The device address of a symbol is asked for before the copy (the runtime
 * knows it once the module is loaded, which the copy does anyway). */
static cudaError_t to_symbol(const void *sym, const void *src, size_t n, size_t off, int kind, int async,
			     cudaStream_t s)
{
	const char *name = async ? "cudaMemcpyToSymbolAsync" : "cudaMemcpyToSymbol";
	void *f = real(name);
	if (!f)
		return ERR_UNKNOWN;
	int traced = enter();
	struct xfer x = {0};
	if (traced) {
		x.kind = symbol_kind(kind, src, 1);
		x.b = box2(symbol_at(sym, off), n, src, n, n, 1);
		before(&x);
	}
	cudaError_t e = async ? ((to_sym_async_fn)f)(sym, src, n, off, kind, s)
			      : ((to_sym_fn)f)(sym, src, n, off, kind);
	if (traced && e == OK)
		after(&x, async, s);
	leave();
	return e;
}

static cudaError_t from_symbol(void *dst, const void *sym, size_t n, size_t off, int kind, int async,
			       cudaStream_t s)
{
	const char *name = async ? "cudaMemcpyFromSymbolAsync" : "cudaMemcpyFromSymbol";
	void *f = real(name);
	if (!f)
		return ERR_UNKNOWN;
	int traced = enter();
	struct xfer x = {0};
	if (traced) {
		x.kind = symbol_kind(kind, dst, 0);
		x.b = box2(dst, n, symbol_at(sym, off), n, n, 1);
		before(&x);
	}
	cudaError_t e = async ? ((from_sym_async_fn)f)(dst, sym, n, off, kind, s)
			      : ((from_sym_fn)f)(dst, sym, n, off, kind);
	if (traced && e == OK)
		after(&x, async, s);
	leave();
	return e;
}

cudaError_t cudaMemcpyToSymbol(const void *sym, const void *src, size_t n, size_t off, int kind)
{
	return to_symbol(sym, src, n, off, kind, 0, NULL);
}

cudaError_t cudaMemcpyToSymbolAsync(const void *sym, const void *src, size_t n, size_t off, int kind,
				    cudaStream_t s)
{
	return to_symbol(sym, src, n, off, kind, 1, s);
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *sym, size_t n, size_t off, int kind)
{
	return from_symbol(dst, sym, n, off, kind, 0, NULL);
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *sym, size_t n, size_t off, int kind,
				      cudaStream_t s)
{
	return from_symbol(dst, sym, n, off, kind, 1, s);
}

/* ---- memsets ------------------------------------------------------------------------ */

typedef cudaError_t (*set_fn)(void *, int, size_t);
typedef cudaError_t (*set_async_fn)(void *, int, size_t, cudaStream_t);
typedef cudaError_t (*set2d_fn)(void *, size_t, int, size_t, size_t);
typedef cudaError_t (*set2d_async_fn)(void *, size_t, int, size_t, size_t, cudaStream_t);
typedef cudaError_t (*set3d_fn)(struct pitched, int, struct extent);
typedef cudaError_t (*set3d_async_fn)(struct pitched, int, struct extent, cudaStream_t);

static struct trace_box fill(void *p, size_t pitch, size_t slice, int v, size_t w, size_t h, size_t d)
{
	struct trace_box b = {(uintptr_t)p, NULL, pitch, slice, 0, 0, w, h, d, v};
	return b;
}

/* Forward to the real memset (run), tracing b when it succeeds. */
#define MEMSET(name, type, b, ...) \
	do { \
		type f = REAL(type, name); \
		if (!f) \
			return ERR_UNKNOWN; \
		int traced = enter(); \
		cudaError_t rc_ = f(__VA_ARGS__); \
		if (traced && rc_ == OK) \
			memset_done(&(b)); \
		leave(); \
		return rc_; \
	} while (0)

cudaError_t cudaMemset(void *p, int v, size_t n)
{
	struct trace_box b = fill(p, n, n, v, n, 1, 1);
	MEMSET("cudaMemset", set_fn, b, p, v, n);
}

cudaError_t cudaMemsetAsync(void *p, int v, size_t n, cudaStream_t s)
{
	struct trace_box b = fill(p, n, n, v, n, 1, 1);
	MEMSET("cudaMemsetAsync", set_async_fn, b, p, v, n, s);
}

cudaError_t cudaMemset2D(void *p, size_t pitch, int v, size_t w, size_t h)
{
	struct trace_box b = fill(p, pitch, pitch * h, v, w, h, 1);
	MEMSET("cudaMemset2D", set2d_fn, b, p, pitch, v, w, h);
}

cudaError_t cudaMemset2DAsync(void *p, size_t pitch, int v, size_t w, size_t h, cudaStream_t s)
{
	struct trace_box b = fill(p, pitch, pitch * h, v, w, h, 1);
	MEMSET("cudaMemset2DAsync", set2d_async_fn, b, p, pitch, v, w, h, s);
}

cudaError_t cudaMemset3D(struct pitched p, int v, struct extent e)
{
	struct trace_box b = fill(p.ptr, p.pitch, p.pitch * p.ysize, v, e.width, e.height, e.depth);
	MEMSET("cudaMemset3D", set3d_fn, b, p, v, e);
}

cudaError_t cudaMemset3DAsync(struct pitched p, int v, struct extent e, cudaStream_t s)
{
	struct trace_box b = fill(p.ptr, p.pitch, p.pitch * p.ysize, v, e.width, e.height, e.depth);
	MEMSET("cudaMemset3DAsync", set3d_async_fn, b, p, v, e, s);
}

/* ---- allocations and frees ------------------------------------------------------- */

typedef cudaError_t (*malloc_fn)(void **, size_t);
typedef cudaError_t (*malloc_flags_fn)(void **, size_t, unsigned);
typedef cudaError_t (*malloc_async_fn)(void **, size_t, cudaStream_t);
typedef cudaError_t (*malloc_pitch_fn)(void **, size_t *, size_t, size_t);
typedef cudaError_t (*malloc3d_fn)(struct pitched *, struct extent);
typedef cudaError_t (*free_fn)(void *);
typedef cudaError_t (*free_async_fn)(void *, cudaStream_t);

/* Forward an allocation (the call), then record out[0] of size bytes. */
#define ALLOC(name, type, out, size, device, ...) \
	do { \
		type f = REAL(type, name); \
		if (!f) \
			return ERR_UNKNOWN; \
		int traced = enter(); \
		cudaError_t rc_ = f(__VA_ARGS__); \
		if (traced && rc_ == OK) \
			add_block(*(out), (size), (device)); \
		leave(); \
		return rc_; \
	} while (0)

cudaError_t cudaMalloc(void **p, size_t n)
{
	ALLOC("cudaMalloc", malloc_fn, p, n, 1, p, n);
}

cudaError_t cudaMallocAsync(void **p, size_t n, cudaStream_t s)
{
	ALLOC("cudaMallocAsync", malloc_async_fn, p, n, 1, p, n, s);
}

cudaError_t cudaMallocManaged(void **p, size_t n, unsigned flags)
{
	ALLOC("cudaMallocManaged", malloc_flags_fn, p, n, 1, p, n, flags);
}

cudaError_t cudaMallocHost(void **p, size_t n)
{
	ALLOC("cudaMallocHost", malloc_fn, p, n, 0, p, n);
}

cudaError_t cudaHostAlloc(void **p, size_t n, unsigned flags)
{
	ALLOC("cudaHostAlloc", malloc_flags_fn, p, n, 0, p, n, flags);
}

cudaError_t cudaMallocPitch(void **p, size_t *pitch, size_t w, size_t h)
{
	ALLOC("cudaMallocPitch", malloc_pitch_fn, p, *pitch * h, 1, p, pitch, w, h);
}

cudaError_t cudaMalloc3D(struct pitched *p, struct extent e)
{
	malloc3d_fn f = REAL(malloc3d_fn, "cudaMalloc3D");
	if (!f)
		return ERR_UNKNOWN;
	int traced = enter();
	cudaError_t err = f(p, e);
	if (traced && err == OK)
		add_block(p->ptr, p->pitch * e.height * e.depth, 1);
	leave();
	return err;
}

static cudaError_t free_kind(const char *name, void *p)
{
	free_fn f = REAL(free_fn, name);
	if (!f)
		return ERR_UNKNOWN;
	int traced = enter();
	cudaError_t e = f(p);
	if (traced && e == OK && p)
		drop_block(p);
	leave();
	return e;
}

cudaError_t cudaFree(void *p)
{
	return free_kind("cudaFree", p);
}

cudaError_t cudaFreeHost(void *p)
{
	return free_kind("cudaFreeHost", p);
}

cudaError_t cudaFreeAsync(void *p, cudaStream_t s)
{
	free_async_fn f = REAL(free_async_fn, "cudaFreeAsync");
	if (!f)
		return ERR_UNKNOWN;
	int traced = enter();
	cudaError_t e = f(p, s);
	if (traced && e == OK && p)
		drop_block(p);
	leave();
	return e;
}

/* ---- launches: any kernel may write any device memory ------------------------- */

static cudaError_t launch(const char *name, const void *fn, struct dim3 g, struct dim3 b, void **args,
			  size_t shmem, cudaStream_t s)
{
	launch_fn f = REAL(launch_fn, name);
	if (!f)
		return ERR_UNKNOWN;
	int traced = enter();
	cudaError_t e = f(fn, g, b, args, shmem, s);
	if (traced)
		launched();
	leave();
	return e;
}

/* What `<<<...>>>` calls in code nvcc generates (CUDA 12.x and later). */
cudaError_t __cudaLaunchKernel(const void *k, struct dim3 g, struct dim3 b, void **args, size_t shmem,
			       cudaStream_t s)
{
	return launch("__cudaLaunchKernel", k, g, b, args, shmem, s);
}

cudaError_t __cudaLaunchKernel_ptsz(const void *k, struct dim3 g, struct dim3 b, void **args,
				    size_t shmem, cudaStream_t s)
{
	return launch("__cudaLaunchKernel_ptsz", k, g, b, args, shmem, s);
}

cudaError_t cudaLaunchKernel(const void *k, struct dim3 g, struct dim3 b, void **args, size_t shmem,
			     cudaStream_t s)
{
	return launch("cudaLaunchKernel", k, g, b, args, shmem, s);
}

cudaError_t cudaLaunchKernel_ptsz(const void *k, struct dim3 g, struct dim3 b, void **args, size_t shmem,
				  cudaStream_t s)
{
	return launch("cudaLaunchKernel_ptsz", k, g, b, args, shmem, s);
}

cudaError_t cudaLaunchCooperativeKernel(const void *k, struct dim3 g, struct dim3 b, void **args,
					size_t shmem, cudaStream_t s)
{
	return launch("cudaLaunchCooperativeKernel", k, g, b, args, shmem, s);
}

typedef cudaError_t (*launch_ex_fn)(const void *, const void *, void **);

static cudaError_t launch_ex(const char *name, const void *config, const void *fn, void **args)
{
	launch_ex_fn f = REAL(launch_ex_fn, name);
	if (!f)
		return ERR_UNKNOWN;
	int traced = enter();
	cudaError_t e = f(config, fn, args);
	if (traced)
		launched();
	leave();
	return e;
}

cudaError_t cudaLaunchKernelExC(const void *config, const void *fn, void **args)
{
	return launch_ex("cudaLaunchKernelExC", config, fn, args);
}

cudaError_t cudaLaunchKernelExC_ptsz(const void *config, const void *fn, void **args)
{
	return launch_ex("cudaLaunchKernelExC_ptsz", config, fn, args);
}

/* A graph may hold kernels: its launch counts as one. */
cudaError_t cudaGraphLaunch(void *graph, cudaStream_t s)
{
	typedef cudaError_t (*graph_fn)(void *, cudaStream_t);
	graph_fn f = REAL(graph_fn, "cudaGraphLaunch");
	if (!f)
		return ERR_UNKNOWN;
	int traced = enter();
	cudaError_t e = f(graph, s);
	if (traced)
		launched();
	leave();
	return e;
}
