/* stream.c: streams, events, host functions and stream callbacks.
 *
 * Handles: 0 and cudaStreamLegacy name the legacy default stream,
 * cudaStreamPerThread one process-wide blocking stream (cuflow has one host
 * thread's worth of default streams), anything else a stream this runtime
 * created. Destroying a stream or an event with queued work only marks it:
 * it is freed when that work has run (CUDA lets the work finish).
 *
 * Queries in deferred mode: cudaStreamQuery / cudaEventQuery answer
 * cudaErrorNotReady while covered work is queued, and run nothing. A
 * program polling in a loop would then spin for ever, so the second query
 * of the same pending work in a row synchronises it and answers cudaSuccess:
 * a polling loop completes, a single unchecked query reads stale results.
 */
#include <stdlib.h>
#include <string.h>

#include "rt_internal.h"

/* ---- streams ------------------------------------------------------------------ */

struct CUstream_st *rt_stream(cudaStream_t h)
{
	struct cuflow_rt *r = rt();
	if (h == NULL || h == cudaStreamLegacy)
		return &r->legacy;
	if (h == cudaStreamPerThread)
		return &r->perthread;
	struct CUstream_st *found = NULL;
	rt_lock();
	/* a handle is listed once; the newest first, as programs that create
	 * streams or events per call and never destroy them use them */
	for (struct CUstream_st *s = r->streams; s && !found; s = s->next)
		if (s == h && !s->dead)
			found = s;
	rt_unlock();
	return found;
}

int rt_stream_blocking(const struct CUstream_st *s)
{
	return !s->legacy && !(s->flags & cudaStreamNonBlocking);
}

void rt_stream_maybe_free(struct CUstream_st *s)
{
	struct cuflow_rt *r = rt();
	if (!s->dead || s->npending || s->nrefs)
		return;
	for (struct CUstream_st **p = &r->streams; *p; p = &(*p)->next)
		if (*p == s) {
			*p = s->next;
			free(s);
			return;
		}
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority)
{
	struct cuflow_rt *r = rt();
	if (!pStream || (flags & ~(unsigned)cudaStreamNonBlocking))
		return rt_err(cudaErrorInvalidValue);
	struct CUstream_st *s = rt_xmalloc(sizeof *s);
	memset(s, 0, sizeof *s);
	s->flags = flags;
	s->priority = priority > 0 ? 0 : priority < -5 ? -5 : priority;
	rt_lock();
	s->next = r->streams;
	r->streams = s;
	rt_unlock();
	*pStream = s;
	return cudaSuccess;
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags)
{
	return cudaStreamCreateWithPriority(pStream, flags, 0);
}

cudaError_t cudaStreamCreate(cudaStream_t *pStream)
{
	return cudaStreamCreateWithPriority(pStream, cudaStreamDefault, 0);
}

cudaError_t cudaStreamGetPriority(cudaStream_t stream, int *priority)
{
	struct CUstream_st *s = rt_stream(stream);
	if (!s)
		return rt_err(cudaErrorInvalidResourceHandle);
	if (!priority)
		return rt_err(cudaErrorInvalidValue);
	*priority = s->priority;
	return cudaSuccess;
}

cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int *flags)
{
	struct CUstream_st *s = rt_stream(stream);
	if (!s)
		return rt_err(cudaErrorInvalidResourceHandle);
	if (!flags)
		return rt_err(cudaErrorInvalidValue);
	*flags = s->flags;
	return cudaSuccess;
}

cudaError_t cudaStreamDestroy(cudaStream_t stream)
{
	struct CUstream_st *s = rt_stream(stream);
	if (!s || s->legacy || s == &rt()->perthread)
		return rt_err(cudaErrorInvalidResourceHandle);
	rt_lock();
	s->dead = 1;
	rt_stream_maybe_free(s);
	rt_unlock();
	return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
	struct CUstream_st *s = rt_stream(stream);
	if (!s)
		return rt_err(cudaErrorInvalidResourceHandle);
	cudaError_t e = rt_capture_sync(s);
	if (e != cudaSuccess)
		return e;
	rt_sync_stream(s);
	return rt_sticky(cudaSuccess);
}

cudaError_t cudaStreamQuery(cudaStream_t stream)
{
	struct CUstream_st *s = rt_stream(stream);
	if (!s)
		return rt_err(cudaErrorInvalidResourceHandle);
	rt_lock();
	int busy = s->npending != 0 || (s->legacy && rt()->npending != 0);
	int second = s->polled;
	s->polled = busy;
	rt_unlock();
	if (!busy)
		return cudaSuccess;
	if (!second)
		return cudaErrorNotReady; /* not an error of the call: not recorded */
	rt_sync_stream(s);
	return cudaSuccess;
}

/* An op of a given kind on a stream handle; NULL when the handle is bad. */
static struct op *stream_op(enum op_kind kind, cudaStream_t stream)
{
	struct CUstream_st *s = rt_stream(stream);
	return s ? rt_op_new(kind, s) : NULL;
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData)
{
	if (!fn)
		return rt_err(cudaErrorInvalidValue);
	struct op *o = stream_op(OP_HOSTFN, stream);
	if (!o)
		return rt_err(cudaErrorInvalidResourceHandle);
	o->u.host.fn = fn;
	o->u.host.data = userData;
	o->u.host.handle = stream;
	rt_submit(o);
	return cudaSuccess;
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
				  void *userData, unsigned int flags)
{
	if (!callback || flags)
		return rt_err(cudaErrorInvalidValue);
	struct op *o = stream_op(OP_CALLBACK, stream);
	if (!o)
		return rt_err(cudaErrorInvalidResourceHandle);
	o->u.host.cb = callback;
	o->u.host.data = userData;
	o->u.host.handle = stream;
	rt_submit(o);
	return cudaSuccess;
}

cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, size_t length, unsigned int flags)
{
	(void)devPtr;
	(void)length;
	(void)flags;
	return rt_stream(stream) ? cudaSuccess : rt_err(cudaErrorInvalidResourceHandle);
}

/* ---- events -------------------------------------------------------------------- */

static struct CUevent_st *rt_event(cudaEvent_t h)
{
	struct CUevent_st *found = NULL;
	rt_lock();
	for (struct CUevent_st *e = rt()->events; e && !found; e = e->next)
		if (e == h && !e->dead)
			found = e;
	rt_unlock();
	return found;
}

void rt_event_maybe_free(struct CUevent_st *e)
{
	struct cuflow_rt *r = rt();
	if (!e->dead || e->npending)
		return;
	for (struct CUevent_st **p = &r->events; *p; p = &(*p)->next)
		if (*p == e) {
			*p = e->next;
			free(e);
			return;
		}
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)
{
	unsigned known = cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess;
	if (!event || (flags & ~known))
		return rt_err(cudaErrorInvalidValue);
	struct CUevent_st *e = rt_xmalloc(sizeof *e);
	memset(e, 0, sizeof *e);
	e->flags = flags;
	rt_lock();
	e->next = rt()->events;
	rt()->events = e;
	rt_unlock();
	*event = e;
	return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *event)
{
	return cudaEventCreateWithFlags(event, cudaEventDefault);
}

cudaError_t cudaEventDestroy(cudaEvent_t event)
{
	struct CUevent_st *e = rt_event(event);
	if (!e)
		return rt_err(cudaErrorInvalidResourceHandle);
	rt_lock();
	e->dead = 1;
	rt_event_maybe_free(e);
	rt_unlock();
	return cudaSuccess;
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int flags)
{
	struct CUevent_st *e = rt_event(event);
	if (!e)
		return rt_err(cudaErrorInvalidResourceHandle);
	if (flags & ~(unsigned)cudaEventRecordExternal)
		return rt_err(cudaErrorInvalidValue);
	struct op *o = stream_op(OP_RECORD, stream);
	if (!o)
		return rt_err(cudaErrorInvalidResourceHandle);
	o->u.event = e;
	o->external = (flags & cudaEventRecordExternal) != 0;
	rt_lock();
	rt_capture_record(o->stream, e);
	e->recorded = 1;
	e->polled = 0;
	rt_unlock();
	rt_submit(o);
	return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
	return cudaEventRecordWithFlags(event, stream, 0);
}

cudaError_t cudaEventSynchronize(cudaEvent_t event)
{
	struct CUevent_st *e = rt_event(event);
	if (!e)
		return rt_err(cudaErrorInvalidResourceHandle);
	rt_lock();
	uint64_t id = e->rec_id;
	struct CUstream_st *s = e->rec_stream;
	rt_unlock();
	if (id)
		rt_sync_op(id, s);
	return rt_sticky(cudaSuccess);
}

cudaError_t cudaEventQuery(cudaEvent_t event)
{
	struct CUevent_st *e = rt_event(event);
	if (!e)
		return rt_err(cudaErrorInvalidResourceHandle);
	rt_lock();
	uint64_t id = e->rec_id;
	struct CUstream_st *s = e->rec_stream;
	int second = e->polled;
	e->polled = id != 0;
	rt_unlock();
	if (!id)
		return cudaSuccess;
	if (!second)
		return cudaErrorNotReady; /* not an error of the call: not recorded */
	rt_sync_op(id, s);
	return cudaSuccess;
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
	struct CUevent_st *a = rt_event(start), *b = rt_event(end);
	if (!ms)
		return rt_err(cudaErrorInvalidValue);
	if (!a || !b)
		return rt_err(cudaErrorInvalidResourceHandle);
	if (!a->recorded || !b->recorded || ((a->flags | b->flags) & cudaEventDisableTiming))
		return rt_err(cudaErrorInvalidResourceHandle);
	if (a->rec_id || b->rec_id)
		return cudaErrorNotReady; /* a state, not a failure: not recorded */
	*ms = (float)rt_ms_between(a->when, b->when);
	return cudaSuccess;
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags)
{
	struct CUstream_st *s = rt_stream(stream);
	struct CUevent_st *e = rt_event(event);
	if (!s || !e)
		return rt_err(cudaErrorInvalidResourceHandle);
	if (flags & ~1u)
		return rt_err(cudaErrorInvalidValue);
	rt_lock();
	cudaError_t err;
	if (rt_capture_join(s, e, &err)) {
		rt_unlock();
		return err == cudaSuccess ? cudaSuccess : rt_err(err);
	}
	if (e->rec_id) {
		struct op *o = rt_op_new(OP_WAIT, s);
		o->dep_stream = e->rec_stream;
		o->dep_id = e->rec_id;
		rt_submit(o);
	}
	rt_unlock();
	return cudaSuccess;
}
