#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
// A 16-bit index: each block writes its own 256 elements of a ring of 65536,
// starting at slot 200 (the blocks past slot 255 wrap around to the start
// through the unsigned short); every element written once.
#include <cstdio>
#include <cstdlib>

__global__ void ring(int *out, const int *in)
{
    unsigned short i = (blockIdx.x + 200) * blockDim.x + threadIdx.x;
    out[i] = in[i] + 1;
}

/* cuflow --lower=coexec: ring as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_ring(unsigned long long cuflow_lo, unsigned long long cuflow_hi, int *out, const int *in)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    unsigned short i = (blockIdx.x + 200) * blockDim.x + threadIdx.x;
    out[i] = in[i] + 1;
}

}

extern "C" void cuflow_cpu_ring(void **, const unsigned *, size_t, long long, long long);

/* a launch of ring: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_ring(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, int *out, const int *in)
{
	void *cuflow_av[] = {(void *)&out, (void *)&in, nullptr};
	static const unsigned char cuflow_use[] = {2, 1, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"ring", 2, cuflow_use, cuflow_cpu_ring, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			ring<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(out, in);
		else
			cuflow_part_ring<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, out, in);
	});
}

int main()
{
    const int n = 65536, blocks = 256;
    int *h = (int *)malloc(n * sizeof(int)), *r = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        h[i] = i % 1000;
    int *din, *dout;
    cudaMalloc(&din, n * sizeof(int));
    cudaMalloc(&dout, n * sizeof(int));
    cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(dout, 0, n * sizeof(int));
    for (int rep = 0; rep < 4; rep++)
        cuflow_coexec_ring(blocks, 256, 0, 0, dout, din);
    cudaMemcpy(r, dout, n * sizeof(int), cudaMemcpyDeviceToHost);
    long long bad = 0, sum = 0;
    for (int i = 0; i < n; i++) {
        bad += r[i] != h[i] + 1;
        sum += r[i];
    }
    printf("RESULT narrow-local bad=%lld sum=%lld\n", bad, sum);
    return 0;
}
