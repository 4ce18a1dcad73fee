// CUDA graphs by stream capture: an upload, a memset, two kernels on two
// streams (a fork and a join through events) and a download captured once,
// then the graph replayed on another stream with new input each time; the
// capture status while capturing and after, and the graph's node count.
#include <cstdio>

__global__ void scale(float *y, const float *x, float a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i];
}

__global__ void addto(float *y, const float *z, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] += z[i];
}

int main()
{
	const int n = 1 << 14;
	float *hx, *hy;
	cudaMallocHost(&hx, n * sizeof(float));
	cudaMallocHost(&hy, n * sizeof(float));
	float *x, *y, *z;
	cudaMalloc(&x, n * sizeof(float));
	cudaMalloc(&y, n * sizeof(float));
	cudaMalloc(&z, n * sizeof(float));
	cudaStream_t s, t, run;
	cudaStreamCreate(&s);
	cudaStreamCreate(&t);
	cudaStreamCreate(&run);
	cudaEvent_t fork, join;
	cudaEventCreateWithFlags(&fork, cudaEventDisableTiming);
	cudaEventCreateWithFlags(&join, cudaEventDisableTiming);
	cudaGraph_t graph;
	cudaGraphExec_t exec;
	cudaStreamCaptureStatus before, during, after;
	cudaStreamIsCapturing(s, &before);
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	cudaStreamIsCapturing(s, &during);
	cudaMemcpyAsync(x, hx, n * sizeof(float), cudaMemcpyHostToDevice, s);
	cudaMemsetAsync(z, 0, n * sizeof(float), s);
	cudaEventRecord(fork, s);
	cudaStreamWaitEvent(t, fork, 0);
	scale<<<n / 256, 256, 0, t>>>(z, x, 3.0f, n);
	cudaEventRecord(join, t);
	scale<<<n / 256, 256, 0, s>>>(y, x, 2.0f, n);
	cudaStreamWaitEvent(s, join, 0);
	addto<<<n / 256, 256, 0, s>>>(y, z, n);
	cudaMemcpyAsync(hy, y, n * sizeof(float), cudaMemcpyDeviceToHost, s);
	cudaStreamEndCapture(s, &graph);
	cudaStreamIsCapturing(s, &after);
	size_t nodes = 0;
	cudaGraphGetNodes(graph, NULL, &nodes);
	cudaGraphInstantiate(&exec, graph, 0);
	long long bad = 0;
	double sum = 0;
	for (int rep = 1; rep <= 3; rep++) {
		for (int i = 0; i < n; i++)
			hx[i] = (float)(rep * (i % 50));
		cudaGraphLaunch(exec, run);
		cudaStreamSynchronize(run);
		for (int i = 0; i < n; i++) {
			bad += hy[i] != 5.0f * hx[i];
			sum += hy[i];
		}
	}
	cudaGraphExecDestroy(exec);
	cudaGraphDestroy(graph);
	printf("RESULT capture=%d,%d,%d nodes=%zu bad=%lld sum=%.1f\n", (int)before, (int)during, (int)after, nodes, bad,
	       sum);
	return 0;
}
