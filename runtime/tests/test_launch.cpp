/* test_launch.cpp: the launch model. Every block of a 3-D grid runs once
 * with the right indices; dynamic shared memory is aligned and private to
 * a block while it runs; arguments are copied at the launch; the grain
 * setting does not change results; registered kernels launch through
 * cudaLaunchKernel and cudaLaunchKernelEx; launches from another host
 * thread work; a split launch runs every thread of every block once, in
 * ranges where the grid is small. Run in both modes. */
#include <omp.h>
#include <stdint.h>
#include <string.h>
#include <thread>
#include <vector>

#include "check.h"

struct visit_args {
	unsigned *count;
	unsigned *bad;
	dim3 grid, block;
};

static void visit_block(const cuflow_block *b, void *p)
{
	const visit_args *a = (const visit_args *)p;
	unsigned long long id = block_linear(b);
	if (b->gridDim.x != a->grid.x || b->gridDim.y != a->grid.y || b->gridDim.z != a->grid.z ||
	    b->blockDim.x != a->block.x || b->blockDim.y != a->block.y || b->blockDim.z != a->block.z ||
	    b->blockIdx.x >= b->gridDim.x || b->blockIdx.y >= b->gridDim.y || b->blockIdx.z >= b->gridDim.z)
		atomicAdd(a->bad, 1u);
	/* a thread loop over (z, y, x), counting the block's threads */
	for (unsigned tz = 0; tz < b->blockDim.z; tz++)
		for (unsigned ty = 0; ty < b->blockDim.y; ty++)
			for (unsigned tx = 0; tx < b->blockDim.x; tx++)
				atomicAdd(&a->count[id], 1u);
}

static void test_grid(dim3 grid, dim3 block)
{
	size_t n = (size_t)grid.x * grid.y * grid.z;
	unsigned *count, *bad;
	CHECK_CUDA(cudaMallocManaged(&count, n * sizeof(unsigned)));
	CHECK_CUDA(cudaMallocManaged(&bad, sizeof(unsigned)));
	visit_args a = {count, bad, grid, block};
	CHECK_CUDA(cuflowLaunch(visit_block, &a, sizeof a, grid, block, 0, 0));
	CHECK_CUDA(cudaDeviceSynchronize());
	CHECK_EQ(*bad, 0);
	for (size_t i = 0; i < n; i++)
		CHECK_EQ(count[i], block.x * block.y * block.z);
	CHECK_CUDA(cudaFree(count));
	CHECK_CUDA(cudaFree(bad));
}

struct shm_args {
	unsigned *bad;
	size_t words;
};

/* each block fills its shared memory with its id, then checks it: another
 * block writing the same buffer meanwhile would show */
static void shm_block(const cuflow_block *b, void *p)
{
	const shm_args *a = (const shm_args *)p;
	unsigned *sh = (unsigned *)b->dynshm;
	unsigned id = (unsigned)block_linear(b);
	if ((uintptr_t)sh % 16 != 0 || (a->words == 0) != (sh == NULL)) {
		atomicAdd(a->bad, 1u);
		return;
	}
	for (size_t i = 0; i < a->words; i++)
		sh[i] = id;
	for (int spin = 0; spin < 3; spin++)
		for (size_t i = 0; i < a->words; i++)
			if (sh[i] != id)
				atomicAdd(a->bad, 1u);
}

static void test_shared(size_t words)
{
	unsigned *bad;
	CHECK_CUDA(cudaMallocManaged(&bad, sizeof *bad));
	shm_args a = {bad, words};
	CHECK_CUDA(cuflowLaunch(shm_block, &a, sizeof a, dim3(5000), dim3(32), words * sizeof(unsigned), 0));
	CHECK_CUDA(cudaDeviceSynchronize());
	CHECK_EQ(*bad, 0);
	CHECK_CUDA(cudaFree(bad));
}

struct add_args {
	int *x;
	int v, n;
};

static void add_block(const cuflow_block *b, void *p)
{
	const add_args *a = (const add_args *)p;
	for (unsigned t = 0; t < b->blockDim.x; t++) {
		int i = (int)(b->blockIdx.x * b->blockDim.x + t);
		if (i < a->n)
			a->x[i] += a->v;
	}
}

/* arguments are taken at the launch: changing the struct afterwards (even
 * with the launch still queued) does not change what the kernel sees */
static void test_args_copied(void)
{
	const int n = 1000;
	int *x;
	CHECK_CUDA(cudaMallocManaged(&x, n * sizeof(int)));
	add_args a = {x, 1, n};
	for (int k = 0; k < 10; k++) {
		CHECK_CUDA(cuflowLaunch(add_block, &a, sizeof a, dim3((n + 99) / 100), dim3(100), 0, 0));
		a.v *= 2; /* the next launch adds twice as much */
	}
	a.x = NULL;
	CHECK_CUDA(cudaDeviceSynchronize());
	for (int i = 0; i < n; i++)
		CHECK_EQ(x[i], 1023);
	CHECK_CUDA(cudaFree(x));
}

static void test_grain(void)
{
	for (long g : {1L, 3L, 64L, 100000L}) {
		long old = cuflowSetGrain(g);
		test_grid(dim3(1000, 3), dim3(8));
		CHECK_EQ(cuflowSetGrain(old), g);
	}
}

struct steal_args {
	unsigned *count, *thread; /* per block: runs, the OpenMP thread that ran it */
	unsigned slow;            /* blocks below this spin */
};

static void steal_block(const cuflow_block *b, void *p)
{
	const steal_args *a = (const steal_args *)p;
	unsigned id = b->blockIdx.x;
	if (id < a->slow) {
		volatile unsigned spin = 0;
		while (spin < 200000)
			spin = spin + 1;
	}
	atomicAdd(&a->count[id], 1u);
	a->thread[id] = (unsigned)omp_get_thread_num();
}

/* Affinity scheduling: the first thread's share is slow, so the others
 * take blocks from it; still every block runs once. Where the team has
 * more than one thread, someone else ran some of the slow blocks. */
static void test_steal(void)
{
	const unsigned n = 4096;
	unsigned *count, *thread;
	CHECK_CUDA(cudaMallocManaged(&count, n * sizeof(unsigned)));
	CHECK_CUDA(cudaMallocManaged(&thread, n * sizeof(unsigned)));
	steal_args a = {count, thread, n / (unsigned)omp_get_max_threads()};
	CHECK_CUDA(cuflowLaunch(steal_block, &a, sizeof a, dim3(n), dim3(1), 0, 0));
	CHECK_CUDA(cudaDeviceSynchronize());
	unsigned others = 0;
	for (unsigned i = 0; i < n; i++) {
		CHECK_EQ(count[i], 1);
		others += i < a.slow && thread[i] != thread[0];
	}
	if (omp_get_max_threads() > 1)
		CHECK(others > 0);
	CHECK_CUDA(cudaFree(count));
	CHECK_CUDA(cudaFree(thread));
}

struct range_args {
	unsigned *count; /* one per thread of the grid */
	unsigned *calls, *bad;
};

static void range_block(const cuflow_block *b, void *p)
{
	const range_args *a = (const range_args *)p;
	unsigned long long id = block_linear(b);
	if (b->tlo >= b->thi || b->thi > b->blockDim.x ||
	    ((b->blockDim.y > 1 || b->blockDim.z > 1) && (b->tlo || b->thi != b->blockDim.x)))
		atomicAdd(a->bad, 1u);
	atomicAdd(a->calls, 1u);
	for (unsigned tz = 0; tz < b->blockDim.z; tz++)
		for (unsigned ty = 0; ty < b->blockDim.y; ty++)
			for (unsigned tx = b->tlo; tx < b->thi; tx++)
				atomicAdd(&a->count[(id * b->blockDim.z + tz) * b->blockDim.y * b->blockDim.x +
				                    ty * b->blockDim.x + tx],
				          1u);
}

/* Returns the number of calls the launch made. */
static unsigned split_grid(dim3 grid, dim3 block)
{
	size_t n = (size_t)grid.x * grid.y * grid.z * block.x * block.y * block.z;
	unsigned *count, *calls, *bad;
	CHECK_CUDA(cudaMallocManaged(&count, n * sizeof(unsigned)));
	CHECK_CUDA(cudaMallocManaged(&calls, sizeof(unsigned)));
	CHECK_CUDA(cudaMallocManaged(&bad, sizeof(unsigned)));
	range_args a = {count, calls, bad};
	CHECK_CUDA(cuflowLaunchSplit(range_block, &a, sizeof a, grid, block, 0, 0));
	CHECK_CUDA(cudaDeviceSynchronize());
	CHECK_EQ(*bad, 0);
	for (size_t i = 0; i < n; i++)
		CHECK_EQ(count[i], 1);
	unsigned c = *calls;
	CHECK_CUDA(cudaFree(count));
	CHECK_CUDA(cudaFree(calls));
	CHECK_CUDA(cudaFree(bad));
	return c;
}

static void test_split(void)
{
	bool many = omp_get_max_threads() > 1;
	CHECK_EQ(split_grid(dim3(1), dim3(1024)) > 1, many); /* one block: ranges */
	CHECK_EQ(split_grid(dim3(1), dim3(32)), 1);        /* too small to split */
	split_grid(dim3(3), dim3(100));                      /* not a multiple of 16 */
	split_grid(dim3(5), dim3(33));
	split_grid(dim3(2, 3), dim3(64));
	CHECK_EQ(split_grid(dim3(2), dim3(32, 4)), 2);      /* 2-D blocks stay whole */
	CHECK_EQ(split_grid(dim3(4096), dim3(64)), 4096);   /* enough blocks */
	long old = cuflowSetGrain(1);                        /* a grain set: whole blocks */
	CHECK_EQ(split_grid(dim3(1), dim3(1024)), 1);
	cuflowSetGrain(old);
}

/* A kernel's host-side name (the lowering's host stub) registered with its
 * block function and parameter layout, then launched by address. */
struct saxpy_params {
	float a;
	const float *x;
	float *y;
	int n;
};

static void saxpy_block(const cuflow_block *b, void *p)
{
	const saxpy_params *k = (const saxpy_params *)p;
	for (unsigned t = 0; t < b->blockDim.x; t++) {
		int i = (int)(b->blockIdx.x * b->blockDim.x + t);
		if (i < k->n)
			k->y[i] += k->a * k->x[i];
	}
}

static void saxpy(float a, const float *x, float *y, int n)
{
	saxpy_params k = {a, x, y, n};
	cuflowLaunch(saxpy_block, &k, sizeof k, dim3((n + 127) / 128), dim3(128), 0, 0);
}

static void test_registered(void)
{
	static const size_t offs[] = {offsetof(saxpy_params, a), offsetof(saxpy_params, x),
				      offsetof(saxpy_params, y), offsetof(saxpy_params, n)};
	static const size_t sizes[] = {sizeof(float), sizeof(float *), sizeof(float *), sizeof(int)};
	CHECK_CUDA(cuflowRegisterKernel((const void *)saxpy, saxpy_block, sizeof(saxpy_params), 4, offs, sizes));
	const int n = 300;
	float *x, *y;
	CHECK_CUDA(cudaMallocManaged(&x, n * sizeof(float)));
	CHECK_CUDA(cudaMallocManaged(&y, n * sizeof(float)));
	for (int i = 0; i < n; i++)
		x[i] = (float)i;
	float a = 2.0f;
	int nn = n;
	void *args[] = {&a, &x, &y, &nn};
	CHECK_CUDA(cudaLaunchKernel((const void *)saxpy, dim3((n + 127) / 128), dim3(128), args, 0, 0));
	cudaLaunchConfig_t cfg = {};
	cfg.gridDim = dim3((n + 63) / 64);
	cfg.blockDim = dim3(64);
	CHECK_CUDA(cudaLaunchKernelEx(&cfg, saxpy, 1.0f, (const float *)x, y, n));
	saxpy(0.5f, x, y, n); /* the stub itself */
	CHECK_CUDA(cudaDeviceSynchronize());
	for (int i = 0; i < n; i++)
		CHECK(y[i] == 3.5f * (float)i);
	CHECK_CUDA(cudaFree(x));
	CHECK_CUDA(cudaFree(y));
}

static void test_other_thread(void)
{
	int *x;
	CHECK_CUDA(cudaMallocManaged(&x, 64 * sizeof(int)));
	std::thread t([x] {
		add_args a = {x, 5, 64};
		CHECK_CUDA(cuflowLaunch(add_block, &a, sizeof a, dim3(4), dim3(16), 0, 0));
		CHECK_CUDA(cudaDeviceSynchronize());
	});
	t.join();
	CHECK_EQ(x[63], 5);
	CHECK_CUDA(cudaFree(x));
}

int main(void)
{
	test_grid(dim3(7, 5, 3), dim3(4, 2, 2));
	test_grid(dim3(1), dim3(1024));
	test_grid(dim3(100000), dim3(1));
	test_grid(dim3(3, 1, 70), dim3(32, 1, 2));
	test_shared(0);
	test_shared(1);
	test_shared(3000);
	test_args_copied();
	test_grain();
	test_steal();
	test_split();
	test_registered();
	test_other_thread();
	CHECK_EQ(cudaGetLastError(), cudaSuccess);
	printf("PASS test_launch (%s)\n", cuflowDeferred() ? "deferred" : "eager");
	return 0;
}
