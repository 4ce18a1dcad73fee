/* profile.c: CUFLOW_PROFILE=1 sums the time the queued work takes, per
 * kind of op (kernel launches, copies, memsets, host functions), and at
 * exit prints one summary to stderr with the rest of the run (host code)
 * beside it: the first question when a lowered program is slower than a
 * hand-written one is whether its kernels, its copies or its host code are.
 */
#include <stdio.h>

#include "rt_internal.h"

double rt_ms_between(struct timespec a, struct timespec b)
{
	return (double)(b.tv_sec - a.tv_sec) * 1e3 + (double)(b.tv_nsec - a.tv_nsec) / 1e6;
}

static size_t op_bytes(const struct op *o)
{
	if (o->kind != OP_COPY && o->kind != OP_MEMSET)
		return 0;
	return o->u.box.width * o->u.box.height * o->u.box.depth;
}

/* Called by the thread that ran o: in eager mode that is whichever host
 * thread submitted it, with no lock held, hence the lock here. */
void rt_prof_op(const struct op *o, const struct timespec *from)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	rt_lock();
	struct prof_kind *k = &rt()->prof.op[o->kind];
	k->n++;
	k->bytes += op_bytes(o);
	k->seconds += rt_ms_between(*from, now) / 1e3;
	rt_unlock();
}

static const char *const kind_name[OP_NOP + 1] = {
	[OP_LAUNCH] = "launches", [OP_COPY] = "copies", [OP_MEMSET] = "memsets",
	[OP_HOSTFN] = "host functions", [OP_CALLBACK] = "callbacks",
	[OP_RECORD] = "event records", [OP_WAIT] = "stream waits", [OP_FREE] = "frees",
	[OP_NOP] = "other",
};

void rt_prof_report(void)
{
	const struct prof *p = &rt()->prof;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	double total = rt_ms_between(p->start, now), work = 0;
	fprintf(stderr, "cuflow profile: %.3f ms from the first CUDA call to exit, %d threads\n",
		total, rt()->nthreads);
	for (int i = 0; i <= OP_NOP; i++) {
		const struct prof_kind *k = &p->op[i];
		if (!k->n)
			continue;
		work += k->seconds * 1e3;
		fprintf(stderr, "cuflow profile:   %-14s %8llu  %10.3f ms", kind_name[i], k->n,
			k->seconds * 1e3);
		if (k->bytes)
			fprintf(stderr, "  %.1f MiB", (double)k->bytes / (1 << 20));
		fputc('\n', stderr);
	}
	fprintf(stderr, "cuflow profile:   %-14s %8s  %10.3f ms\n", "the rest", "", total - work);
}
