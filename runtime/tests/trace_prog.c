/* trace_prog.c: a program of known transfers for CUFLOW_TRACE (trace.test,
 * doc/trace.md): uploads, downloads, device copies, memsets, symbols, a
 * launch, host-to-host and empty copies, a free and a new allocation, some
 * of them redundant. Built twice: against the CPU runtime
 * (TRACE_CPU_RUNTIME), and against a stand-in for the CUDA runtime,
 * fakecudart.c, under libcuflow-trace.so. Both must write the JSON in
 * trace.test; tests/gpu/trace.cu is the same program for a real GPU.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <cuda_runtime.h>

#define N 1024 /* ints: 4096 bytes */

#define CHECK(call) \
	do { \
		if ((call) != cudaSuccess) { \
			fprintf(stderr, "%s:%d: %s failed\n", __FILE__, __LINE__, #call); \
			exit(1); \
		} \
	} while (0)

static int sym[16]; /* __device__ int sym[16] */

struct twice_args {
	int *p;
	int n;
};

/* The kernel p[i] *= 2 as fakecudart.c runs it: on the argument array. */
static void twice_stub(void **args)
{
	int *p = *(int **)args[0], n = *(int *)args[1];
	for (int i = 0; i < n; i++)
		p[i] *= 2;
}

#ifdef TRACE_CPU_RUNTIME
/* The same kernel lowered: one block of one thread, registered under the
 * stub's address as a lowered program registers its kernels. */
static void twice_block(const cuflow_block *b, void *a)
{
	(void)b;
	const struct twice_args *t = a;
	for (int i = 0; i < t->n; i++)
		t->p[i] *= 2;
}

static void register_kernel(void)
{
	size_t offsets[2] = {offsetof(struct twice_args, p), offsetof(struct twice_args, n)};
	size_t sizes[2] = {sizeof(int *), sizeof(int)};
	CHECK(cuflowRegisterKernel((const void *)twice_stub, twice_block, sizeof(struct twice_args), 2,
				   offsets, sizes));
}
#else
static void register_kernel(void)
{
}
#endif

static void twice(int *d, int n)
{
	void *args[2] = {&d, &n};
	dim3 one = {1, 1, 1};
	CHECK(cudaLaunchKernel((const void *)twice_stub, one, one, args, 0, 0));
}

int main(void)
{
	const size_t bytes = N * sizeof(int);
	int *h = malloc(bytes), *h2 = calloc(N, sizeof(int)), *h3 = calloc(16, sizeof(int));
	int *zeros = calloc(N, sizeof(int));
	int *d, *e, *pin, *m;
	if (!h || !h2 || !h3 || !zeros)
		return 1;
	for (int i = 0; i < N; i++)
		h[i] = i;
	register_kernel();
	CHECK(cudaMalloc((void **)&d, bytes));
	CHECK(cudaMalloc((void **)&e, bytes));
	CHECK(cudaMallocHost((void **)&pin, bytes));
	CHECK(cudaMallocManaged((void **)&m, 256, cudaMemAttachGlobal));
	CHECK(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));     /* redundant */
	CHECK(cudaMemcpy(e, d, bytes, cudaMemcpyDeviceToDevice));
	CHECK(cudaMemcpy(e, d, bytes, cudaMemcpyDefault));          /* redundant */
	CHECK(cudaMemcpy(h2, e, bytes, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(h2, e, bytes, cudaMemcpyDeviceToHost));    /* redundant */
	twice(d, N);                                                /* d unknown */
	CHECK(cudaMemcpy(e, d, bytes, cudaMemcpyDeviceToDevice));   /* payload unknown */
	CHECK(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));
	CHECK(cudaMemset(e, 0, bytes));
	CHECK(cudaMemset(e, 0, bytes));                             /* redundant */
	CHECK(cudaMemcpy(e, zeros, bytes, cudaMemcpyHostToDevice)); /* redundant: zeros */
	CHECK(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost));     /* redundant: h holds it */
	CHECK(cudaMemcpy2D(d, 64, h, 64, 32, 8, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy2D(d, 64, h, 64, 32, 8, cudaMemcpyHostToDevice)); /* redundant */
	CHECK(cudaMemcpyToSymbol(sym, h, 64, 0, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpyToSymbol(sym, h, 64, 0, cudaMemcpyHostToDevice)); /* redundant */
	CHECK(cudaMemcpyFromSymbol(h3, sym, 64, 0, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(h2, h, 16, cudaMemcpyHostToHost));         /* a call only */
	CHECK(cudaMemcpy(d, h, 0, cudaMemcpyHostToDevice));         /* a call only */
	CHECK(cudaMemcpyAsync(e, h, bytes, cudaMemcpyHostToDevice, 0));
	CHECK(cudaStreamSynchronize(0));
	CHECK(cudaMemset(m, 7, 256));
	CHECK(cudaFree(e));                                         /* e unknown */
	CHECK(cudaMalloc((void **)&e, bytes));
	CHECK(cudaMemcpy(e, zeros, bytes, cudaMemcpyHostToDevice));
	CHECK(cudaDeviceSynchronize());
	int ok = h3[1] == 1 && h[N - 1] == N - 1 && h2[N - 1] == N - 1;
	printf("RESULT %s\n", ok ? "ok" : "wrong");
	CHECK(cudaFree(d));
	CHECK(cudaFree(e));
	CHECK(cudaFreeHost(pin));
	CHECK(cudaFree(m));
	free(h);
	free(h2);
	free(h3);
	free(zeros);
	return !ok;
}
