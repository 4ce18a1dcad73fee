#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
#include <cstdio>
struct Par { int n; float k; };

__global__ void gc(float *p, const __grid_constant__ Par q)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < q.n) p[i] = q.k * i;
}

/* cuflow --lower=coexec: gc as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_gc(unsigned long long cuflow_lo, unsigned long long cuflow_hi, float *p, const __grid_constant__ Par q)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < q.n) p[i] = q.k * i;
}

}

extern "C" void cuflow_cpu_gc(void **, const unsigned *, size_t, long long, long long);

/* a launch of gc: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_gc(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, float *p, const Par q)
{
	void *cuflow_av[] = {(void *)&p, (void *)&q, nullptr};
	static const unsigned char cuflow_use[] = {2, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"gc", 2, cuflow_use, cuflow_cpu_gc, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{0, sizeof(*p), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			gc<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(p, q);
		else
			cuflow_part_gc<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, p, q);
	});
}

int main()
{
    const int n = 1 << 12;
    float *d, h[n];
    cudaMalloc(&d, n * sizeof(float));
    Par q = {n, 2.0f};
    cuflow_coexec_gc(n / 256, 256, 0, 0, d, q);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++) s += h[i];
    printf("RESULT s=%.1f\n", s);
    return 0;
}
