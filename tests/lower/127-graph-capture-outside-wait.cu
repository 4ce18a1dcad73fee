// A captured stream waiting for an event recorded outside the capture: CUDA
// refuses the dependency (cudaErrorStreamCaptureIsolation) and invalidates
// the capture; the next call on it and the capture's end say so, and no
// graph comes out. A graph that skipped the wait would read work still
// running on the other stream.
#include <cstdio>

__global__ void produce(int *p)
{
	p[threadIdx.x] = 7;
}

__global__ void add(int *p)
{
	p[threadIdx.x] += 1;
}

int main()
{
	int *d, h[32];
	cudaMalloc(&d, sizeof h);
	cudaMemset(d, 0, sizeof h);
	cudaDeviceSynchronize();
	cudaStream_t s, t;
	cudaStreamCreate(&s);
	cudaStreamCreate(&t);
	cudaEvent_t e, never;
	cudaEventCreate(&e);
	cudaEventCreate(&never);
	produce<<<1, 32, 0, t>>>(d);
	cudaEventRecord(e, t);
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	cudaError_t w = cudaStreamWaitEvent(s, e, 0);
	cudaError_t w2 = cudaStreamWaitEvent(s, never, 0);
	add<<<1, 32, 0, s>>>(d);
	cudaGraph_t g = 0;
	cudaError_t end = cudaStreamEndCapture(s, &g);
	cudaGetLastError();
	size_t n = 0;
	if (g)
		cudaGraphGetNodes(g, NULL, &n);
	cudaDeviceSynchronize();
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("RESULT wait=%d never=%d end=%d graph=%d nodes=%zu h0=%d\n", w, w2, end, g != 0, n, h[0]);
	return 0;
}
