/* graph.c: CUDA graphs made by stream capture.
 *
 * While a stream is captured (cudaStreamBeginCapture), the work the program
 * gives it (launches, copies, memsets, host functions, event records) goes
 * into a graph in issue order instead of running (rt_capture, which
 * rt_submit calls); a stream that waits for an event recorded in the
 * capture joins it, as CUDA's cross-stream capture does, so the graph holds
 * the forks' work too. Issue order is one order the graph's dependencies
 * allow. cudaGraphInstantiate keeps a copy of the ops, and cudaGraphLaunch
 * submits a copy of each, in order, on its stream: each copy reads and
 * writes memory when it runs, as a replay on the GPU does (a launch's
 * arguments are the values captured). Graphs built node by node
 * (cudaGraphAdd*Node) are not supported (cudaErrorNotSupported), nor a
 * capture of stream-ordered frees, which would run once a launch: the
 * capture then ends invalidated.
 */
#include <stdlib.h>
#include <string.h>

#include "rt_internal.h"

struct CUgraph_st {
	struct op **ops;
	size_t n, cap;
	struct CUstream_st *origin; /* the stream the capture began on, NULL once it ended */
	int invalid;                /* a capture of work a graph cannot replay */
};

struct CUgraphExec_st {
	struct CUgraph_st g;
};

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

/* o, given to a captured stream, goes into its graph instead of running. */
void rt_capture(struct op *o)
{
	rt_lock();
	struct CUgraph_st *g = o->stream->capture;
	if (o->kind == OP_FREE || o->kind == OP_WAIT)
		g->invalid |= o->kind == OP_FREE; /* a wait inside the capture: issue order holds it */
	if (o->kind == OP_LAUNCH || o->kind == OP_COPY || o->kind == OP_MEMSET || o->kind == OP_HOSTFN ||
	    o->kind == OP_CALLBACK || o->kind == OP_RECORD) {
		push(g, o);
		o = NULL;
	}
	rt_unlock();
	if (o)
		rt_op_free(o);
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
	g->origin = s;
	rt_lock();
	s->capture = g;
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
	end_capture(g);
	rt_unlock();
	if (g->invalid) {
		clear_ops(g);
		free(g);
		*pGraph = NULL;
		return rt_err(cudaErrorStreamCaptureInvalidated);
	}
	*pGraph = g;
	return cudaSuccess;
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus)
{
	if (!pCaptureStatus)
		return rt_err(cudaErrorInvalidValue);
	struct CUstream_st *s = rt_stream(stream);
	if (!s)
		return rt_err(cudaErrorInvalidResourceHandle);
	*pCaptureStatus = !s->capture ? cudaStreamCaptureStatusNone
	                  : s->capture->invalid ? cudaStreamCaptureStatusInvalidated
	                                        : cudaStreamCaptureStatusActive;
	return cudaSuccess;
}

/* A wait of stream s for event e: s joins the capture e's record is in
 * (the fork of a cross-stream capture; true), or nothing of a capture. */
int rt_capture_join(struct CUstream_st *s, struct CUevent_st *e)
{
	if (!e->capture || !e->capture->origin)
		return s->capture != NULL; /* a captured stream's wait: issue order holds it */
	if (!s->capture)
		s->capture = e->capture;
	return 1;
}

/* The event's record is captured with its stream's work, or is not. */
void rt_capture_record(struct CUstream_st *s, struct CUevent_st *e)
{
	e->capture = s->capture;
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
	for (size_t i = 0; i < graph->n; i++)
		push(&x->g, clone_op(graph->ops[i], NULL)); /* its stream is the launch's */
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
	size_t n = 0;
	for (size_t i = 0; i < graph->n; i++) /* an event a capture records orders its forks: no node */
		n += graph->ops[i]->kind != OP_RECORD;
	*numNodes = n;
	return cudaSuccess;
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec)
{
	if (!graphExec)
		return rt_err(cudaErrorInvalidValue);
	clear_ops(&graphExec->g);
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
	free(graph);
	return cudaSuccess;
}
