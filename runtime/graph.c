/* graph.c: CUDA graphs and stream capture, which this runtime does not
 * support: capture cannot begin (cudaErrorStreamCaptureUnsupported), no
 * stream is ever capturing, and the graph calls answer
 * cudaErrorNotSupported. Programs with a non-graph path take it.
 */
#include "rt_internal.h"

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode)
{
	(void)mode;
	if (!rt_stream(stream))
		return rt_err(cudaErrorInvalidResourceHandle);
	return rt_err(cudaErrorStreamCaptureUnsupported);
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph)
{
	(void)pGraph;
	if (!rt_stream(stream))
		return rt_err(cudaErrorInvalidResourceHandle);
	return rt_err(cudaErrorStreamCaptureUnmatched);
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus)
{
	if (!pCaptureStatus)
		return rt_err(cudaErrorInvalidValue);
	if (!rt_stream(stream))
		return rt_err(cudaErrorInvalidResourceHandle);
	*pCaptureStatus = cudaStreamCaptureStatusNone;
	return cudaSuccess;
}

static cudaError_t unsupported(void)
{
	return rt_err(cudaErrorNotSupported);
}

cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags)
{
	(void)pGraph;
	(void)flags;
	return unsupported();
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, unsigned long long flags)
{
	(void)pGraphExec;
	(void)graph;
	(void)flags;
	return unsupported();
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
					  unsigned long long flags)
{
	return cudaGraphInstantiate(pGraphExec, graph, flags);
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream)
{
	(void)graphExec;
	(void)stream;
	return unsupported();
}

cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream)
{
	(void)graphExec;
	(void)stream;
	return unsupported();
}

cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes)
{
	(void)graph;
	(void)nodes;
	(void)numNodes;
	return unsupported();
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec)
{
	(void)graphExec;
	return unsupported();
}

cudaError_t cudaGraphDestroy(cudaGraph_t graph)
{
	(void)graph;
	return unsupported();
}
