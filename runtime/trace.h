/* trace.h: the transfer trace (CUFLOW_TRACE=PATH, doc/trace.md), shared by
 * the CPU runtime and by libcuflow-trace.so, the LD_PRELOAD library that
 * traces programs on a real GPU. Both feed the same events into a struct
 * trace and write the same JSON at exit, so one program gives the same
 * numbers on the CPU and on the GPU.
 *
 * This part knows no CUDA type: callers resolve directions, describe each
 * transfer as a box of host-visible or device addresses, and say which of
 * its bytes they can read. A struct trace is not thread-safe: callers hold
 * their own lock around every call.
 */
#ifndef CUFLOW_TRACE_H
#define CUFLOW_TRACE_H

#include <stddef.h>
#include <stdint.h>

enum trace_dir { TRACE_H2D, TRACE_D2H, TRACE_D2D, TRACE_MEMSET, TRACE_ALLOC, TRACE_NDIR };

struct trace_count {
	unsigned long long count, bytes;
};

/* A device range whose bytes are known: last written by a transfer whose
 * payload hashed to `hash`, with no launch since. */
struct trace_rec {
	uintptr_t base;
	size_t len;
	uint64_t hash;
};

struct trace {
	char *path;               /* NULL: tracing is off */
	struct trace_count n[TRACE_NDIR], redundant;
	unsigned long long calls;
	struct trace_rec *recs;   /* sorted by base, disjoint */
	size_t nrecs, cap;
	/* CUFLOW_TRACE_TIME (libcuflow-trace.so only): seconds the copies took,
	 * each alone on the device, and the run's seconds without the trace's
	 * own work; timed 0: not written */
	int timed;
	double copy_s, run_s;
};

/* One transfer: width bytes x height rows x depth slices at dst (rows
 * dpitch apart, slices dslice apart), from src likewise (NULL for a
 * memset, whose byte is value). */
struct trace_box {
	uintptr_t dst;
	const void *src;
	size_t dpitch, dslice, spitch, sslice;
	size_t width, height, depth;
	int value;
};

void trace_open(struct trace *t, const char *path); /* path NULL or empty: off */
void trace_call(struct trace *t);                   /* one transfer API call */
void trace_alloc(struct trace *t, size_t bytes);

size_t trace_bytes(const struct trace_box *b);
/* The payload's hash from bytes the caller can read: a host source, or the
 * fill of a memset. */
uint64_t trace_payload(const struct trace_box *b);
/* The hash of the destination's bytes, which the caller can read. */
uint64_t trace_dst_hash(const struct trace_box *b);
/* The payload of a device-to-device copy, when its source is a known range
 * read whole and contiguously: 1 and *hash, else 0. */
int trace_known(const struct trace *t, const struct trace_box *b, uint64_t *hash);

/* A transfer into device memory (h2d, d2d, memset), its payload's hash
 * known or not. */
void trace_device_write(struct trace *t, enum trace_dir d, const struct trace_box *b, int known,
			uint64_t hash);
/* A download; same: whether the destination held the payload already. */
void trace_host_write(struct trace *t, const struct trace_box *b, int same);
/* Device memory changed in ways not traced: a launch (anywhere), a free. */
void trace_launch(struct trace *t);
void trace_forget(struct trace *t, uintptr_t base, size_t len);

/* Write the JSON to t->path through a temporary file and a rename; 0 on
 * success, -1 (errno set) otherwise. */
int trace_write(const struct trace *t);

#endif /* CUFLOW_TRACE_H */
