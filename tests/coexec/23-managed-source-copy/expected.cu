#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
// A kernel writes managed memory (the runtime keeps that launch on the GPU
// alone, in flight); the next cudaMemcpy copies out of it, ordered after
// the kernel on the default stream.
#include <cstdio>
#include <cstdlib>

__global__ void inc(int *out, const int *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] + 1;
}

/* cuflow --lower=coexec: inc as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_inc(unsigned long long cuflow_lo, unsigned long long cuflow_hi, int *out, const int *in, int n)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] + 1;
}

}

extern "C" void cuflow_cpu_inc(void **, const unsigned *, size_t, long long, long long);

/* a launch of inc: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_inc(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, int *out, const int *in, int n)
{
	void *cuflow_av[] = {(void *)&out, (void *)&in, (void *)&n, nullptr};
	static const unsigned char cuflow_use[] = {2, 1, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"inc", 3, cuflow_use, cuflow_cpu_inc, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{0, sizeof(*out), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {1, sizeof(*in), (1LL * (long long)cuflow_b.x), 0LL, 0LL, ((0LL * (long long)cuflow_b.x) + 0LL), ((0LL * (long long)cuflow_b.x) + ((long long)cuflow_b.x - 1))}, {-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			inc<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(out, in, n);
		else
			cuflow_part_inc<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, out, in, n);
	});
}

int main()
{
    const int n = 1 << 18;
    int *m, *d, *r = (int *)malloc(n * sizeof(int));
    cudaMallocManaged(&m, n * sizeof(int));
    cudaMalloc(&d, n * sizeof(int));
    for (int i = 0; i < n; i++)
        m[i] = i % 1000;
    cudaMemcpy(d, m, n * sizeof(int), cudaMemcpyHostToDevice);
    for (int rep = 0; rep < 4; rep++) {
        cuflow_coexec_inc(n / 256, 256, 0, 0, m, d, n);                                // m = d + 1
        cudaMemcpy(d, m, n * sizeof(int), cudaMemcpyDeviceToDevice);  // d = m
    }
    cudaMemcpy(r, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    long long bad = 0, sum = 0;
    for (int i = 0; i < n; i++) { bad += r[i] != i % 1000 + 4; sum += r[i]; }
    printf("RESULT bug3 bad=%lld sum=%lld\n", bad, sum);
    return 0;
}
