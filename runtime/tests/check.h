/* check.h: the checking macros of the runtime's tests. Each test is a C++
 * program written as lowered code would be (per-block functions passed to
 * cuflowLaunch, thread loops by hand); it exits 1 after the first failed
 * check, printing where, and 0 after printing "PASS <name>". */
#ifndef CUFLOW_RT_TEST_CHECK_H
#define CUFLOW_RT_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include "cuflow_rt.h"

#define CHECK(cond) \
	do { \
		if (!(cond)) { \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
			exit(1); \
		} \
	} while (0)

#define CHECK_CUDA(call) \
	do { \
		cudaError_t e_ = (call); \
		if (e_ != cudaSuccess) { \
			fprintf(stderr, "%s:%d: %s: %s (%s)\n", __FILE__, __LINE__, #call, \
				cudaGetErrorString(e_), cudaGetErrorName(e_)); \
			exit(1); \
		} \
	} while (0)

#define CHECK_EQ(a, b) \
	do { \
		long long a_ = (long long)(a), b_ = (long long)(b); \
		if (a_ != b_) { \
			fprintf(stderr, "%s:%d: %s == %lld, expected %s == %lld\n", __FILE__, \
				__LINE__, #a, a_, #b, b_); \
			exit(1); \
		} \
	} while (0)

/* The number of threads of a block, and a thread's linear index from its
 * (x, y, z), as a lowered thread loop computes them. */
static inline unsigned block_threads(const cuflow_block *b)
{
	return b->blockDim.x * b->blockDim.y * b->blockDim.z;
}

static inline unsigned long long block_linear(const cuflow_block *b)
{
	return b->blockIdx.x + (unsigned long long)b->gridDim.x *
				       (b->blockIdx.y + (unsigned long long)b->gridDim.y * b->blockIdx.z);
}

#endif
