/* defer_prog.cpp: a self-checking-style program ("RESULT <n>") that reads
 * device results with or without the synchronisation it needs, for
 * defer.test. argv[1] picks the variant:
 *   sync            kernel writes managed memory; cudaDeviceSynchronize; read
 *   nosync          the same without the synchronisation (a bug)
 *   pinned-sync     kernel, cudaMemcpyAsync to pinned memory, stream sync, read
 *   pinned-nosync   the same without the stream synchronisation (a bug)
 *   wrong-stream    synchronises another stream than the one that did the work
 *   event-sync      waits on an event recorded after the work
 * With the sync every mode prints the same RESULT; without it eager mode
 * still does (work ran at the launch) and deferred mode does not. */
#include <string.h>

#include "cuflow_rt.h"

struct square_args {
	long long *x;
	int n;
};

static void square_block(const cuflow_block *b, void *p)
{
	const square_args *a = (const square_args *)p;
	for (unsigned t = 0; t < b->blockDim.x; t++) {
		int i = (int)(b->blockIdx.x * b->blockDim.x + t);
		if (i < a->n)
			a->x[i] = (long long)i * i;
	}
}

static long long sum(const long long *x, int n)
{
	long long s = 0;
	for (int i = 0; i < n; i++)
		s += x[i];
	return s;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "sync";
	const int n = 10000;
	long long *x, *h;
	cudaStream_t s, other;
	cudaEvent_t done;
	cudaStreamCreate(&s);
	cudaStreamCreate(&other);
	cudaEventCreate(&done);
	cudaMallocManaged(&x, n * sizeof *x);
	cudaMallocHost(&h, n * sizeof *h);
	square_args a = {x, n};
	cuflowLaunch(square_block, &a, sizeof a, dim3((n + 255) / 256), dim3(256), 0, s);
	long long r;
	if (!strcmp(mode, "sync") || !strcmp(mode, "nosync")) {
		if (!strcmp(mode, "sync"))
			cudaDeviceSynchronize();
		r = sum(x, n);
	} else if (!strcmp(mode, "pinned-sync") || !strcmp(mode, "pinned-nosync")) {
		cudaMemcpyAsync(h, x, n * sizeof *x, cudaMemcpyDeviceToHost, s);
		if (!strcmp(mode, "pinned-sync"))
			cudaStreamSynchronize(s);
		r = sum(h, n);
	} else if (!strcmp(mode, "wrong-stream")) {
		cudaStreamSynchronize(other);
		r = sum(x, n);
	} else if (!strcmp(mode, "event-sync")) {
		cudaEventRecord(done, s);
		cudaEventSynchronize(done);
		r = sum(x, n);
	} else {
		fprintf(stderr, "unknown mode %s\n", mode);
		return 2;
	}
	printf("RESULT %lld\n", r);
	cudaFree(x);
	cudaFreeHost(h);
	return 0;
}
