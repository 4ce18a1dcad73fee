// CUDA's rules for stream capture: syncs of the captured stream or the
// device and blocking legacy-stream copies fail and invalidate the capture;
// a fork not joined back fails the capture's end; the legacy stream cannot
// join a capture; external event records are nodes, plain ones are not;
// one graph exec's launches on two streams run in launch order; memory
// cudaMallocAsync gives in a capture is the graph's, each launch.
#include <cstdio>

__global__ void inc(int *p, int by)
{
	p[threadIdx.x] += by;
}

__global__ void square(int *t, const int *in, int n)
{
	int i = threadIdx.x;
	if (i < n)
		t[i] = in[i] * in[i];
}

__global__ void total(int *out, const int *t, int n)
{
	if (threadIdx.x == 0) {
		int s = 0;
		for (int i = 0; i < n; i++)
			s += t[i];
		*out += s;
	}
}

int main()
{
	int *d, h[32];
	cudaMalloc(&d, sizeof h);
	cudaMemset(d, 0, sizeof h);
	cudaStream_t s, t, u;
	cudaStreamCreate(&s);
	cudaStreamCreate(&t);
	cudaStreamCreateWithFlags(&u, cudaStreamNonBlocking);
	cudaEvent_t f, a, b;
	cudaEventCreateWithFlags(&f, cudaEventDisableTiming);
	cudaEventCreate(&a);
	cudaEventCreate(&b);
	cudaGraph_t g;
	int code[8];
	for (int w = 0; w < 3; w++) { /* blocking calls during a global capture */
		cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
		inc<<<1, 32, 0, s>>>(d, 1);
		cudaError_t e = w == 0 ? cudaStreamSynchronize(s)
		                : w == 1 ? cudaDeviceSynchronize() : cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
		code[w] = e * 1000 + cudaStreamEndCapture(s, &g);
		cudaGetLastError();
	}
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal); /* a fork with no join */
	cudaEventRecord(f, s);
	cudaStreamWaitEvent(t, f, 0);
	inc<<<1, 32, 0, t>>>(d, 1);
	code[3] = cudaStreamEndCapture(s, &g);
	cudaGetLastError();
	cudaStreamBeginCapture(u, cudaStreamCaptureModeRelaxed); /* the legacy stream joining */
	inc<<<1, 32, 0, u>>>(d, 1);
	cudaEventRecord(f, u);
	code[4] = cudaStreamWaitEvent(0, f, 0) * 1000 + cudaStreamEndCapture(u, &g);
	cudaGetLastError();
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal); /* external records are nodes */
	cudaEventRecordWithFlags(a, s, cudaEventRecordExternal);
	inc<<<1, 32, 0, s>>>(d, 1);
	cudaEventRecordWithFlags(b, s, cudaEventRecordExternal);
	cudaStreamEndCapture(s, &g);
	size_t nodes = 0;
	cudaGraphGetNodes(g, NULL, &nodes);
	cudaGraphDestroy(g);
	cudaMemset(d, 0, sizeof h); /* one exec, launched on two streams */
	cudaGraphExec_t x;
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	inc<<<1, 32, 0, s>>>(d, 1);
	cudaStreamEndCapture(s, &g);
	cudaGraphInstantiate(&x, g, 0);
	cudaGraphLaunch(x, s);
	cudaGraphLaunch(x, t);
	cudaMemcpyAsync(h, d, sizeof h, cudaMemcpyDeviceToHost, t);
	cudaStreamSynchronize(t);
	int order = h[0];
	cudaGraphExecDestroy(x);
	cudaGraphDestroy(g);
	int *in, *out, hin[64]; /* memory of the capture's own */
	cudaMalloc(&in, sizeof hin);
	cudaMalloc(&out, sizeof(int));
	cudaMemset(out, 0, sizeof(int));
	for (int i = 0; i < 64; i++)
		hin[i] = i;
	cudaMemcpy(in, hin, sizeof hin, cudaMemcpyHostToDevice);
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	int *tmp;
	cudaMallocAsync((void **)&tmp, 64 * sizeof(int), s);
	square<<<1, 64, 0, s>>>(tmp, in, 64);
	total<<<1, 1, 0, s>>>(out, tmp, 64);
	cudaFreeAsync(tmp, s);
	code[5] = cudaStreamEndCapture(s, &g);
	cudaGraphInstantiate(&x, g, 0);
	for (int r = 0; r < 3; r++)
		cudaGraphLaunch(x, s);
	cudaStreamSynchronize(s);
	int sum;
	cudaMemcpy(&sum, out, sizeof sum, cudaMemcpyDeviceToHost);
	cudaGraphExecDestroy(x);
	cudaGraphDestroy(g);
	printf("RESULT codes=%d,%d,%d,%d,%d,%d nodes=%zu order=%d sum=%d\n", code[0], code[1], code[2], code[3], code[4],
	       code[5], nodes, order, sum);
	return 0;
}
