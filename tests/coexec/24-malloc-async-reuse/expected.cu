#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
// Stream-ordered allocations: a buffer freed with cudaFreeAsync and a
// larger one allocated with cudaMallocAsync right after (the pool hands
// back the same address), both used by a kernel the runtime may split.
#include <cstdio>
#include <cstdlib>

__global__ void add1(int *out, const int *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] + 1;
}

/* cuflow --lower=coexec: add1 as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_add1(unsigned long long cuflow_lo, unsigned long long cuflow_hi, int *out, const int *in, int n)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] + 1;
}

}

extern "C" void cuflow_cpu_add1(void **, const unsigned *, size_t, long long, long long);

/* a launch of add1: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_add1(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, int *out, const int *in, int n)
{
	void *cuflow_av[] = {(void *)&out, (void *)&in, (void *)&n, nullptr};
	static const unsigned char cuflow_use[] = {2, 1, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"add1", 3, cuflow_use, cuflow_cpu_add1, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{0, sizeof(*out), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {1, sizeof(*in), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			add1<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(out, in, n);
		else
			cuflow_part_add1<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, out, in, n);
	});
}

int main()
{
    const int n1 = 1 << 18, n2 = 1 << 20;
    int *h = (int *)malloc(n2 * sizeof(int)), *r = (int *)malloc(n2 * sizeof(int));
    int *out;
    cudaMalloc(&out, n2 * sizeof(int));
    long long bad = 0, sum = 0;
    for (int rep = 0; rep < 4; rep++) {
        int *a, *b;
        for (int i = 0; i < n1; i++) h[i] = i % 1000;
        cudaMallocAsync((void **)&a, n1 * sizeof(int), 0);
        cudaMemcpy(a, h, n1 * sizeof(int), cudaMemcpyHostToDevice);
        cuflow_coexec_add1(n1 / 256, 256, 0, 0, out, a, n1);
        cudaFreeAsync(a, 0);
        for (int i = 0; i < n2; i++) h[i] = 3 * (i % 500);
        cudaMallocAsync((void **)&b, n2 * sizeof(int), 0);
        cudaMemcpy(b, h, n2 * sizeof(int), cudaMemcpyHostToDevice);
        cuflow_coexec_add1(n2 / 256, 256, 0, 0, out, b, n2);
        cudaMemcpy(r, out, n2 * sizeof(int), cudaMemcpyDeviceToHost);
        for (int i = 0; i < n2; i++) { bad += r[i] != 3 * (i % 500) + 1; sum += r[i]; }
        cudaFreeAsync(b, 0);
        cudaStreamSynchronize(0);
    }
    printf("RESULT mallocasync-reuse bad=%lld sum=%lld\n", bad, sum);
    return 0;
}
