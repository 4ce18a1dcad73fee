#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
// A grid-stride (formless, write-only) kernel into a fresh cudaMalloc'd
// buffer that reuses memory freed earlier: every element is written, so the
// CUDA program's answer is defined whatever the fresh memory held.
#include <cstdio>
#include <cstdlib>

__global__ void fill(float *out, int n, float k)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        out[i] = k * (float)(i % 1000);
}

/* cuflow --lower=coexec: fill as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_fill(unsigned long long cuflow_lo, unsigned long long cuflow_hi, float *out, int n, float k)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        out[i] = k * (float)(i % 1000);
}

}

extern "C" void cuflow_cpu_fill(void **, const unsigned *, size_t, long long, long long);

/* a launch of fill: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_fill(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, float *out, int n, float k)
{
	void *cuflow_av[] = {(void *)&out, (void *)&n, (void *)&k, nullptr};
	static const unsigned char cuflow_use[] = {2, 0, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"fill", 3, cuflow_use, cuflow_cpu_fill, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			fill<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(out, n, k);
		else
			cuflow_part_fill<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, out, n, k);
	});
}

int main()
{
    const int n = 1 << 20;
    float *h = (float *)malloc(n * sizeof(float));
    long long bad = 0;
    double sum = 0;
    for (int rep = 1; rep <= 4; rep++) {
        float *d;
        cudaMalloc(&d, n * sizeof(float));          // typically the address freed last round, old bytes in it
        cuflow_coexec_fill(n / 256, 256, 0, 0, d, n, (float)rep);   // writes every element
        cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
        for (int i = 0; i < n; i++) { bad += h[i] != (float)rep * (float)(i % 1000); sum += h[i]; }
        cudaFree(d);
    }
    printf("RESULT bad=%lld sum=%.1f\n", bad, sum);
    return 0;
}
