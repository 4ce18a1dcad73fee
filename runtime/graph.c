/* graph.c: CUDA graphs made by stream capture.
 *
 * While a stream is captured (cudaStreamBeginCapture), the work the program
 * gives it (launches, copies, memsets, host functions, external event
 * records) goes into a graph in issue order instead of running
 * (rt_capture, which rt_submit calls); a plain event record only orders
 * (no node), and a stream that waits for an event recorded in the capture
 * joins it, as CUDA's cross-stream capture does, so the graph holds the
 * forks' work too; a fork not joined back ends the capture with
 * cudaErrorStreamCaptureUnjoined. Issue order is one order the graph's
 * dependencies allow. cudaGraphInstantiate keeps a copy of the ops, and
 * cudaGraphLaunch submits a copy of each, in order, on its stream, after
 * the exec's previous launch: each copy reads and writes memory when it
 * runs, as a replay on the GPU does (a launch's arguments are the values
 * captured). Memory cudaMallocAsync gives during a capture is the graph's,
 * the same each launch as on the GPU, and freed with the graph and its
 * execs. As CUDA does, syncs of a captured stream or of the device during
 * a capture fail and invalidate it, and so does legacy-stream work while a
 * blocking stream is captured. Graphs built node by node
 * (cudaGraphAdd*Node) are not supported.
 */
#include <stdlib.h>
#include <string.h>

#include "rt_internal.h"

/* Device memory a graph's capture freed: freed once no graph or exec holds it. */
struct held {
	void **p;
	size_t n, cap;
	int refs;
};

struct CUgraph_st {
	struct op **ops;
	size_t n, cap;
	struct CUstream_st *origin; /* the stream the capture began on, NULL once it ended */
	enum cudaStreamCaptureMode mode;
	unsigned long long id;      /* cudaStreamGetCaptureInfo's */
	int invalid;                /* a capture CUDA refuses: its end says so */
	struct held *held;
};

struct CUgraphExec_st {
	struct CUgraph_st g;
	cudaEvent_t done; /* recorded after each launch: the next waits for it */
	int launched;
};

static struct held *hold(struct held *h)
{
	if (h)
		h->refs++;
	return h;
}

static void unhold(struct held *h)
{
	if (!h || --h->refs > 0)
		return;
	for (size_t i = 0; i < h->n; i++)
		cudaFree(h->p[i]);
	free(h->p);
	free(h);
}

/* A copy of o on stream s: its own copy of the arguments it owns. */
static struct op *clone_op(const struct op *o, struct CUstream_st *s)
{
	struct op *c = rt_op_new(o->kind, s);
	c->u = o->u;
	if (o->kind == OP_LAUNCH) {
		c->nowned = o->nowned;
		c->owned = rt_xmalloc(o->nowned ? o->nowned : 1);
		memcpy(c->owned, o->owned, o->nowned);
		c->u.launch.args = c->owned;
	}
	return c;
}

static void push(struct CUgraph_st *g, struct op *o)
{
	if (g->n == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 16;
		struct op **v = realloc(g->ops, g->cap * sizeof *v);
		if (!v)
			abort();
		g->ops = v;
	}
	g->ops[g->n++] = o;
}

static void clear_ops(struct CUgraph_st *g)
{
	for (size_t i = 0; i < g->n; i++)
		rt_op_free(g->ops[i]);
	free(g->ops);
	g->ops = NULL;
	g->n = g->cap = 0;
}

/* o, given to a captured stream, goes into its graph instead of running:
 * a wait inside the capture is held by issue order, a plain event record
 * only orders, a free of the capture's memory waits for the graph's end. */
void rt_capture(struct op *o)
{
	rt_lock();
	struct CUgraph_st *g = o->stream->capture;
	if (o->kind == OP_FREE) {
		o->stream->capops++;
		if (!g->held && (g->held = calloc(1, sizeof *g->held)))
			g->held->refs = 1;
		if (g->held && g->held->n == g->held->cap) {
			g->held->cap = g->held->cap ? 2 * g->held->cap : 4;
			void **v = realloc(g->held->p, g->held->cap * sizeof *v);
			if (!v)
				abort();
			g->held->p = v;
		}
		if (g->held)
			g->held->p[g->held->n++] = o->u.ptr;
	} else if (o->kind != OP_WAIT && o->kind != OP_NOP && (o->kind != OP_RECORD || o->external)) {
		o->stream->capops++; /* work a join must cover */
		push(g, o);
		o = NULL;
	}
	rt_unlock();
	if (o)
		rt_op_free(o);
}

/* Every capture under way, its origin stream's, one at a time: f(g) */
static void each_capture(void (*f)(struct CUgraph_st *, void *), void *arg)
{
	struct cuflow_rt *r = rt();
	for (struct CUstream_st *s = r->streams; s; s = s->next)
		if (s->capture && s->capture->origin == s)
			f(s->capture, arg);
	if (r->perthread.capture && r->perthread.capture->origin == &r->perthread)
		f(r->perthread.capture, arg);
}

/* arg[0]: whether to invalidate; arg[1]: set when a blocking stream is captured */
static void blocking_capture(struct CUgraph_st *g, void *arg)
{
	int *a = arg;
	if (rt_stream_blocking(g->origin)) {
		g->invalid |= a[0];
		a[1] = 1;
	}
}

/* Work on the legacy stream while a blocking stream is captured would
 * wait for the capture's work: CUDA refuses it and, but for a query,
 * invalidates the capture. */
static cudaError_t legacy_capture(int invalidate)
{
	int a[2] = {invalidate, 0};
	rt_lock();
	each_capture(blocking_capture, a);
	rt_unlock();
	return a[1] ? rt_err(cudaErrorStreamCaptureImplicit) : cudaSuccess;
}

cudaError_t rt_capture_legacy(void)
{
	return legacy_capture(1);
}

static void unsafe_capture(struct CUgraph_st *g, void *arg)
{
	if (g->mode != cudaStreamCaptureModeRelaxed) {
		g->invalid = 1;
		*(int *)arg = 1;
	}
}

/* A sync of stream s while it is captured, or of the device (s NULL)
 * during a capture that is not relaxed: CUDA refuses it and invalidates
 * the capture. */
cudaError_t rt_capture_sync(struct CUstream_st *s)
{
	int hit = 0;
	rt_lock();
	if (s && s->capture)
		hit = s->capture->invalid = 1;
	else if (!s)
		each_capture(unsafe_capture, &hit);
	rt_unlock();
	return hit ? rt_err(cudaErrorStreamCaptureUnsupported) : cudaSuccess;
}

/* Ends g's capture on every stream that joined it, and its events'. */
static void end_capture(struct CUgraph_st *g)
{
	struct cuflow_rt *r = rt();
	for (struct CUstream_st *s = r->streams; s; s = s->next)
		if (s->capture == g)
			s->capture = NULL;
	if (r->perthread.capture == g)
		r->perthread.capture = NULL;
	for (struct CUevent_st *e = r->events; e; e = e->next)
		if (e->capture == g)
			e->capture = NULL;
	g->origin = NULL;
}

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode)
{
	(void)mode;
	struct CUstream_st *s = rt_stream(stream);
	if (!s)
		return rt_err(cudaErrorInvalidResourceHandle);
	if (s->legacy) /* CUDA captures no work of the legacy stream */
		return rt_err(cudaErrorStreamCaptureUnsupported);
	if (s->capture)
		return rt_err(cudaErrorIllegalState);
	struct CUgraph_st *g = calloc(1, sizeof *g);
	if (!g)
		return rt_err(cudaErrorMemoryAllocation);
	static unsigned long long ids;
	rt_lock();
	g->id = ++ids;
	rt_unlock();
	g->origin = s;
	g->mode = mode;
	rt_lock();
	s->capture = g;
	s->capops = s->capjoined = 0;
	rt_unlock();
	return cudaSuccess;
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph)
{
	struct CUstream_st *s = rt_stream(stream);
	if (!s)
		return rt_err(cudaErrorInvalidResourceHandle);
	if (!pGraph)
		return rt_err(cudaErrorInvalidValue);
	struct CUgraph_st *g = s->capture;
	if (!g)
		return rt_err(cudaErrorIllegalState);
	if (g->origin != s)
		return rt_err(cudaErrorStreamCaptureUnmatched);
	rt_lock();
	int unjoined = 0; /* a fork with work no join covers */
	for (struct CUstream_st *t = rt()->streams; t; t = t->next)
		unjoined |= t != s && t->capture == g && t->capops != t->capjoined;
	end_capture(g);
	rt_unlock();
	if (g->invalid || unjoined) {
		cudaError_t e = unjoined && !g->invalid ? cudaErrorStreamCaptureUnjoined : cudaErrorStreamCaptureInvalidated;
		clear_ops(g);
		unhold(g->held);
		free(g);
		*pGraph = NULL;
		return rt_err(e);
	}
	*pGraph = g;
	return cudaSuccess;
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus)
{
	return cudaStreamGetCaptureInfo(stream, pCaptureStatus, NULL, NULL, NULL, NULL, NULL);
}

/* The capture's status, id and graph; no dependency nodes (none has a
 * handle here). Asked of the legacy stream while a blocking stream is
 * captured, CUDA's error. */
cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
				     unsigned long long *id_out, cudaGraph_t *graph_out,
				     const cudaGraphNode_t **dependencies_out, const cudaGraphEdgeData **edgeData_out,
				     size_t *numDependencies_out)
{
	if (!captureStatus_out)
		return rt_err(cudaErrorInvalidValue);
	struct CUstream_st *s = rt_stream(stream);
	if (!s)
		return rt_err(cudaErrorInvalidResourceHandle);
	cudaError_t e = s->legacy ? legacy_capture(0) : cudaSuccess;
	if (e != cudaSuccess)
		return e;
	struct CUgraph_st *g = s->capture;
	*captureStatus_out = !g ? cudaStreamCaptureStatusNone
	                     : g->invalid ? cudaStreamCaptureStatusInvalidated : cudaStreamCaptureStatusActive;
	if (id_out && g)
		*id_out = g->id;
	if (graph_out)
		*graph_out = g;
	if (dependencies_out)
		*dependencies_out = NULL;
	if (edgeData_out)
		*edgeData_out = NULL;
	if (numDependencies_out)
		*numDependencies_out = 0;
	return cudaSuccess;
}

static _Thread_local enum cudaStreamCaptureMode thread_mode;

/* The calling thread's capture mode, swapped with *mode (cuflow's captures
 * take the mode they begin with). */
cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode)
{
	if (!mode)
		return rt_err(cudaErrorInvalidValue);
	enum cudaStreamCaptureMode old = thread_mode;
	thread_mode = *mode;
	*mode = old;
	return cudaSuccess;
}

/* A wait of stream s for event e, under the lock: s joins the capture e's
 * record is in (the fork of a cross-stream capture), or a captured stream
 * waits, which issue order holds, or a join covers the work e's stream did
 * before its record: 1, the wait done. The legacy stream cannot join, and a
 * captured stream cannot wait for work outside its capture: *err. */
int rt_capture_join(struct CUstream_st *s, struct CUevent_st *e, cudaError_t *err)
{
	*err = cudaSuccess;
	struct CUgraph_st *g = e->capture && e->capture->origin ? e->capture : NULL;
	if (!g && s->capture) { /* work outside the capture: CUDA refuses the dependency */
		if (s->capture->invalid)
			*err = cudaErrorStreamCaptureInvalidated;
		else if (e->recorded) {
			s->capture->invalid = 1;
			*err = cudaErrorStreamCaptureIsolation;
		}
		return 1;
	}
	if (!g)
		return 0;
	if (s->legacy) {
		g->invalid = 1;
		*err = cudaErrorStreamCaptureImplicit;
		return 1;
	}
	if (!s->capture) {
		s->capture = g;
		s->capops = s->capjoined = 0;
	} else if (s->capture == g && e->capstream && e->capstream != s && e->capops > e->capstream->capjoined)
		e->capstream->capjoined = e->capops;
	return 1;
}

/* The event's record is captured with its stream's work, or is not. */
void rt_capture_record(struct CUstream_st *s, struct CUevent_st *e)
{
	e->capture = s->capture;
	e->capstream = s;
	e->capops = s->capops;
}

cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags)
{
	if (!pGraph || flags)
		return rt_err(cudaErrorInvalidValue);
	if (!(*pGraph = calloc(1, sizeof **pGraph)))
		return rt_err(cudaErrorMemoryAllocation);
	return cudaSuccess;
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, unsigned long long flags)
{
	(void)flags;
	if (!pGraphExec || !graph)
		return rt_err(cudaErrorInvalidValue);
	struct CUgraphExec_st *x = calloc(1, sizeof *x);
	if (!x)
		return rt_err(cudaErrorMemoryAllocation);
	if (cudaEventCreateWithFlags(&x->done, cudaEventDisableTiming) != cudaSuccess) {
		free(x);
		return rt_err(cudaErrorMemoryAllocation);
	}
	for (size_t i = 0; i < graph->n; i++)
		push(&x->g, clone_op(graph->ops[i], NULL)); /* its stream is the launch's */
	x->g.held = hold(graph->held);
	*pGraphExec = x;
	return cudaSuccess;
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
					  unsigned long long flags)
{
	return cudaGraphInstantiate(pGraphExec, graph, flags);
}

/* Each op again, in order, on stream (a captured stream: into its graph). */
cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream)
{
	struct CUstream_st *s = rt_stream(stream);
	if (!s)
		return rt_err(cudaErrorInvalidResourceHandle);
	if (!graphExec)
		return rt_err(cudaErrorInvalidValue);
	cudaError_t e = rt_sticky(cudaSuccess);
	if (e != cudaSuccess)
		return e;
	if (graphExec->launched) /* after the exec's previous launch, whatever its stream */
		cudaStreamWaitEvent(stream, graphExec->done, 0);
	for (size_t i = 0; i < graphExec->g.n; i++) {
		struct op *o = clone_op(graphExec->g.ops[i], s);
		if (o->kind == OP_RECORD) {
			rt_lock();
			o->u.event->recorded = 1;
			o->u.event->polled = 0;
			rt_unlock();
		}
		rt_submit(o);
	}
	cudaEventRecord(graphExec->done, stream);
	graphExec->launched = 1;
	return cudaSuccess;
}

cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream)
{
	if (!graphExec)
		return rt_err(cudaErrorInvalidValue);
	return rt_stream(stream) ? cudaSuccess : rt_err(cudaErrorInvalidResourceHandle);
}

/* The number of nodes; no node handles (nothing here builds graphs by node). */
cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes)
{
	if (!graph || !numNodes)
		return rt_err(cudaErrorInvalidValue);
	if (nodes)
		return rt_err(cudaErrorNotSupported);
	*numNodes = graph->n;
	return cudaSuccess;
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec)
{
	if (!graphExec)
		return rt_err(cudaErrorInvalidValue);
	clear_ops(&graphExec->g);
	cudaEventDestroy(graphExec->done);
	unhold(graphExec->g.held);
	free(graphExec);
	return cudaSuccess;
}

cudaError_t cudaGraphDestroy(cudaGraph_t graph)
{
	if (!graph)
		return rt_err(cudaErrorInvalidValue);
	if (graph->origin)
		return rt_err(cudaErrorIllegalState); /* still capturing */
	clear_ops(graph);
	unhold(graph->held);
	free(graph);
	return cudaSuccess;
}
