/* launch.c: kernel launches. cuflowLaunch (the lowering's entry point)
 * validates and submits a launch; rt_run_launch runs a grid's blocks over
 * OpenMP threads with affinity scheduling; the registry of
 * cuflowRegisterKernel serves cudaLaunchKernel and friends; function
 * attributes and occupancy answers live here too.
 *
 * Schedule: affinity scheduling (run_affine, below; doc/runtime.md has
 * the measurements, runtime/tests/bench_grain.cpp the kernels). CUFLOW_GRAIN
 * (or cuflowSetGrain) replaces it with OpenMP's dynamic schedule, that many
 * blocks per task, for every launch.
 *
 * Split blocks. A grid of fewer than MIN_TASKS_PER_THREAD blocks per
 * thread leaves threads idle, or cannot be balanced when its blocks differ
 * in cost (runtime/tests/bench_split: one block of 1024 threads whose cost
 * grows with the thread index, 6.46 ms whole, 0.62 ms as ranges on 16
 * threads; doc/runtime.md). A kernel whose threads never meet
 * (cuflowLaunchSplit) then runs each 1-D block as ranges of at least
 * MIN_SPLIT threads, enough ranges for that many tasks a thread, one task
 * each.
 *
 * Device-side assert. A kernel's failing assert() stops the kernel and
 * breaks the context, as on a GPU: glibc's assert calls __assert_fail,
 * which the runtime defines (the program's definition wins over the C
 * library's). While a thread runs blocks, `guard` is where it leaves them:
 * the failing thread prints the GPU's message (without the thread index,
 * which only the block function knows), records cudaErrorAssert
 * (rt_sticky) and jumps there; no thread starts another block of any
 * launch. An assert outside blocks fails as glibc's does.
 *
 * Device-side printf. CUDA's returns the number of arguments after the
 * format (0 with none: the Programming Guide's "number of arguments
 * parsed"), the C library's the characters printed; kernels call printf as
 * written, so the runtime defines printf (and _FORTIFY_SOURCE's
 * __printf_chk) as it does __assert_fail: the C library's vfprintf to
 * stdout, whose count it returns outside blocks (`guard` unset), the
 * format's argument count (parse_printf_format) inside them.
 */
#include <errno.h>
#include <omp.h>
#include <printf.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt_internal.h"

#define MIN_TASKS_PER_THREAD 4
#define MIN_SPLIT 32

static dim3 block_index(long long i, dim3 grid)
{
	dim3 b;
	long long t = i / grid.x;
	b.x = (unsigned)(i - t * grid.x);
	b.y = (unsigned)(t % grid.y);
	b.z = (unsigned)(t / grid.y);
	return b;
}

/* The calling thread's dynamic shared memory, for cuflowDynShared: each
 * thread of a launch runs its blocks one after another in one buffer. */
static _Thread_local void *dynshm_now;

void *cuflowDynShared(void)
{
	return dynshm_now;
}

/* The static __shared__ variables of __device__ functions the calling
 * thread's blocks use (cuflowBlockShared), by their keys' addresses: one
 * buffer each, reused by the blocks the thread runs one after another, as
 * a block's own __shared__ memory starts with no defined contents. */
static _Thread_local struct blockshared {
	const void *key;
	void *p;
} *statics;
static _Thread_local int nstatics;

void *cuflowBlockShared(const void *key, size_t bytes)
{
	for (int i = 0; i < nstatics; i++)
		if (statics[i].key == key)
			return statics[i].p;
	struct blockshared *g = realloc(statics, (size_t)(nstatics + 1) * sizeof *g);
	void *p = aligned_alloc(64, (bytes + 63) & ~(size_t)63);
	if (!g || !p) {
		fprintf(stderr, "%s: out of memory for a __device__ function's __shared__ variable (%zu bytes)\n",
			program_invocation_short_name, bytes);
		abort();
	}
	statics = g;
	statics[nstatics++] = (struct blockshared){key, p};
	return p;
}

/* The calling thread's buffers for a block's per-thread copies of a
 * kernel's local arrays: one copy per thread of the block, too much for a
 * worker's stack with alloca (HeCBench's fsm keeps 256 x 32 KiB). Each slot
 * (a variable of the block function) keeps its buffer for the next block
 * this thread runs, growing it when a launch needs more. */
#define SCRATCH_SLOTS 64
static _Thread_local struct {
	void *p;
	size_t n;
} scratch[SCRATCH_SLOTS];

void *cuflowScratch(int slot, size_t bytes)
{
	if (slot < 0 || slot >= SCRATCH_SLOTS)
		return NULL;
	if (scratch[slot].n < bytes) {
		free(scratch[slot].p);
		scratch[slot].p = malloc(bytes ? bytes : 1);
		if (!scratch[slot].p) {
			fprintf(stderr, "%s: out of memory for a block's local arrays (%zu bytes)\n",
				program_invocation_short_name, bytes);
			abort();
		}
		scratch[slot].n = bytes;
	}
	return scratch[slot].p;
}

static _Thread_local jmp_buf *guard;
static _Thread_local const cuflow_block *running; /* the block being run */

void __assert_fail(const char *expr, const char *file, unsigned int line, const char *func)
	__attribute__((noreturn));

void __assert_fail(const char *expr, const char *file, unsigned int line, const char *func)
{
	if (!guard) {
		fprintf(stderr, "%s: %s:%u: %s: Assertion `%s' failed.\n", program_invocation_short_name, file, line,
			func, expr);
		abort();
	}
	dim3 b = running->blockIdx;
	fprintf(stderr, "%s:%u: %s: block [%u,%u,%u]: Assertion `%s` failed.\n", file, line, func, b.x, b.y, b.z,
		expr);
	__atomic_store_n(&rt()->sticky, cudaErrorAssert, __ATOMIC_RELEASE);
	longjmp(*guard, 1);
}

/* n: what the C library's printf returned */
static int printf_result(const char *fmt, int n)
{
	return guard && n >= 0 ? (int)parse_printf_format(fmt, 0, NULL) : n;
}

int printf(const char *restrict fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vfprintf(stdout, fmt, ap);
	va_end(ap);
	return printf_result(fmt, n);
}

int __vfprintf_chk(FILE *f, int flag, const char *restrict fmt, va_list ap);
int __printf_chk(int flag, const char *restrict fmt, ...);

int __printf_chk(int flag, const char *restrict fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = __vfprintf_chk(stdout, flag, fmt, ap);
	va_end(ap);
	return printf_result(fmt, n);
}

static bool asserted(void)
{
	return __atomic_load_n(&rt()->sticky, __ATOMIC_RELAXED) != cudaSuccess;
}

/* work(ctx), which runs blocks in *b, under a guard: a failed device assert
 * leaves it. Its own function, so that no caller's variable lives across
 * the jump. */
static __attribute__((noinline)) void guarded(void (*work)(void *), void *ctx, const cuflow_block *b)
{
	jmp_buf jb;
	if (setjmp(jb) == 0) {
		guard = &jb;
		running = b;
		work(ctx);
	}
	guard = NULL;
	running = NULL;
}

struct blocks {
	cuflow_kernel fn;
	void *args;
	cuflow_block *b;
	long long n;                /* run_serial: blocks lo..lo+n-1 */
	long long lo;               /* the first block of the range run (cuflowRunBlocks) */
	struct share *sh, *s;       /* run_affine: the shares, this thread's */
	int nt;
};

static void one_block(void *ctx)
{
	struct blocks *w = ctx;
	w->fn(w->b, w->args);
}

/* One block under its own guard (the schedules whose loops are OpenMP's:
 * a jump must not leave an omp for). */
static void run_guarded(cuflow_kernel fn, void *args, cuflow_block *b)
{
	struct blocks w = {fn, args, b, 1, 0, NULL, NULL, 0};
	if (!asserted())
		guarded(one_block, &w, b);
}

static void *shm_alloc(size_t shmem)
{
	if (!shmem)
		return dynshm_now = NULL;
	void *p = aligned_alloc(16, (shmem + 15) & ~(size_t)15);
	if (!p)
		abort();
	return dynshm_now = p;
}

static void serial_blocks(void *ctx)
{
	struct blocks *w = ctx;
	for (long long i = 0; i < w->n && !asserted(); i++) {
		w->b->blockIdx = block_index(w->lo + i, w->b->gridDim);
		w->fn(w->b, w->args);
	}
}

static void run_serial(cuflow_kernel fn, void *args, cuflow_block b, long long lo, long long n)
{
	struct blocks w = {fn, args, &b, n, lo, NULL, NULL, 0};
	guarded(serial_blocks, &w, &b);
}

/* Ranges to run each block of a split launch as (1: the whole block). */
static unsigned split_ranges(long long nblocks, int nthreads, dim3 block)
{
	long long want = (long long)nthreads * MIN_TASKS_PER_THREAD;
	if (block.y != 1 || block.z != 1 || nthreads == 1 || nblocks >= want)
		return 1;
	long long r = (want + nblocks - 1) / nblocks, most = block.x / MIN_SPLIT;
	return (unsigned)(r < most ? r : most > 1 ? most : 1);
}

static void run_split(cuflow_kernel fn, void *args, cuflow_block b, size_t shmem, long long lo, long long n,
		      unsigned ranges, int nt)
{
	/* ranges of a multiple of 16 threads, so that each stays SIMD-friendly */
	unsigned w = ((b.blockDim.x + ranges - 1) / ranges + 15) & ~15u;
	long long tasks = n * (long long)ranges;
#pragma omp parallel num_threads(nt) firstprivate(b)
	{
		b.dynshm = shm_alloc(shmem);
#pragma omp for schedule(dynamic, 1)
		for (long long i = 0; i < tasks; i++) {
			b.blockIdx = block_index(lo + i / ranges, b.gridDim);
			b.tlo = (unsigned)(i % ranges) * w;
			b.thi = b.tlo + w < b.blockDim.x ? b.tlo + w : b.blockDim.x;
			if (b.tlo < b.thi)
				run_guarded(fn, args, &b);
		}
		free(b.dynshm);
	}
}

/* One thread's share of a launch: blocks next..end-1 are not yet taken. */
struct share {
	_Alignas(64) long long next;
	long long end;
};

/* Takes 1/div of the blocks left in s (at least one): returns the first,
 * or -1 when s is empty. */
static long long take(struct share *s, long long div, long long *count)
{
	long long i = __atomic_load_n(&s->next, __ATOMIC_RELAXED);
	for (;;) {
		long long left = s->end - i;
		if (left <= 0)
			return -1;
		long long c = left / div > 1 ? left / div : 1;
		if (__atomic_compare_exchange_n(&s->next, &i, i + c, true, __ATOMIC_RELAXED,
						__ATOMIC_RELAXED)) {
			*count = c;
			return i;
		}
	}
}

/* The share with the most blocks left, or NULL when all are empty. */
static struct share *most_left(struct share *sh, int nt)
{
	struct share *best = NULL;
	long long most = 0;
	for (int t = 0; t < nt; t++) {
		long long left = sh[t].end - __atomic_load_n(&sh[t].next, __ATOMIC_RELAXED);
		if (left > most) {
			most = left;
			best = &sh[t];
		}
	}
	return best;
}

/* One thread's blocks of run_affine. */
static void affine_blocks(void *ctx)
{
	struct blocks *w = ctx;
	struct share *s = w->s;
	long long i, c;
	/* a team smaller than nt leaves shares that the others take */
	while (s && !asserted()) {
		if ((i = take(s, w->nt, &c)) < 0) {
			s = most_left(w->sh, w->nt);
			continue;
		}
		for (long long e = i + c; i < e && !asserted(); i++) {
			w->b->blockIdx = block_index(w->lo + i, w->b->gridDim);
			w->fn(w->b, w->args);
		}
	}
}

/* Affinity scheduling (Markatos and LeBlanc, IEEE TPDS 5(4), 1994): thread
 * t owns the t-th contiguous share of the grid and takes 1/nt of what is
 * left of it at a time; a thread whose share is empty takes 1/nt of the
 * fullest share. On a balanced grid each thread runs the same blocks launch
 * after launch, as with OpenMP's static schedule; the shrinking chunks
 * balance uneven grids. A thread takes its own chunks from a counter no
 * other thread touches until it steals, so chunks cost no contended atomic
 * and need no lower bound, unlike a dynamic schedule's grain. */
static void run_affine(cuflow_kernel fn, void *args, cuflow_block b, size_t shmem,
		       long long lo, long long n, int nt)
{
	struct share *sh = aligned_alloc(64, (size_t)nt * sizeof *sh);
	if (!sh)
		abort();
	for (int t = 0; t < nt; t++) {
		sh[t].next = n * t / nt;
		sh[t].end = n * (t + 1) / nt;
	}
#pragma omp parallel num_threads(nt) firstprivate(b)
	{
		struct blocks w = {fn, args, &b, n, lo, sh, &sh[omp_get_thread_num() % nt], nt};
		b.dynshm = shm_alloc(shmem);
		guarded(affine_blocks, &w, &b);
		free(b.dynshm);
	}
	free(sh);
}

/* Runs blocks [lo, lo + n) of the grid (by linearised index). */
static void run_range(cuflow_kernel fn, void *args, dim3 grid, dim3 block, size_t shmem, bool split,
		      long long lo, long long n)
{
	int nt = omp_get_max_threads();
	long grain = __atomic_load_n(&rt()->grain, __ATOMIC_RELAXED);
	cuflow_block b = {grid, block, {0, 0, 0}, NULL, 0, block.x};
	unsigned ranges = split && grain <= 0 ? split_ranges(n, nt, block) : 1;
	if (ranges > 1) {
		/* the kernel has no shared memory, a __device__ function it calls may */
		run_split(fn, args, b, shmem, lo, n, ranges, nt);
		return;
	}
	if (n == 1 || nt == 1) {
		b.dynshm = shm_alloc(shmem);
		run_serial(fn, args, b, lo, n);
		free(b.dynshm);
		return;
	}
	/* The whole team even when there are fewer blocks than threads:
	 * libgomp ends the pool's threads a smaller team leaves out and
	 * creates new ones for the next larger team, which launches of
	 * growing and shrinking grids (nw, lud) paid on every step. */
	if (grain <= 0) {
		run_affine(fn, args, b, shmem, lo, n, nt);
		return;
	}
#pragma omp parallel num_threads(nt) firstprivate(b)
	{
		b.dynshm = shm_alloc(shmem);
#pragma omp for schedule(dynamic, grain)
		for (long long i = 0; i < n; i++) {
			b.blockIdx = block_index(lo + i, grid);
			run_guarded(fn, args, &b);
		}
		free(b.dynshm);
	}
}

void rt_run_launch(cuflow_kernel fn, void *args, dim3 grid, dim3 block, size_t shmem, bool split)
{
	run_range(fn, args, grid, block, shmem, split, 0, (long long)grid.x * grid.y * grid.z);
}

void cuflowRunBlocks(cuflow_kernel fn, void *args, dim3 grid, dim3 block, size_t shmem, long long lo,
		     long long hi)
{
	if (lo < hi)
		run_range(fn, args, grid, block, shmem, false, lo, hi - lo);
}

/* ---- cuflowLaunch ---------------------------------------------------------- */

static cudaError_t check_config(cuflow_kernel fn, dim3 grid, dim3 block, size_t shmem)
{
	unsigned long long threads = (unsigned long long)block.x * block.y * block.z;
	if (!fn)
		return cudaErrorInvalidDeviceFunction;
	if (threads == 0 || threads > 1024 || block.x > 1024 || block.y > 1024 || block.z > 64)
		return cudaErrorInvalidConfiguration;
	if (grid.x == 0 || grid.y == 0 || grid.z == 0 || grid.x > 0x7fffffffu ||
	    grid.y > 65535 || grid.z > 65535)
		return cudaErrorInvalidConfiguration;
	if (shmem > RT_SHMEM_OPTIN)
		return cudaErrorInvalidValue;
	return cudaSuccess;
}

static cudaError_t submit_launch(cuflow_kernel fn, const void *args, size_t argsize, dim3 grid,
				 dim3 block, size_t shmem, cudaStream_t stream, bool split)
{
	cudaError_t e = rt_sticky(cudaSuccess);
	if (e != cudaSuccess)
		return e;
	e = check_config(fn, grid, block, shmem);
	if (e != cudaSuccess)
		return rt_err(e);
	if (argsize && !args)
		return rt_err(cudaErrorInvalidValue);
	struct CUstream_st *s = rt_stream(stream);
	if (!s)
		return rt_err(cudaErrorInvalidResourceHandle);
	if (s->legacy && (e = rt_capture_legacy()) != cudaSuccess)
		return e;
	struct op *o = rt_op_new(OP_LAUNCH, s);
	o->owned = rt_xmalloc(argsize); /* malloc: aligned for any scalar type */
	o->nowned = argsize;
	if (argsize)
		memcpy(o->owned, args, argsize);
	o->u.launch.fn = fn;
	o->u.launch.args = o->owned;
	o->u.launch.grid = grid;
	o->u.launch.block = block;
	o->u.launch.shmem = shmem;
	o->u.launch.split = split;
	rt_submit(o);
	return cudaSuccess;
}

cudaError_t cuflowLaunch(cuflow_kernel fn, const void *args, size_t argsize,
			 dim3 grid, dim3 block, size_t shmem, cudaStream_t stream)
{
	return submit_launch(fn, args, argsize, grid, block, shmem, stream, false);
}

cudaError_t cuflowLaunchSplit(cuflow_kernel fn, const void *args, size_t argsize,
			      dim3 grid, dim3 block, size_t shmem, cudaStream_t stream)
{
	return submit_launch(fn, args, argsize, grid, block, shmem, stream, true);
}

/* ---- registered kernels ----------------------------------------------------- */

static struct kreg *find_kernel(const void *key)
{
	struct cuflow_rt *r = rt();
	struct kreg *k = NULL;
	rt_lock();
	for (size_t i = 0; i < r->nkernels; i++)
		if (r->kernels[i].key == key)
			k = &r->kernels[i];
	rt_unlock();
	return k;
}

static size_t *copy_sizes(const size_t *v, unsigned n)
{
	size_t *c = rt_xmalloc(n * sizeof *c);
	if (n)
		memcpy(c, v, n * sizeof *c);
	return c;
}

cudaError_t cuflowRegisterKernel(const void *key, cuflow_kernel fn, size_t argsize,
				 unsigned nparams, const size_t *offsets, const size_t *sizes)
{
	struct cuflow_rt *r = rt();
	if (!key || !fn || (nparams && (!offsets || !sizes)))
		return rt_err(cudaErrorInvalidValue);
	for (unsigned i = 0; i < nparams; i++)
		if (offsets[i] + sizes[i] > argsize)
			return rt_err(cudaErrorInvalidValue);
	rt_lock();
	if (r->nkernels == r->cap_kernels) {
		r->cap_kernels = r->cap_kernels ? 2 * r->cap_kernels : 16;
		struct kreg *k = realloc(r->kernels, r->cap_kernels * sizeof *k);
		if (!k)
			abort();
		r->kernels = k;
	}
	struct kreg *k = &r->kernels[r->nkernels++];
	k->key = key;
	k->fn = fn;
	k->argsize = argsize;
	k->nparams = nparams;
	k->offsets = copy_sizes(offsets, nparams);
	k->sizes = copy_sizes(sizes, nparams);
	rt_unlock();
	return cudaSuccess;
}

static cudaError_t launch_registered(const void *func, dim3 grid, dim3 block, void **args,
				     size_t shmem, cudaStream_t stream)
{
	struct kreg *k = find_kernel(func);
	if (!k)
		return rt_err(cudaErrorInvalidDeviceFunction);
	if (k->nparams && !args)
		return rt_err(cudaErrorInvalidValue);
	unsigned char *packed = rt_xmalloc(k->argsize);
	memset(packed, 0, k->argsize);
	for (unsigned i = 0; i < k->nparams; i++)
		memcpy(packed + k->offsets[i], args[i], k->sizes[i]);
	cudaError_t e = cuflowLaunch(k->fn, packed, k->argsize, grid, block, shmem, stream);
	free(packed);
	return e;
}

cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
			     size_t sharedMem, cudaStream_t stream)
{
	return launch_registered(func, gridDim, blockDim, args, sharedMem, stream);
}

/* Blocks of a cooperative launch must all be resident at once; lowered code
 * cannot synchronise a grid, so this is an ordinary launch. */
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim,
					void **args, size_t sharedMem, cudaStream_t stream)
{
	return launch_registered(func, gridDim, blockDim, args, sharedMem, stream);
}

cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args)
{
	if (!config)
		return rt_err(cudaErrorInvalidValue);
	return launch_registered(func, config->gridDim, config->blockDim, args,
				 config->dynamicSmemBytes, config->stream);
}

/* ---- function attributes and occupancy -------------------------------------- */

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func)
{
	if (!attr)
		return rt_err(cudaErrorInvalidValue);
	if (!func)
		return rt_err(cudaErrorInvalidDeviceFunction);
	memset(attr, 0, sizeof *attr);
	attr->maxThreadsPerBlock = 1024;
	attr->numRegs = 32;
	attr->ptxVersion = 90;
	attr->binaryVersion = 90;
	attr->maxDynamicSharedSizeBytes = (int)RT_SHMEM_DEFAULT;
	attr->preferredShmemCarveout = -1;
	return cudaSuccess;
}

cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value)
{
	if (!func)
		return rt_err(cudaErrorInvalidDeviceFunction);
	if (attr == cudaFuncAttributeMaxDynamicSharedMemorySize &&
	    (value < 0 || (size_t)value > RT_SHMEM_OPTIN))
		return rt_err(cudaErrorInvalidValue);
	if (attr == cudaFuncAttributePreferredSharedMemoryCarveout && (value < -1 || value > 100))
		return rt_err(cudaErrorInvalidValue);
	return cudaSuccess;
}

cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache cacheConfig)
{
	(void)cacheConfig;
	return func ? cudaSuccess : rt_err(cudaErrorInvalidDeviceFunction);
}

cudaError_t cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config)
{
	(void)config;
	return func ? cudaSuccess : rt_err(cudaErrorInvalidDeviceFunction);
}

/* Answers of a GPU with 2048 threads, 32 blocks and 228 KiB of shared
 * memory per multiprocessor, which is what the device properties say. */
#define SM_THREADS 2048
#define SM_BLOCKS 32
#define SM_SHMEM ((size_t)228 * 1024)

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func,
								   int blockSize, size_t dynamicSMemSize,
								   unsigned int flags)
{
	(void)flags;
	if (!numBlocks || blockSize <= 0)
		return rt_err(cudaErrorInvalidValue);
	if (!func)
		return rt_err(cudaErrorInvalidDeviceFunction);
	int n = blockSize > 1024 ? 0 : SM_THREADS / blockSize;
	if (n > SM_BLOCKS)
		n = SM_BLOCKS;
	if (dynamicSMemSize > RT_SHMEM_OPTIN)
		n = 0;
	else if (dynamicSMemSize && (size_t)n > SM_SHMEM / dynamicSMemSize)
		n = (int)(SM_SHMEM / dynamicSMemSize);
	*numBlocks = n;
	return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
							  int blockSize, size_t dynamicSMemSize)
{
	return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, func, blockSize,
								      dynamicSMemSize, 0);
}

cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, const void *func,
						      int numBlocks, int blockSize)
{
	if (!dynamicSmemSize || numBlocks <= 0 || blockSize <= 0)
		return rt_err(cudaErrorInvalidValue);
	if (!func)
		return rt_err(cudaErrorInvalidDeviceFunction);
	size_t n = 0;
	if ((long)numBlocks * blockSize <= SM_THREADS && numBlocks <= SM_BLOCKS && blockSize <= 1024)
		n = SM_SHMEM / (size_t)numBlocks;
	*dynamicSmemSize = n > RT_SHMEM_OPTIN ? RT_SHMEM_OPTIN : n;
	return cudaSuccess;
}
