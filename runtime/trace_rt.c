/* trace_rt.c: the CPU runtime's side of CUFLOW_TRACE=PATH (doc/trace.md).
 * The API calls count calls and allocations; each copy, memset and launch
 * is traced when its op runs, so that in deferred mode the bytes compared
 * are those the op really moves and the order is the one the work ran in.
 * The JSON is written at exit, after the queued work ran (state.c).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "rt_internal.h"

static int tracing(void)
{
	return rt()->trace.path != NULL;
}

void rt_trace_call(void)
{
	if (!tracing())
		return;
	rt_lock();
	trace_call(&rt()->trace);
	rt_unlock();
}

void rt_trace_alloc(size_t bytes)
{
	if (!tracing())
		return;
	rt_lock();
	trace_alloc(&rt()->trace, bytes);
	rt_unlock();
}

static struct trace_box trace_box(const struct box *b)
{
	struct trace_box t = {(uintptr_t)b->dst, b->src, b->dpitch, b->dslice, b->spitch, b->sslice,
			      b->width, b->height, b->depth, b->value};
	return t;
}

/* Whether a download's destination already holds its payload: the runtime
 * can read both sides, so it compares them. */
static int same_bytes(const struct box *b)
{
	for (size_t z = 0; z < b->depth; z++)
		for (size_t y = 0; y < b->height; y++)
			if (memcmp(b->dst + z * b->dslice + y * b->dpitch,
				   b->src + z * b->sslice + y * b->spitch, b->width))
				return 0;
	return 1;
}

static void trace_copy(struct trace *t, const struct box *b)
{
	struct trace_box tb = trace_box(b);
	uint64_t h = 0;
	switch (b->kind) {
	case cudaMemcpyHostToDevice:
		trace_device_write(t, TRACE_H2D, &tb, 1, trace_payload(&tb));
		break;
	case cudaMemcpyDeviceToHost:
		trace_host_write(t, &tb, same_bytes(b));
		break;
	case cudaMemcpyDeviceToDevice: {
		int known = trace_known(t, &tb, &h);
		trace_device_write(t, TRACE_D2D, &tb, known, h);
		break;
	}
	default: /* host to host: a call, not a transfer */
		break;
	}
}

void rt_trace_op(const struct op *o)
{
	if (!tracing())
		return;
	struct trace *t = &rt()->trace;
	rt_lock();
	if (o->kind == OP_COPY) {
		trace_copy(t, &o->u.box);
	} else if (o->kind == OP_MEMSET) {
		struct trace_box tb = trace_box(&o->u.box);
		trace_device_write(t, TRACE_MEMSET, &tb, 1, trace_payload(&tb));
	} else if (o->kind == OP_LAUNCH) {
		trace_launch(t);
	}
	rt_unlock();
}

void rt_trace_free(const struct alloc *a)
{
	if (!tracing())
		return;
	rt_lock();
	trace_forget(&rt()->trace, a->base, a->size);
	rt_unlock();
}

void rt_trace_reset(void)
{
	if (!tracing())
		return;
	rt_lock();
	trace_launch(&rt()->trace);
	rt_unlock();
}

void rt_trace_report(void)
{
	const struct trace *t = &rt()->trace;
	if (t->path && trace_write(t) != 0)
		fprintf(stderr, "cuflow: CUFLOW_TRACE: cannot write %s: %s\n", t->path, strerror(errno));
}
