/* test_atomics.cpp: the device atomics under contention: many blocks on
 * more OpenMP threads than cores, exact results checked against the host.
 * Kernels are written as the lowering writes them: a per-block function
 * with a loop over the block's threads. */
#include <omp.h>
#include <string.h>
#include <vector>

#include "check.h"

/* A program's own atomicMax for float (the common atomicCAS idiom) must be
 * preferred over the runtime's template, not clash with it. */
static int own_max_calls;
float atomicMax(float *addr, float val)
{
	__atomic_fetch_add(&own_max_calls, 1, __ATOMIC_RELAXED);
	int *ia = (int *)addr, old = *ia, assumed;
	do {
		assumed = old;
		if (__int_as_float(assumed) >= val)
			break;
		old = atomicCAS(ia, assumed, __float_as_int(val));
	} while (assumed != old);
	return __int_as_float(old);
}

static const int N = 1 << 20, BLOCK = 256, GRID = N / BLOCK, BINS = 256;

static unsigned value_of(unsigned i)
{
	i ^= i >> 13;
	i *= 0x5bd1e995u;
	i ^= i >> 15;
	return i;
}

struct hist_args {
	unsigned *hist;
};

/* per block: a shared histogram in dynamic shared memory, merged with
 * atomicAdd into the global one (the classic two-level histogram) */
static void hist_block(const cuflow_block *b, void *p)
{
	const hist_args *a = (const hist_args *)p;
	unsigned *sh = (unsigned *)b->dynshm;
	for (unsigned t = 0; t < b->blockDim.x; t++)
		sh[t] = 0;
	/* __syncthreads() */
	for (unsigned t = 0; t < b->blockDim.x; t++) {
		unsigned i = b->blockIdx.x * b->blockDim.x + t;
		atomicAdd_block(&sh[value_of(i) % BINS], 1u);
	}
	/* __syncthreads() */
	for (unsigned t = 0; t < b->blockDim.x; t++)
		if (sh[t])
			atomicAdd(&a->hist[t], sh[t]);
}

struct many_args {
	float *fsum;
	double *dsum;
	int *cas_count, *imin, *imax;
	unsigned *inc, *dec, *orbits, *andbits, *xorbits;
	unsigned long long *usum, *exch_sum;
	long long *llmax_v;
	int *exch;
	float *fmax, *fmin, *own;
	int *sub;
	__half *hsum;
};

static void many_block(const cuflow_block *b, void *p)
{
	const many_args *a = (const many_args *)p;
	for (unsigned t = 0; t < b->blockDim.x; t++) {
		int i = (int)(b->blockIdx.x * b->blockDim.x + t);
		atomicAdd(a->fsum, 0.5f);
		atomicAdd(a->dsum, (double)i);
		int old = *(volatile int *)a->cas_count, assumed;
		do { /* increment by compare-and-swap */
			assumed = old;
			old = atomicCAS(a->cas_count, assumed, assumed + 1);
		} while (old != assumed);
		int v = (int)(value_of((unsigned)i) % 2000001) - 1000000;
		atomicMin(a->imin, v);
		atomicMax(a->imax, v);
		atomicMax(a->llmax_v, (long long)v * 1000000);
		atomicInc(a->inc, 999u);
		atomicDec(a->dec, 999u);
		atomicOr(a->orbits, 1u << (i % 32));
		atomicAnd(a->andbits, ~(1u << (i % 31)));
		atomicXor(a->xorbits, (unsigned)i);
		atomicAdd(a->usum, (unsigned long long)i);
		atomicAdd_system(a->exch_sum, (unsigned long long)atomicExch(a->exch, i));
		atomicMax(a->fmax, (float)v);           /* the program's own */
		atomicMin(a->fmin, (float)v);           /* the runtime's template */
		atomicMax(a->own, 1.0f);
		atomicSub(a->sub, 3);
		if (i < 64)
			atomicAdd(a->hsum, __float2half(1.0f));
	}
}

static void test_histogram(void)
{
	unsigned *hist;
	CHECK_CUDA(cudaMallocManaged(&hist, BINS * sizeof(unsigned)));
	hist_args a = {hist};
	CHECK_CUDA(cuflowLaunch(hist_block, &a, sizeof a, dim3(GRID), dim3(BLOCK), BINS * sizeof(unsigned), 0));
	CHECK_CUDA(cudaDeviceSynchronize());
	std::vector<unsigned> ref(BINS, 0);
	for (unsigned i = 0; i < (unsigned)N; i++)
		ref[value_of(i) % BINS]++;
	for (int k = 0; k < BINS; k++)
		CHECK_EQ(hist[k], ref[k]);
	CHECK_CUDA(cudaFree(hist));
}

template <class T> static T *managed(T init)
{
	T *p;
	CHECK_CUDA(cudaMallocManaged(&p, sizeof(T)));
	memcpy(p, &init, sizeof init);
	return p;
}

static void test_many(void)
{
	many_args a;
	a.fsum = managed(0.0f);
	a.dsum = managed(0.0);
	a.cas_count = managed(0);
	a.imin = managed(INT_MAX);
	a.imax = managed(INT_MIN);
	a.llmax_v = managed(LLONG_MIN);
	a.inc = managed(0u);
	a.dec = managed(0u);
	a.orbits = managed(0u);
	a.andbits = managed(0xffffffffu);
	a.xorbits = managed(0u);
	a.usum = managed(0ull);
	a.exch_sum = managed(0ull);
	a.exch = managed(-1);
	a.fmax = managed(-1e30f);
	a.fmin = managed(1e30f);
	a.own = managed(0.0f);
	a.sub = managed(0);
	a.hsum = managed(__float2half(0.0f));
	CHECK_CUDA(cuflowLaunch(many_block, &a, sizeof a, dim3(GRID), dim3(BLOCK), 0, 0));
	CHECK_CUDA(cudaDeviceSynchronize());

	int vmin = INT_MAX, vmax = INT_MIN;
	unsigned x = 0;
	for (int i = 0; i < N; i++) {
		int v = (int)(value_of((unsigned)i) % 2000001) - 1000000;
		vmin = v < vmin ? v : vmin;
		vmax = v > vmax ? v : vmax;
		x ^= (unsigned)i;
	}
	unsigned long long total = (unsigned long long)N * (N - 1) / 2;
	CHECK(*a.fsum == 0.5f * N);                 /* exact: all partial sums representable */
	CHECK(*a.dsum == (double)total);
	CHECK_EQ(*a.cas_count, N);
	CHECK_EQ(*a.imin, vmin);
	CHECK_EQ(*a.imax, vmax);
	CHECK_EQ(*a.llmax_v, (long long)vmax * 1000000);
	CHECK_EQ(*a.inc, N % 1000);
	CHECK_EQ(*a.dec, (1000 - N % 1000) % 1000);
	CHECK_EQ(*a.orbits, 0xffffffffu);
	CHECK_EQ(*a.andbits, 0x80000000u);
	CHECK_EQ(*a.xorbits, x);
	CHECK_EQ(*a.usum, total);
	CHECK_EQ(*a.exch_sum + (unsigned long long)*a.exch, total - 1); /* every value once, -1 first */
	CHECK(*a.fmax == (float)vmax && *a.fmin == (float)vmin && *a.own == 1.0f);
	CHECK_EQ(own_max_calls, 2 * N);
	CHECK_EQ(*a.sub, -3 * N);
	CHECK(__half2float(*a.hsum) == 64.0f);
}

int main(void)
{
	omp_set_num_threads(8); /* more threads than cores: preemption mid-update */
	test_histogram();
	test_many();
	printf("PASS test_atomics (%d threads)\n", omp_get_max_threads());
	return 0;
}
