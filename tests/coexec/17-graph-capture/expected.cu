#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
// A kernel the runtime could split, launched once plainly and then into a
// stream capture, the graph launched three times: a launch being captured
// is recorded as written (no part runs then, no copy, no wait), and in lazy
// mode every allocation is current on the device before the graph runs.
// The CPU runtime has no stream capture (runtime/graph.c): lowered, the
// capture fails, the launch runs at once and the graph launches return an
// error, so the oracle's four runs agree on bad > 0; the GPU prints bad=0.
#include <cstdio>
#include <cstdlib>

__global__ void axpy(float *y, const float *x, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}

/* cuflow --lower=coexec: axpy as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_axpy(unsigned long long cuflow_lo, unsigned long long cuflow_hi, float *y, const float *x, float a, int n)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}

}

extern "C" void cuflow_cpu_axpy(void **, const unsigned *, size_t, long long, long long);

/* a launch of axpy: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_axpy(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, float *y, const float *x, float a, int n)
{
	void *cuflow_av[] = {(void *)&y, (void *)&x, (void *)&a, (void *)&n, nullptr};
	static const unsigned char cuflow_use[] = {3, 1, 0, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"axpy", 4, cuflow_use, cuflow_cpu_axpy, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{0, sizeof(*y), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {0, sizeof(*y), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {1, sizeof(*x), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			axpy<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(y, x, a, n);
		else
			cuflow_part_axpy<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, y, x, a, n);
	});
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    float *hx = (float *)malloc(n * sizeof(float)), *hy = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) {
        hx[i] = (float)(i % 31);
        hy[i] = 1.0f;
    }
    float *dx, *dy;
    cudaMalloc(&dx, n * sizeof(float));
    cudaMalloc(&dy, n * sizeof(float));
    cudaMemcpy(dx, hx, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(dy, hy, n * sizeof(float), cudaMemcpyHostToDevice);
    cuflow_coexec_axpy((n + 255) / 256, 256, 0, 0, dy, dx, 2.0f, n);
    cudaStream_t s;
    cudaStreamCreate(&s);
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
    cuflow_coexec_axpy((n + 255) / 256, 256, 0, s, dy, dx, 0.5f, n);
    cudaStreamEndCapture(s, &graph);
    (cuflowCxPlain(), cudaGraphInstantiate(&exec, graph, 0));
    for (int r = 0; r < 3; r++)
        (cuflowCxPlain(), cudaGraphLaunch(exec, s));
    cudaStreamSynchronize(s);
    cudaMemcpy(hy, dy, n * sizeof(float), cudaMemcpyDeviceToHost);
    int bad = 0;
    double sum = 0;
    for (int i = 0; i < n; i++) {
        bad += hy[i] != 1.0f + 2.0f * (float)(i % 31) + 1.5f * (float)(i % 31);
        sum += hy[i];
    }
    printf("RESULT graph n=%d bad=%d sum=%.1f\n", n, bad, sum);
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaStreamDestroy(s);
    cudaFree(dx);
    cudaFree(dy);
    free(hx);
    free(hy);
    return 0;
}
