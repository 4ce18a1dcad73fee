#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
// A CUDA graph captured from a stream: upload, kernel, download. Each
// replay uploads new input (the host buffer changed between replays).
#include <cstdio>
#include <cstdlib>

__global__ void scale(float *y, const float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = 2.0f * x[i];
}

/* cuflow --lower=coexec: scale as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_scale(unsigned long long cuflow_lo, unsigned long long cuflow_hi, float *y, const float *x, int n)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = 2.0f * x[i];
}

}

extern "C" void cuflow_cpu_scale(void **, const unsigned *, size_t, long long, long long);

/* a launch of scale: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_scale(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, float *y, const float *x, int n)
{
	void *cuflow_av[] = {(void *)&y, (void *)&x, (void *)&n, nullptr};
	static const unsigned char cuflow_use[] = {2, 1, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"scale", 3, cuflow_use, cuflow_cpu_scale, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{0, sizeof(*y), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {1, sizeof(*x), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			scale<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(y, x, n);
		else
			cuflow_part_scale<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, y, x, n);
	});
}

int main()
{
    const int n = 1 << 16;
    float *hx, *hy;
    cudaMallocHost(&hx, n * sizeof(float));
    cudaMallocHost(&hy, n * sizeof(float));
    float *x, *y;
    cudaMalloc(&x, n * sizeof(float));
    cudaMalloc(&y, n * sizeof(float));
    cudaStream_t s;
    cudaStreamCreate(&s);
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
    cudaMemcpyAsync(x, hx, n * sizeof(float), cudaMemcpyHostToDevice, s);
    cuflow_coexec_scale(n / 256, 256, 0, s, y, x, n);
    cudaMemcpyAsync(hy, y, n * sizeof(float), cudaMemcpyDeviceToHost, s);
    cudaStreamEndCapture(s, &graph);
    (cuflowCxPlain(), cudaGraphInstantiate(&exec, graph, 0));
    long long bad = 0;
    double sum = 0;
    for (int rep = 1; rep <= 3; rep++) {
        for (int i = 0; i < n; i++) hx[i] = (float)(rep * (i % 100));
        (cuflowCxPlain(), cudaGraphLaunch(exec, s));
        cudaStreamSynchronize(s);
        for (int i = 0; i < n; i++) { bad += hy[i] != 2.0f * hx[i]; sum += hy[i]; }
    }
    printf("RESULT bad=%lld sum=%.1f\n", bad, sum);
    return 0;
}
