/* rt_internal.h: the runtime's private declarations.
 *
 * The runtime is process state by nature (one CPU "device", its streams,
 * its allocations, its pending work). All of it lives in one struct,
 * `struct cuflow_rt`, reached through rt() and guarded by its recursive
 * mutex; the only other state is the calling thread's last error (CUDA
 * defines it per host thread). Nothing here is visible to programs: the
 * public surface is cuflow_cuda_api.h plus cuflow_rt.h.
 *
 * Work model. Every piece of device work (launch, copy, memset, host
 * function, event record, stream wait) becomes an `op`. In eager mode
 * (the default) an op runs as soon as it is submitted. In deferred mode
 * (CUFLOW_DEFER=1) it is appended to one pending list in issue order and
 * runs only when a synchronisation covers it: see queue.c.
 */
#ifndef CUFLOW_RT_INTERNAL_H
#define CUFLOW_RT_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include <time.h>

#include "cuflow_cuda_api.h"
#include "cuflow_rt.h"
#include "trace.h"

/* ---- streams and events ------------------------------------------------- */

struct CUstream_st {
	struct CUstream_st *next; /* list of user streams in rt()->streams */
	unsigned flags;           /* cudaStreamNonBlocking or 0 */
	int priority;
	int legacy;               /* the legacy default stream */
	int dead;                 /* destroyed; freed when npending drops to 0 */
	size_t npending;          /* queued ops of this stream */
	size_t nrefs;             /* queued ops of other streams waiting on it */
	uint64_t last;            /* id of its last queued op still pending (0: none) */
	uint64_t need;            /* closure computation scratch (queue.c) */
	int polled;               /* cudaStreamQuery already said NotReady */
	struct CUgraph_st *capture; /* the graph its work goes into while it is captured (graph.c) */
	size_t capops, capjoined;   /* ops captured on it, and how many of them a join covers */
};

struct CUevent_st {
	struct CUevent_st *next;  /* list of events in rt()->events */
	unsigned flags;
	int recorded;             /* cudaEventRecord was called at least once */
	int dead;
	size_t npending;          /* queued record ops naming this event */
	uint64_t rec_id;          /* pending record op of the latest record (0: done) */
	struct CUstream_st *rec_stream;
	struct CUgraph_st *capture; /* its latest record was captured into this graph (graph.c) */
	struct CUstream_st *capstream; /* on this stream, after its first capops ops */
	size_t capops;
	struct timespec when;     /* time the latest completed record ran */
	int polled;
};

/* ---- operations ----------------------------------------------------------- */

enum op_kind { OP_LAUNCH, OP_COPY, OP_MEMSET, OP_HOSTFN, OP_CALLBACK,
	       OP_RECORD, OP_WAIT, OP_FREE, OP_NOP };

/* A copy or a memset of a box of width bytes x height rows x depth slices. */
struct box {
	char *dst;
	const char *src;          /* copies only */
	size_t dpitch, dslice, spitch, sslice;
	size_t width, height, depth;
	int value;                /* memsets only */
	enum cudaMemcpyKind kind; /* copies: the direction, cudaMemcpyDefault resolved */
};

struct op {
	struct op *next, *prev;   /* pending list, increasing id */
	uint64_t id;
	enum op_kind kind;
	struct CUstream_st *stream;
	int barrier;              /* legacy stream op: after all earlier blocking-stream work */
	uint64_t legacy_dep;      /* blocking stream op: after this legacy op */
	struct CUstream_st *dep_stream; /* OP_WAIT: after this op of that stream */
	uint64_t dep_id;
	int needed;               /* closure scratch */
	union {
		struct {
			cuflow_kernel fn;
			void *args;
			dim3 grid, block;
			size_t shmem;
			bool split; /* cuflowLaunchSplit */
		} launch;
		struct box box;   /* OP_COPY, OP_MEMSET */
		struct {
			cudaHostFn_t fn;
			cudaStreamCallback_t cb;
			cudaStream_t handle; /* as the program named the stream */
			void *data;
		} host;
		struct CUevent_st *event; /* OP_RECORD */
		void *ptr;        /* OP_FREE */
	} u;
	void *owned;              /* freed after the op ran (args, staged source) */
	size_t nowned;            /* its bytes, for a graph's copy of the op (launch arguments) */
	int external;             /* OP_RECORD: cudaEventRecordExternal (in a graph, a node) */
};

/* ---- allocations ---------------------------------------------------------- */

enum alloc_how { HOW_HEAP = 1, HOW_MMAP = 2, HOW_REGISTERED = 4, HOW_SYMBOL = 8 };

struct alloc {
	uintptr_t base;
	size_t size;              /* bytes the program asked for (>0) */
	size_t mapsize;           /* bytes actually mapped (HOW_MMAP) */
	enum cudaMemoryType type;
	enum alloc_how how;
	unsigned flags;           /* cudaHostAlloc / cudaHostRegister flags */
};

/* A freed block still held (freed.c), and in which order it was freed. */
struct freed {
	struct alloc a;
	uint64_t seq;
};

#define RT_FREED_MAX 256

/* cudaMallocArray & co: elements of elem bytes, rows of pitch bytes. */
struct cudaArray {
	struct cudaChannelFormatDesc desc;
	size_t width, height, depth; /* in elements; height and depth at least 1 */
	size_t elem, pitch;
	unsigned flags;
	char *data;
};

/* ---- registered kernels (cudaLaunchKernel by host-stub address) ----------- */

struct kreg {
	const void *key;
	cuflow_kernel fn;
	size_t argsize;
	unsigned nparams;
	size_t *offsets, *sizes;  /* nparams each */
};

/* The default memory pool: allocations come from the host heap, the pool
 * only keeps its attributes. */
struct CUmemPoolHandle_st {
	unsigned long long threshold;
	int reuse[3];
};

/* ---- CUFLOW_PROFILE: where a run's time goes (doc/runtime.md) ------------- */

struct prof_kind {
	unsigned long long n, bytes;
	double seconds;
};

struct prof {
	struct timespec start;    /* the first API call */
	struct prof_kind op[OP_NOP + 1];
};

void rt_prof_op(const struct op *o, const struct timespec *from);
void rt_prof_report(void);
double rt_ms_between(struct timespec a, struct timespec b);

/* ---- the process state ---------------------------------------------------- */

/* The race check's hazards (racecheck.c): each distinct one, and counts. */
enum { RC_RACE = 1, RC_STEP, RC_ORDER };
struct rc_seen {
	int type;
	const char *kernel, *file;
	int la, lb;
	const char *wa, *wb;
	size_t times;
};
struct rc_state {
	size_t count[4];
	struct rc_seen *v;
	int n;
};

struct cuflow_rt {
	pthread_mutex_t lock;     /* guards everything here (recursive) */
	pthread_mutex_t exec;     /* held while queued work runs (recursive; taken
				   * before lock, never while holding it) */
	int deferred;             /* CUFLOW_DEFER */
	long grain;               /* CUFLOW_GRAIN (0: affinity scheduling) */
	int profile;              /* CUFLOW_PROFILE */
	int racecheck;            /* CUFLOW_RACECHECK */
	struct rc_state rc;
	struct prof prof;
	struct trace trace;       /* CUFLOW_TRACE (trace_rt.c) */
	int nthreads;             /* OpenMP threads a launch uses */
	unsigned device_flags;
	size_t limits[8];
	enum cudaFuncCache cache_config;
	enum cudaSharedMemConfig shmem_config;
	cudaError_t sticky;       /* cudaErrorAssert after a device assert (atomic; launch.c) */

	struct alloc *allocs;     /* sorted by base */
	size_t nallocs, cap_allocs;
	struct freed freed[RT_FREED_MAX]; /* freed blocks still held, sorted by base */
	size_t nfreed, freed_heap; /* how many; bytes of heap blocks among them */
	uint64_t freed_seq;

	struct CUstream_st legacy, perthread;
	struct CUstream_st *streams;
	struct CUevent_st *events;

	struct op *head, *tail;   /* pending ops (deferred mode) */
	uint64_t next_id;
	size_t npending;

	struct kreg *kernels;
	size_t nkernels, cap_kernels;

	struct CUmemPoolHandle_st pool;
	struct cudaDeviceProp props;   /* computed at the first query */
	int props_ready;

	void **graveyard;         /* texture objects destroyed while work was queued */
	size_t ngrave, cap_grave;
};

struct cuflow_rt *rt(void);   /* initialises on first use */
void rt_lock(void);
void rt_unlock(void);

/* the race check (racecheck.c) */
void rt_rc_report(int type, const char *kernel, const char *file, int la, const char *wa, const char *ta, int lb,
		  const char *wb, const char *tb, const char *block);
void rt_rc_summary(void);

/* errors (error.c): record e as the calling thread's last error when it is
 * not cudaSuccess, and return it. */
cudaError_t rt_err(cudaError_t e);
/* e, or cudaErrorAssert (recorded as the last error) once a device-side
 * assert has failed: the calls that report kernels' errors return it, as a
 * GPU's broken context does, until cudaDeviceReset. */
cudaError_t rt_sticky(cudaError_t e);

/* streams (stream.c) */
struct CUstream_st *rt_stream(cudaStream_t s); /* NULL: invalid handle */
int rt_stream_blocking(const struct CUstream_st *s);
void rt_stream_maybe_free(struct CUstream_st *s);
void rt_event_maybe_free(struct CUevent_st *e);

/* the work queue (queue.c) */
struct op *rt_op_new(enum op_kind kind, struct CUstream_st *s);
void rt_op_free(struct op *o);
void *rt_xmalloc(size_t n);         /* aborts when memory is exhausted */
void rt_submit(struct op *o);       /* eager: run now; deferred: queue */
void rt_sync_op(uint64_t id, struct CUstream_st *s); /* run o and what it needs */
void rt_sync_stream(struct CUstream_st *s);
void rt_sync_all(void);
void rt_submit_wait(struct op *o);  /* submit and wait until o has run */
void rt_blocking(struct op *o);     /* the same on the legacy stream */
void rt_run_op(struct op *o);       /* execute one op (no queue logic) */
void rt_bury(void *p);              /* free p once no queued work can use it */

/* stream capture (graph.c) */
void rt_capture(struct op *o);      /* o's stream is captured: into its graph */
int rt_capture_join(struct CUstream_st *s, struct CUevent_st *e, cudaError_t *err); /* s waits for e: 1 if a capture holds it */
void rt_capture_record(struct CUstream_st *s, struct CUevent_st *e);
cudaError_t rt_capture_legacy(void);  /* legacy-stream work now: CUDA's error while a blocking stream is captured */
cudaError_t rt_capture_sync(struct CUstream_st *s); /* a sync of s (NULL: the device) during a capture */

/* launches (launch.c) */
void rt_run_launch(cuflow_kernel fn, void *args, dim3 grid, dim3 block, size_t shmem, bool split);

/* memory (memory.c) */
int rt_find(const void *p, struct alloc *out); /* the allocation holding p */
void rt_free_all(void);
void rt_free_now(void *p);          /* cudaFreeAsync's op: free, no sync */
void rt_box_run(const struct op *o);
void rt_release(const struct alloc *a); /* give the memory back */

/* freed blocks (freed.c) */
void rt_retire(const struct alloc *a); /* hold a freed block, or release it */
int rt_freed(uintptr_t p, size_t n);  /* whether [p, p + n) touches a held one */
void rt_freed_clear(void);             /* release every held block */

/* CUFLOW_TRACE (trace_rt.c): each does nothing when tracing is off */
void rt_trace_call(void);                  /* a copy or memset call succeeded */
void rt_trace_alloc(size_t bytes);
void rt_trace_op(const struct op *o);      /* o is about to run */
void rt_trace_free(const struct alloc *a); /* a's memory is gone */
void rt_trace_reset(void);                 /* all device memory is gone */
void rt_trace_report(void);                /* at exit */

/* device (device.c) */
size_t rt_phys_mem(void);
size_t rt_avail_mem(void);

#define RT_SHMEM_OPTIN ((size_t)227 * 1024)
#define RT_SHMEM_DEFAULT ((size_t)48 * 1024)

#endif /* CUFLOW_RT_INTERNAL_H */
