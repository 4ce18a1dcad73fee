#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */
#include "cuflow_coexec.h" /* cuflow --lower=coexec */
// An inclusive scan in three kernels: each block scans its part and writes
// its total, one block scans the totals, each block adds its offset.
#include <cstdio>
#include <cstdlib>
#define B 256

__global__ void blockscan(const int *in, int *out, int *sums, int n)
{
    __shared__ int s[B];
    int i = blockIdx.x * B + threadIdx.x;
    s[threadIdx.x] = i < n ? in[i] : 0;
    __syncthreads();
    for (int d = 1; d < B; d *= 2) {
        int v = threadIdx.x >= d ? s[threadIdx.x - d] : 0;
        __syncthreads();
        s[threadIdx.x] += v;
        __syncthreads();
    }
    if (i < n)
        out[i] = s[threadIdx.x];
    if (threadIdx.x == B - 1)
        sums[blockIdx.x] = s[B - 1];
}

/* cuflow --lower=coexec: blockscan as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_blockscan(unsigned long long cuflow_lo, unsigned long long cuflow_hi, const int *in, int *out, int *sums, int n)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    __shared__ int s[B];
    int i = blockIdx.x * B + threadIdx.x;
    s[threadIdx.x] = i < n ? in[i] : 0;
    __syncthreads();
    for (int d = 1; d < B; d *= 2) {
        int v = threadIdx.x >= d ? s[threadIdx.x - d] : 0;
        __syncthreads();
        s[threadIdx.x] += v;
        __syncthreads();
    }
    if (i < n)
        out[i] = s[threadIdx.x];
    if (threadIdx.x == B - 1)
        sums[blockIdx.x] = s[B - 1];
}

}

extern "C" void cuflow_cpu_blockscan(void **, const unsigned *, size_t, long long, long long);

/* a launch of blockscan: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_blockscan(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, const int *in, int *out, int *sums, int n)
{
	void *cuflow_av[] = {(void *)&in, (void *)&out, (void *)&sums, (void *)&n, nullptr};
	static const unsigned char cuflow_use[] = {1, 2, 2, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"blockscan", 4, cuflow_use, cuflow_cpu_blockscan, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{0, sizeof(*in), (1LL * 256LL), 0LL, 0LL, ((0LL * 256LL) + 0LL), ((0LL * 256LL) + ((long long)cuflow_b.x - 1))}, {1, sizeof(*out), (1LL * 256LL), 0LL, 0LL, ((0LL * 256LL) + 0LL), ((0LL * 256LL) + ((long long)cuflow_b.x - 1))}, {2, sizeof(*sums), 1LL, 0LL, 0LL, 0LL, 0LL}, {-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			blockscan<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(in, out, sums, n);
		else
			cuflow_part_blockscan<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, in, out, sums, n);
	});
}

__global__ void scansums(int *sums, int m)
{
    if (threadIdx.x == 0)
        for (int b = 1; b < m; b++)
            sums[b] += sums[b - 1];
}

/* cuflow --lower=coexec: scansums as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_scansums(unsigned long long cuflow_lo, unsigned long long cuflow_hi, int *sums, int m)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    if (threadIdx.x == 0)
        for (int b = 1; b < m; b++)
            sums[b] += sums[b - 1];
}

}

extern "C" void cuflow_cpu_scansums(void **, const unsigned *, size_t, long long, long long);

/* a launch of scansums: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_scansums(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, int *sums, int m)
{
	void *cuflow_av[] = {(void *)&sums, (void *)&m, nullptr};
	static const unsigned char cuflow_use[] = {3, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"scansums", 2, cuflow_use, cuflow_cpu_scansums, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{0, sizeof(*sums), 0LL, 0LL, 0LL, 1LL, ((long long)m - 1)}, {0, sizeof(*sums), 0LL, 0LL, 0LL, (1LL - 1LL), (((long long)m - 1) - 1LL)}, {-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			scansums<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(sums, m);
		else
			cuflow_part_scansums<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, sums, m);
	});
}

__global__ void addoffset(int *out, const int *sums, int n)
{
    int i = blockIdx.x * B + threadIdx.x;
    if (blockIdx.x > 0 && i < n)
        out[i] += sums[blockIdx.x - 1];
}

/* cuflow --lower=coexec: addoffset as SKMD's partition-ready kernel: the blocks of the flattened grid in [lo, hi) run, the others leave at once (doc/coexec.md) */
static __global__ void cuflow_part_addoffset(unsigned long long cuflow_lo, unsigned long long cuflow_hi, int *out, const int *sums, int n)
{
	if (cuflowCxOutside(cuflow_lo, cuflow_hi))
		return;
	{
    int i = blockIdx.x * B + threadIdx.x;
    if (blockIdx.x > 0 && i < n)
        out[i] += sums[blockIdx.x - 1];
}

}

extern "C" void cuflow_cpu_addoffset(void **, const unsigned *, size_t, long long, long long);

/* a launch of addoffset: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */
static void
cuflow_coexec_addoffset(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st, int *out, const int *sums, int n)
{
	void *cuflow_av[] = {(void *)&out, (void *)&sums, (void *)&n, nullptr};
	static const unsigned char cuflow_use[] = {3, 1, 0, 0}; /* 1: read through, 2: written through */
	static cuflow_cx_kernel cuflow_k = {"addoffset", 3, cuflow_use, cuflow_cpu_addoffset, {}};
	/* the elements each block touches (doc/coexec.md) */
	const cuflow_cx_form cuflow_f[] = {{0, sizeof(*out), (1LL * 256LL), 0LL, 0LL, ((0LL * 256LL) + 0LL), ((0LL * 256LL) + ((long long)cuflow_b.x - 1))}, {1, sizeof(*sums), 1LL, 0LL, 0LL, (0LL - 1LL), (0LL - 1LL)}, {-1, 0, {0, 0, 0}, 0, 0}};
	cuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,
	               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {
		if (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)
			addoffset<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(out, sums, n);
		else
			cuflow_part_addoffset<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi, out, sums, n);
	});
}

int main(int argc, char **argv)
{
    const int n = argc > 1 && atoi(argv[1]) > 0 ? atoi(argv[1]) * 1000 : 1 << 20, m = (n + B - 1) / B;
    int *in = (int *)malloc(n * sizeof(int)), *out = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        in[i] = (i * 7) % 13 - 6;
    int *din, *dout, *dsums;
    cudaMalloc(&din, n * sizeof(int));
    cudaMalloc(&dout, n * sizeof(int));
    cudaMalloc(&dsums, m * sizeof(int));
    cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice);
    cuflow_coexec_blockscan(m, B, 0, 0, din, dout, dsums, n);
    cuflow_coexec_scansums(1, 32, 0, 0, dsums, m);
    cuflow_coexec_addoffset(m, B, 0, 0, dout, dsums, n);
    cudaMemcpy(out, dout, n * sizeof(int), cudaMemcpyDeviceToHost);
    int bad = 0;
    long long run = 0;
    for (int i = 0; i < n; i++) {
        run += in[i];
        bad += out[i] != run;
    }
    printf("RESULT scan n=%d bad=%d last=%d\n", n, bad, out[n - 1]);
    return 0;
}
