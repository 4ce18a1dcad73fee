/* queue.c: submitting device work, and in deferred mode the pending list
 * and the synchronisations that run parts of it.
 *
 * Eager mode: rt_submit runs an op at once, on the calling thread (a launch
 * spreads its blocks over OpenMP threads). Work is therefore always complete
 * when an API call returns, and every synchronisation is a no-op.
 *
 * Deferred mode: ops wait in one list in issue order. Each op depends on
 *   - the previous op of its stream (streams are FIFO);
 *   - for an op of the legacy default stream ("barrier"): every earlier op
 *     of every blocking stream (all streams not created cudaStreamNonBlocking,
 *     the per-thread stream included);
 *   - for an op of a blocking stream: the legacy stream's last op issued
 *     before it (legacy_dep);
 *   - for an OP_WAIT (cudaStreamWaitEvent): the event's record op (dep_*).
 * Dependencies always point to earlier ops, so issue order is a valid
 * execution order. A synchronisation asks for some op (or a whole stream,
 * or everything); its closure is computed in one backward pass, since the
 * ops an op needs on one stream always form a prefix of that stream:
 * `need` per stream is the highest id still needed there. The closure then
 * runs forwards, in issue order, on the calling thread; everything else
 * stays queued, so a program that reads results without the sync that
 * covers them sees stale memory, every time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt_internal.h"

void *rt_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p) {
		fputs("cuflow runtime: out of host memory\n", stderr);
		abort();
	}
	return p;
}

struct op *rt_op_new(enum op_kind kind, struct CUstream_st *s)
{
	struct op *o = rt_xmalloc(sizeof *o);
	memset(o, 0, sizeof *o);
	o->kind = kind;
	o->stream = s;
	return o;
}

void rt_op_free(struct op *o)
{
	free(o->owned);
	free(o);
}

/* ---- executing one op --------------------------------------------------- */

static void run_host(const struct op *o)
{
	if (o->u.host.fn)
		o->u.host.fn(o->u.host.data);
	else
		o->u.host.cb(o->u.host.handle, cudaSuccess, o->u.host.data);
}

static void run_op(struct op *o)
{
	switch (o->kind) {
	case OP_LAUNCH:
		rt_run_launch(o->u.launch.fn, o->u.launch.args, o->u.launch.grid,
			      o->u.launch.block, o->u.launch.shmem, o->u.launch.split);
		break;
	case OP_COPY:
	case OP_MEMSET:
		rt_box_run(o);
		break;
	case OP_HOSTFN:
	case OP_CALLBACK:
		run_host(o);
		break;
	case OP_RECORD:
		clock_gettime(CLOCK_MONOTONIC, &o->u.event->when);
		break;
	case OP_FREE:
		rt_free_now(o->u.ptr);
		break;
	case OP_WAIT:
	case OP_NOP:
		break;
	}
}

void rt_run_op(struct op *o)
{
	rt_trace_op(o);
	if (!rt()->profile) {
		run_op(o);
		return;
	}
	struct timespec from;
	clock_gettime(CLOCK_MONOTONIC, &from);
	run_op(o);
	rt_prof_op(o, &from);
}

/* ---- the pending list ----------------------------------------------------- */

static void enqueue(struct cuflow_rt *r, struct op *o)
{
	struct CUstream_st *s = o->stream;
	o->id = r->next_id++;
	if (s->legacy)
		o->barrier = 1;
	else if (rt_stream_blocking(s))
		o->legacy_dep = r->legacy.last;
	o->prev = r->tail;
	if (r->tail)
		r->tail->next = o;
	else
		r->head = o;
	r->tail = o;
	r->npending++;
	s->npending++;
	s->last = o->id;
	s->polled = 0;
	if (o->kind == OP_RECORD) {
		o->u.event->npending++;
		o->u.event->rec_id = o->id;
		o->u.event->rec_stream = s;
	}
	if (o->dep_stream)
		o->dep_stream->nrefs++;
}

static void unlink_op(struct cuflow_rt *r, struct op *o)
{
	if (o->prev)
		o->prev->next = o->next;
	else
		r->head = o->next;
	if (o->next)
		o->next->prev = o->prev;
	else
		r->tail = o->prev;
	o->next = o->prev = NULL;
	r->npending--;
}

/* Bookkeeping after a queued op ran; may free a destroyed stream or event. */
static void retire(struct op *o)
{
	struct CUstream_st *s = o->stream;
	s->npending--;
	if (s->last == o->id)
		s->last = 0;
	if (o->kind == OP_RECORD) {
		struct CUevent_st *e = o->u.event;
		e->npending--;
		if (e->rec_id == o->id)
			e->rec_id = 0;
		rt_event_maybe_free(e);
	}
	if (o->dep_stream)
		o->dep_stream->nrefs--;
	if (o->dep_stream && o->dep_stream != s)
		rt_stream_maybe_free(o->dep_stream);
	rt_stream_maybe_free(s);
	rt_op_free(o);
}

void rt_submit(struct op *o)
{
	struct cuflow_rt *r = rt();
	if (o->stream->capture) {
		rt_capture(o);
		return;
	}
	if (!r->deferred) {
		rt_run_op(o);
		rt_op_free(o);
		return;
	}
	rt_lock();
	enqueue(r, o);
	rt_unlock();
}

/* ---- synchronisation -------------------------------------------------------- */

static void raise_to(uint64_t *need, uint64_t id)
{
	if (*need < id)
		*need = id;
}

static void reset_need(struct cuflow_rt *r)
{
	r->legacy.need = 0;
	r->perthread.need = 0;
	for (struct CUstream_st *s = r->streams; s; s = s->next)
		s->need = 0;
}

/* Mark the closure of what `need` (already set on some streams) and
 * `barrier` (every blocking-stream op with id <= barrier) ask for. */
static void mark(struct cuflow_rt *r, uint64_t barrier)
{
	for (struct op *o = r->tail; o; o = o->prev) {
		struct CUstream_st *s = o->stream;
		uint64_t need = s->need;
		if (rt_stream_blocking(s) && barrier > need)
			need = barrier;
		o->needed = o->id <= need;
		if (!o->needed)
			continue;
		if (o->barrier)
			raise_to(&barrier, o->id - 1);
		if (o->legacy_dep)
			raise_to(&r->legacy.need, o->legacy_dep);
		if (o->dep_stream)
			raise_to(&o->dep_stream->need, o->dep_id);
	}
}

/* Detach the marked ops from the pending list, in issue order. */
static struct op *detach_marked(struct cuflow_rt *r)
{
	struct op *first = NULL, *last = NULL, *o, *next;
	for (o = r->head; o; o = next) {
		next = o->next;
		if (!o->needed)
			continue;
		unlink_op(r, o);
		if (last)
			last->next = o;
		else
			first = o;
		last = o;
	}
	return first;
}

/* Run detached ops in order. Only the exec lock is held meanwhile, so a
 * kernel or host function that calls into the runtime does not deadlock. */
static void run_list(struct op *o)
{
	struct op *next;
	for (; o; o = next) {
		next = o->next;
		rt_run_op(o);
		rt_lock();
		retire(o);
		rt_unlock();
	}
}

/* Texture objects destroyed while work was queued are freed once nothing
 * is queued any more (queued launches may still read them). */
static void bury(struct cuflow_rt *r)
{
	if (r->npending)
		return;
	for (size_t i = 0; i < r->ngrave; i++)
		free(r->graveyard[i]);
	r->ngrave = 0;
}

/* The closure of what `s` up to `id` and `barrier` (every blocking-stream op
 * with id <= barrier) ask for runs; everything = 1 runs all queued work. */
static void sync_marked(uint64_t barrier, struct CUstream_st *s, uint64_t id, int everything)
{
	struct cuflow_rt *r = rt();
	if (!r->deferred)
		return;
	pthread_mutex_lock(&r->exec);
	rt_lock();
	struct op *list = NULL;
	if (r->npending) {
		reset_need(r);
		if (s)
			s->need = id;
		if (everything)
			for (struct op *o = r->head; o; o = o->next)
				o->needed = 1;
		else
			mark(r, barrier);
		list = detach_marked(r);
	}
	rt_unlock();
	run_list(list);
	rt_lock();
	bury(r);
	rt_unlock();
	pthread_mutex_unlock(&r->exec);
}

void rt_sync_op(uint64_t id, struct CUstream_st *s)
{
	sync_marked(0, s, id, 0);
}

/* The legacy stream's work waits for all earlier blocking-stream work, so
 * synchronising it is a barrier over every blocking stream. */
void rt_sync_stream(struct CUstream_st *s)
{
	if (s->legacy)
		sync_marked(UINT64_MAX, s, UINT64_MAX, 0);
	else
		sync_marked(0, s, UINT64_MAX, 0);
}

void rt_sync_all(void)
{
	sync_marked(0, NULL, 0, 1);
}

void rt_submit_wait(struct op *o)
{
	struct cuflow_rt *r = rt();
	if (!r->deferred || o->stream->capture) { /* a captured op does not run now: nothing to wait for */
		rt_submit(o);
		return;
	}
	rt_lock();
	struct CUstream_st *s = o->stream;
	enqueue(r, o);
	uint64_t id = o->id;
	rt_unlock();
	rt_sync_op(id, s); /* runs (and frees) o */
}

void rt_blocking(struct op *o)
{
	o->stream = &rt()->legacy;
	rt_submit_wait(o);
}

void rt_bury(void *p)
{
	struct cuflow_rt *r = rt();
	rt_lock();
	if (!r->deferred || !r->npending) {
		free(p);
	} else {
		if (r->ngrave == r->cap_grave) {
			r->cap_grave = r->cap_grave ? 2 * r->cap_grave : 16;
			void **g = realloc(r->graveyard, r->cap_grave * sizeof *g);
			if (!g)
				abort();
			r->graveyard = g;
		}
		r->graveyard[r->ngrave++] = p;
	}
	rt_unlock();
}
