#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
// A __device__ helper reads blockIdx and gridDim itself: the partition-
// ready kernel keeps every block's own indices, so the helper stays right.
// A 3-D grid, and a launch on a stream the program made.
#include <cstdio>

__device__ unsigned flatblock()
{
    return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
}

__global__ void tag(unsigned *out)
{
    unsigned b = flatblock();
    out[b * blockDim.x + threadIdx.x] = b * 1000 + threadIdx.x;
}

/* cuflow --lower=coexec: tag as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_tag(unsigned long long cuflow_lo, unsigned long long cuflow_hi, unsigned *out)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    unsigned b = flatblock();
    out[b * blockDim.x + threadIdx.x] = b * 1000 + threadIdx.x;
}

}

extern "C" void cuflow_cpu_tag(void **, const unsigned *, size_t, long long, long long);

/* a launch of tag: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_tag(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, unsigned *out)
{
	void *cuflow_av[] = {(void *)&out, nullptr};
	static const unsigned char cuflow_use[] = {2, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"tag", 1, cuflow_use, cuflow_cpu_tag, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			tag<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(out);
		else
			cuflow_part_tag<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, out);
	});
}

int main()
{
    dim3 grid(7, 5, 3), block(64);
    const int n = 7 * 5 * 3 * 64;
    static unsigned h[7 * 5 * 3 * 64];
    unsigned *d;
    cudaStream_t st;
    cudaStreamCreate(&st);
    cudaMalloc(&d, sizeof h);
    for (int it = 0; it < 3; it++)
        cuflow_coexec_tag(grid, block, 0, st, d);
    cudaStreamSynchronize(st);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += h[i] != (unsigned)(i / 64) * 1000 + i % 64;
    printf("RESULT helper bad=%d\n", bad);
    cudaStreamDestroy(st);
    return 0;
}
