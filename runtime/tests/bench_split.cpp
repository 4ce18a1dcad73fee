/* bench_split.cpp: what running the blocks of a barrier-free kernel as
 * ranges of threads (cuflowLaunchSplit, launch.c) gains on grids of few
 * blocks, against whole blocks (cuflowLaunch). Not part of make check:
 *     make runtime/tests/bench_split && runtime/tests/bench_split [reps]
 * The kernel is a search whose cost grows with the thread's index in its
 * block (as Rodinia's particlefilter's with the particle), on grids of 1
 * to 64 blocks of 1024 threads;
 * best of `reps` runs (default 5), milliseconds per launch. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cuflow_rt.h"

struct search_args {
	const float *cdf;
	int *out;
	int n;
};

static void search_block(const cuflow_block *b, void *p)
{
	const search_args *a = (const search_args *)p;
	for (unsigned t = b->tlo; t < b->thi; t++) {
		int i = (int)(b->blockIdx.x * b->blockDim.x + t), at = a->n - 1;
		for (int x = 0; x < a->n; x++)
			if (a->cdf[x] >= (float)(t * 16)) {
				at = x;
				break;
			}
		a->out[i] = at;
	}
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static double best(bool split, search_args *a, int blocks, int reps)
{
	double b = 1e30;
	for (int r = 0; r < reps; r++) {
		double t = now();
		if (split)
			cuflowLaunchSplit(search_block, a, sizeof *a, dim3(blocks), dim3(1024), 0, 0);
		else
			cuflowLaunch(search_block, a, sizeof *a, dim3(blocks), dim3(1024), 0, 0);
		cudaDeviceSynchronize();
		t = now() - t;
		b = t < b ? t : b;
	}
	return b;
}

int main(int argc, char **argv)
{
	int reps = argc > 1 ? atoi(argv[1]) : 5, n = 64 * 1024;
	float *cdf = (float *)malloc(n * sizeof(float));
	int *out = (int *)malloc(n * sizeof(int));
	for (int i = 0; i < n; i++)
		cdf[i] = (float)i;
	search_args a = {cdf, out, n};
	printf("%d OpenMP threads; blocks of 1024 threads, ms per launch (best of %d)\n", omp_get_max_threads(), reps);
	printf("%8s %10s %10s %7s\n", "blocks", "whole", "split", "ratio");
	for (int blocks = 1; blocks <= 64; blocks *= 2) {
		double w = best(false, &a, blocks, reps), s = best(true, &a, blocks, reps);
		printf("%8d %10.2f %10.2f %7.2f\n", blocks, w, s, s / w);
	}
	free(cdf);
	free(out);
	return 0;
}
