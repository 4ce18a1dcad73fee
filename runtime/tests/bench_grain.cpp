/* bench_grain.cpp: launch schedules against each other, for launch.c
 * (doc/runtime.md, Schedule, has the numbers): OpenMP's dynamic schedule
 * at fixed grains (blocks per task), at the grain rules below, and the
 * runtime's affinity scheduling (cuflowSetGrain(0), "built-in"). Not part
 * of make check:
 *     make runtime/tests/bench_grain && runtime/tests/bench_grain [reps]
 * Kernels, written like lowered code:
 *   tiny     1M blocks of 32 threads, a saxpy each (scheduling-bound)
 *   medium   16K blocks of 256 threads, 16 flops a thread
 *   uneven   4K blocks of 256 threads whose cost grows 1..16x with blockIdx % 16
 *   small    8K blocks of 32 threads, a saxpy each, launched 20 times
 *   uneven32 64K blocks of 32 threads, cost 1..16x as in uneven
 *   ramp     4K blocks of 256 threads whose cost grows 1..16x over the grid
 *   reuse    16K blocks of 256 threads, a saxpy over 32 MiB, launched 20 times
 *   large    24 blocks of 1024 threads, heavy compute (balance-bound)
 *   launch   2 blocks of 32 threads, launched 2000 times (launch-bound)
 * For each, the best of `reps` runs (default 5). */
#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <vector>

#include "cuflow_rt.h"

struct saxpy_args {
	const float *x;
	float *y;
	float a;
	int work;  /* inner iterations a thread */
	int uneven; /* cost 1..16x: 1 with blockIdx % 16, 2 growing over the grid */
};

static void saxpy_block(const cuflow_block *b, void *p)
{
	const saxpy_args *k = (const saxpy_args *)p;
	unsigned base = b->blockIdx.x * b->blockDim.x;
	int reps = k->work * (k->uneven == 1   ? 1 + (int)(b->blockIdx.x % 16)
			      : k->uneven == 2 ? 1 + (int)(b->blockIdx.x * 16 / b->gridDim.x)
					       : 1);
	for (unsigned t = 0; t < b->blockDim.x; t++) {
		float v = k->x[base + t];
		for (int r = 0; r < reps; r++)
			v = k->a * v + 0.5f;
		k->y[base + t] += v;
	}
}

struct heavy_args {
	double *out;
	int iters;
};

static void heavy_block(const cuflow_block *b, void *p)
{
	const heavy_args *k = (const heavy_args *)p;
	for (unsigned t = 0; t < b->blockDim.x; t++) {
		double s = 0;
		for (int i = 0; i < k->iters; i++)
			s += sqrt((double)(i + t + b->blockIdx.x));
		k->out[b->blockIdx.x * b->blockDim.x + t] = s;
	}
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

struct kcase {
	const char *name;
	cuflow_kernel fn;
	void *args;
	size_t argsize;
	dim3 grid, block;
	int launches;
};

static double time_case(const kcase &c, long grain, int reps)
{
	cuflowSetGrain(grain);
	double best = 1e30;
	for (int r = 0; r < reps; r++) {
		double t0 = now();
		for (int l = 0; l < c.launches; l++)
			cuflowLaunch(c.fn, c.args, c.argsize, c.grid, c.block, 0, 0);
		cudaDeviceSynchronize();
		double t = now() - t0;
		best = t < best ? t : best;
	}
	return best * 1e3;
}

/* Candidate rules: blocks per task for nb blocks of bt threads on nt threads. */
static long rule_k(long nb, int nt, int k)
{
	long g = nb / ((long)k * nt);
	return g ? g : 1;
}

/* the dynamic schedule's rule until 2026-11-25: about 32 tasks a thread,
 * but at least 4096 thread iterations a task as long as that leaves 4 tasks
 * a thread */
static long rule_mixed(long nb, int nt, unsigned bt)
{
	long g = nb / (32L * nt), floor_g = 4096 / (long)bt, cap = nb / (4L * nt);
	if (floor_g > cap)
		floor_g = cap;
	if (g < floor_g)
		g = floor_g;
	return g ? g : 1;
}

static void run_case(const kcase &c, int reps)
{
	long nb = (long)c.grid.x * c.grid.y * c.grid.z;
	int nt = omp_get_max_threads();
	unsigned bt = c.block.x * c.block.y * c.block.z;
	time_case(c, 0, 1); /* warm up: pages, threads */
	printf("%-8s %7ld x %4u:", c.name, nb, bt);
	for (long g = 1; g <= nb / nt; g *= 4)
		printf(" g=%ld %.2f", g, time_case(c, g, reps));
	printf("\n%-8s %14s", "", "rules:");
	for (int k : {1, 8, 32}) {
		long g = rule_k(nb, nt, k);
		printf(" k%d(g=%ld) %.2f", k, g, time_case(c, g, reps));
	}
	long g = rule_mixed(nb, nt, bt);
	printf(" mixed(g=%ld) %.2f", g, time_case(c, g, reps));
	printf(" built-in %.2f [ms]\n", time_case(c, 0, reps));
}

int main(int argc, char **argv)
{
	int reps = argc > 1 ? atoi(argv[1]) : 5;
	const int tiny_blocks = 1 << 20, n = tiny_blocks * 32;
	float *x, *y;
	double *out;
	cudaMalloc(&x, (size_t)n * sizeof(float));
	cudaMalloc(&y, (size_t)n * sizeof(float));
	cudaMalloc(&out, 1 << 24);
	cudaMemset(x, 0, (size_t)n * sizeof(float));
	saxpy_args tiny = {x, y, 1.0001f, 1, 0};
	saxpy_args medium = {x, y, 1.0001f, 16, 0};
	saxpy_args uneven = {x, y, 1.0001f, 16, 1};
	saxpy_args ramp = {x, y, 1.0001f, 16, 2};
	saxpy_args reuse = {x, y, 1.0001f, 1, 0};
	heavy_args large = {out, 20000};
	heavy_args launch = {out, 20};
	kcase cases[] = {
		{"tiny", saxpy_block, &tiny, sizeof tiny, dim3(tiny_blocks), dim3(32), 1},
		{"medium", saxpy_block, &medium, sizeof medium, dim3(1 << 14), dim3(256), 1},
		{"uneven", saxpy_block, &uneven, sizeof uneven, dim3(1 << 12), dim3(256), 1},
		{"small", saxpy_block, &tiny, sizeof tiny, dim3(1 << 13), dim3(32), 20},
		{"uneven32", saxpy_block, &uneven, sizeof uneven, dim3(1 << 16), dim3(32), 1},
		{"ramp", saxpy_block, &ramp, sizeof ramp, dim3(1 << 12), dim3(256), 1},
		{"reuse", saxpy_block, &reuse, sizeof reuse, dim3(1 << 14), dim3(256), 20},
		{"large", heavy_block, &large, sizeof large, dim3(24), dim3(1024), 1},
		{"launch", heavy_block, &launch, sizeof launch, dim3(2), dim3(32), 2000},
	};
	printf("threads %d, best of %d\n", omp_get_max_threads(), reps);
	for (const kcase &c : cases)
		run_case(c, reps);
	cudaFree(x);
	cudaFree(y);
	cudaFree(out);
	return 0;
}
