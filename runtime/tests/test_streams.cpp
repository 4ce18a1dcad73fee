/* test_streams.cpp: stream order, the legacy default stream against
 * blocking and non-blocking streams, events (record, query, synchronize,
 * elapsed time), cudaStreamWaitEvent, host functions and callbacks. Run in
 * both modes; the few expectations that differ are marked. */
#include <string.h>
#include <vector>

#include "check.h"

struct fill_args {
	int *x;
	int n, value;
};

/* x[i] = value + i */
static void fill_block(const cuflow_block *b, void *p)
{
	const fill_args *a = (const fill_args *)p;
	for (unsigned t = 0; t < b->blockDim.x; t++) {
		int i = (int)(b->blockIdx.x * b->blockDim.x + t);
		if (i < a->n)
			a->x[i] = a->value + i;
	}
}

struct twice_args {
	const int *in;
	int *out;
	int n;
};

/* out[i] = 2 * in[i] */
static void twice_block(const cuflow_block *b, void *p)
{
	const twice_args *a = (const twice_args *)p;
	for (unsigned t = 0; t < b->blockDim.x; t++) {
		int i = (int)(b->blockIdx.x * b->blockDim.x + t);
		if (i < a->n)
			a->out[i] = 2 * a->in[i];
	}
}

struct busy_args {
	double *out;
	int iters;
};

/* some floating-point work per thread, so that a launch takes time */
static void busy_block(const cuflow_block *b, void *p)
{
	const busy_args *a = (const busy_args *)p;
	for (unsigned t = 0; t < b->blockDim.x; t++) {
		double s = 0;
		for (int k = 0; k < a->iters; k++)
			s += sqrt((double)(k + t));
		a->out[b->blockIdx.x * b->blockDim.x + t] = s;
	}
}

static void launch_fill(int *x, int n, int value, cudaStream_t s)
{
	fill_args a = {x, n, value};
	CHECK_CUDA(cuflowLaunch(fill_block, &a, sizeof a, dim3((n + 63) / 64), dim3(64), 0, s));
}

static void launch_twice(const int *in, int *out, int n, cudaStream_t s)
{
	twice_args a = {in, out, n};
	CHECK_CUDA(cuflowLaunch(twice_block, &a, sizeof a, dim3((n + 63) / 64), dim3(64), 0, s));
}

static int order_log[16], order_n;

static void log_host(void *data)
{
	order_log[order_n++] = (int)(long)data;
}

static void CUDART_CB log_callback(cudaStream_t, cudaError_t status, void *data)
{
	CHECK(status == cudaSuccess);
	order_log[order_n++] = (int)(long)data;
}

static void test_stream_order(void)
{
	const int n = 1000;
	int *d, *h;
	cudaStream_t s;
	CHECK_CUDA(cudaStreamCreate(&s));
	CHECK_CUDA(cudaMalloc(&d, n * sizeof(int)));
	CHECK_CUDA(cudaMallocHost(&h, n * sizeof(int)));
	launch_fill(d, n, 5, s);
	launch_twice(d, d, n, s);
	CHECK_CUDA(cudaMemcpyAsync(h, d, n * sizeof(int), cudaMemcpyDeviceToHost, s));
	order_n = 0;
	CHECK_CUDA(cudaLaunchHostFunc(s, log_host, (void *)1));
	CHECK_CUDA(cudaStreamAddCallback(s, log_callback, (void *)2, 0));
	CHECK_CUDA(cudaLaunchHostFunc(s, log_host, (void *)3));
	if (cuflowDeferred()) /* nothing has run yet */
		CHECK(order_n == 0 && h[n - 1] == 0);
	CHECK_CUDA(cudaStreamSynchronize(s));
	CHECK(order_n == 3 && order_log[0] == 1 && order_log[1] == 2 && order_log[2] == 3);
	for (int i = 0; i < n; i++)
		CHECK(h[i] == 2 * (5 + i));
	CHECK_CUDA(cudaStreamQuery(s));
	CHECK_CUDA(cudaStreamDestroy(s));
	CHECK_CUDA(cudaFree(d));
	CHECK_CUDA(cudaFreeHost(h));
}

/* The legacy stream waits for blocking streams, not for non-blocking ones. */
static void test_legacy(void)
{
	const int n = 256;
	int *a, *b, *z;
	cudaStream_t blk, nb;
	CHECK_CUDA(cudaStreamCreate(&blk));
	CHECK_CUDA(cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking));
	unsigned flags;
	CHECK_CUDA(cudaStreamGetFlags(nb, &flags));
	CHECK(flags == cudaStreamNonBlocking);
	CHECK_CUDA(cudaMallocManaged(&a, n * sizeof(int)));
	CHECK_CUDA(cudaMallocManaged(&b, n * sizeof(int)));
	CHECK_CUDA(cudaMallocManaged(&z, n * sizeof(int)));
	launch_fill(a, n, 1, blk);         /* blocking stream */
	launch_twice(a, b, n, 0);          /* legacy: after it */
	launch_fill(z, n, 9, nb);          /* unrelated */
	CHECK_CUDA(cudaStreamSynchronize(0));
	for (int i = 0; i < n; i++)
		CHECK(b[i] == 2 * (1 + i));
	CHECK(z[5] == (cuflowDeferred() ? 0 : 14)); /* deferred: nb's work still queued */
	CHECK_CUDA(cudaStreamSynchronize(nb));
	CHECK(z[5] == 14);

	/* a blocking stream's work after a legacy launch waits for it */
	launch_fill(a, n, 100, 0);
	launch_twice(a, b, n, blk);
	CHECK_CUDA(cudaStreamSynchronize(blk));
	CHECK(b[3] == 206);

	/* the per-thread default stream is a blocking stream */
	launch_fill(a, n, 50, cudaStreamPerThread);
	CHECK_CUDA(cudaMemcpy(b, a, n * sizeof(int), cudaMemcpyDefault)); /* managed to managed */
	CHECK_CUDA(cudaDeviceSynchronize());
	CHECK(b[2] == 52);
	CHECK_CUDA(cudaStreamDestroy(blk));
	CHECK_CUDA(cudaStreamDestroy(nb));
	CHECK_CUDA(cudaFree(a));
	CHECK_CUDA(cudaFree(b));
	CHECK_CUDA(cudaFree(z));
}

static void test_events(void)
{
	cudaEvent_t start, stop, notime, never;
	CHECK_CUDA(cudaEventCreate(&start));
	CHECK_CUDA(cudaEventCreate(&stop));
	CHECK_CUDA(cudaEventCreateWithFlags(&notime, cudaEventDisableTiming));
	CHECK_CUDA(cudaEventCreate(&never));
	double *out;
	CHECK_CUDA(cudaMalloc(&out, 64 * 128 * sizeof(double)));
	busy_args a = {out, 2000};
	CHECK_CUDA(cudaEventRecord(start, 0));
	CHECK_CUDA(cuflowLaunch(busy_block, &a, sizeof a, dim3(64), dim3(128), 0, 0));
	CHECK_CUDA(cudaEventRecord(stop, 0));
	CHECK_CUDA(cudaEventRecord(notime, 0));
	if (cuflowDeferred()) {
		float ms;
		CHECK_EQ(cudaEventElapsedTime(&ms, start, stop), cudaErrorNotReady);
		CHECK_EQ(cudaEventQuery(stop), cudaErrorNotReady);
		CHECK_EQ(cudaEventQuery(stop), cudaSuccess); /* a second poll completes it */
	}
	CHECK_CUDA(cudaEventSynchronize(stop));
	CHECK_CUDA(cudaEventQuery(stop));
	float ms = -1;
	CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
	CHECK(ms > 0.0f && ms < 60000.0f);
	CHECK_EQ(cudaEventElapsedTime(&ms, start, never), cudaErrorInvalidResourceHandle);
	CHECK_CUDA(cudaEventSynchronize(notime));
	CHECK_EQ(cudaEventElapsedTime(&ms, start, notime), cudaErrorInvalidResourceHandle);
	CHECK_CUDA(cudaEventQuery(never)); /* never recorded: complete */
	cudaGetLastError();
	CHECK_CUDA(cudaEventDestroy(start));
	CHECK_CUDA(cudaEventDestroy(stop));
	CHECK_CUDA(cudaEventDestroy(notime));
	CHECK_CUDA(cudaEventDestroy(never));
	CHECK_EQ(cudaEventDestroy(never), cudaErrorInvalidResourceHandle);
	cudaGetLastError();
	CHECK_CUDA(cudaFree(out));
}

/* B waits for an event of A: synchronising B alone must run A's work up to
 * the event, and (deferred) nothing of A after it. */
static void test_wait_event(void)
{
	const int n = 512;
	int *x, *y, *w;
	cudaStream_t sa, sb;
	cudaEvent_t e;
	CHECK_CUDA(cudaStreamCreateWithFlags(&sa, cudaStreamNonBlocking));
	CHECK_CUDA(cudaStreamCreateWithFlags(&sb, cudaStreamNonBlocking));
	CHECK_CUDA(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
	CHECK_CUDA(cudaMallocManaged(&x, n * sizeof(int)));
	CHECK_CUDA(cudaMallocManaged(&y, n * sizeof(int)));
	CHECK_CUDA(cudaMallocManaged(&w, n * sizeof(int)));
	launch_fill(x, n, 3, sa);
	CHECK_CUDA(cudaEventRecord(e, sa));
	launch_fill(w, n, 1000, sa); /* after the event: B does not need it */
	CHECK_CUDA(cudaStreamWaitEvent(sb, e, 0));
	launch_twice(x, y, n, sb);
	CHECK_CUDA(cudaStreamSynchronize(sb));
	for (int i = 0; i < n; i++)
		CHECK(y[i] == 2 * (3 + i));
	CHECK(w[0] == (cuflowDeferred() ? 0 : 1000));
	CHECK_EQ(cudaStreamQuery(sa), cuflowDeferred() ? cudaErrorNotReady : cudaSuccess);
	CHECK_CUDA(cudaStreamSynchronize(sa));
	CHECK(w[0] == 1000);
	/* destroying a stream with queued work lets the work finish */
	launch_fill(x, n, 7, sa);
	CHECK_CUDA(cudaStreamDestroy(sa));
	CHECK_CUDA(cudaDeviceSynchronize());
	CHECK(x[1] == 8);
	/* ... also when another stream still waits on its event after its own
	 * work ran (the waiting op keeps referring to it) */
	CHECK_CUDA(cudaStreamCreateWithFlags(&sa, cudaStreamNonBlocking));
	launch_fill(x, n, 11, sa);
	CHECK_CUDA(cudaEventRecord(e, sa));
	CHECK_CUDA(cudaStreamWaitEvent(sb, e, 0));
	launch_twice(x, y, n, sb);
	CHECK_CUDA(cudaStreamDestroy(sa));
	CHECK_CUDA(cudaEventSynchronize(e));
	cudaStream_t other;
	CHECK_CUDA(cudaStreamCreate(&other)); /* may reuse the freed memory */
	CHECK_CUDA(cudaStreamSynchronize(sb));
	CHECK(y[4] == 2 * 15);
	CHECK_CUDA(cudaStreamDestroy(other));
	CHECK_CUDA(cudaStreamDestroy(sb));
	CHECK_CUDA(cudaEventDestroy(e));
	CHECK_CUDA(cudaFree(x));
	CHECK_CUDA(cudaFree(y));
	CHECK_CUDA(cudaFree(w));
}

static void test_misc(void)
{
	cudaStream_t s;
	int lo, hi, prio;
	CHECK_CUDA(cudaDeviceGetStreamPriorityRange(&lo, &hi));
	CHECK(lo == 0 && hi < 0);
	CHECK_CUDA(cudaStreamCreateWithPriority(&s, cudaStreamDefault, hi));
	CHECK_CUDA(cudaStreamGetPriority(s, &prio));
	CHECK(prio == hi);
	CHECK_CUDA(cudaStreamDestroy(s));
	CHECK_EQ(cudaStreamSynchronize(s), cudaErrorInvalidResourceHandle);
	CHECK_EQ(cudaStreamDestroy(0), cudaErrorInvalidResourceHandle);
	cudaStreamCaptureStatus st;
	CHECK_CUDA(cudaStreamIsCapturing(0, &st));
	CHECK(st == cudaStreamCaptureStatusNone);
	CHECK_CUDA(cudaStreamSynchronize(cudaStreamLegacy));
	CHECK_CUDA(cudaStreamSynchronize(cudaStreamPerThread));
	cudaGetLastError();
}

int main(void)
{
	test_stream_order();
	test_legacy();
	test_events();
	test_wait_event();
	test_misc();
	CHECK_EQ(cudaGetLastError(), cudaSuccess);
	printf("PASS test_streams (%s)\n", cuflowDeferred() ? "deferred" : "eager");
	return 0;
}
