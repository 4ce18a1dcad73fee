/* racecheck.c: the shared-memory race check, CUFLOW_RACECHECK=1
 * (compute-sanitizer's racecheck is the model; doc/runtime.md).
 *
 * A lowered kernel that uses __shared__ memory comes in two forms; the
 * launcher picks the instrumented one while the check is on. It tells
 * this file where each block starts (cuflowRcBlock), where each of the
 * lowering's thread loops starts (cuflowRcLoop), where the program
 * synchronises the block or its warps (cuflowRcSync), and every access to
 * __shared__ memory: the thread, its line, and the position of its
 * statement in the kernel (cuflowRcAccess). Per block, per address, the
 * last write and two reads of the current barrier interval are kept.
 *
 * An access by another thread in the same interval, one of the two a
 * write and not both atomic, is a hazard:
 *  - between threads of different warps: a race, on the GPU as well (the
 *    CPU run shows one of the orders the GPU may take);
 *  - between lanes of one warp with no __syncwarp (or warp operation)
 *    between, in different thread loops of the lowering: the lowering ran
 *    them in step, all lanes before the next statement, as the warp does;
 *  - the same, in one thread loop: one thread ran its statement before
 *    the other's. That is the warp's order when the first statement comes
 *    first (a read before a later write in one statement: loads precede
 *    stores); otherwise the CPU ran them in an order the warp never does,
 *    and its result may differ from the GPU's: the lowering missed a
 *    warp-synchronous access (warpsync.c), a bug in cuflow.
 * Each distinct race and each access out of the warp's order (kernel,
 * lines, kind) is printed once, with the threads and block of its first
 * occurrence; the accesses run in step are summed up per kernel at exit,
 * and the counts of all three follow.
 * Per-block state is the OpenMP thread's own (a block runs on one). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

#include "rt_internal.h"

enum { RC_READ = 'r', RC_WRITE = 'w', RC_RMW = 'm', RC_ATOMIC = 'a' };

typedef struct {
	int tid, line, pos, kind;
	unsigned loop, wepoch;
} rc_acc;

typedef struct {
	uintptr_t addr;
	unsigned epoch;
	int hasw, nr;
	rc_acc w, r[2];
	UT_hash_handle hh;
} rc_cell;

typedef struct {
	const char *kernel, *file;
	dim3 block, bdim;
	unsigned epoch, wepoch, loop;
	rc_cell *cells;
} rc_block;

static __thread rc_block rcb;

int cuflowRacecheck(void)
{
	return rt()->racecheck;
}

static void clear(void)
{
	rc_cell *c, *t;
	HASH_ITER(hh, rcb.cells, c, t)
	{
		HASH_DEL(rcb.cells, c);
		free(c);
	}
}

void cuflowRcBlock(const char *kernel, const char *file, dim3 block, dim3 bdim)
{
	clear();
	rcb.kernel = kernel;
	rcb.file = file;
	rcb.block = block;
	rcb.bdim = bdim;
	rcb.epoch = rcb.wepoch = rcb.loop = 0;
}

void cuflowRcLoop(void)
{
	rcb.loop++;
}

void cuflowRcSync(int warp)
{
	if (warp)
		rcb.wepoch++;
	else
		rcb.epoch++;
}

static int writes(int kind)
{
	return kind != RC_READ;
}

static int reads(int kind)
{
	return kind != RC_WRITE;
}

static void coords(int tid, char *buf, size_t n)
{
	unsigned x = rcb.bdim.x ? rcb.bdim.x : 1, y = rcb.bdim.y ? rcb.bdim.y : 1;
	snprintf(buf, n, "(%u,%u,%u)", (unsigned)tid % x, (unsigned)tid / x % y, (unsigned)tid / (x * y));
}

static const char *what(int kind)
{
	return kind == RC_READ ? "read" : kind == RC_WRITE ? "write" : kind == RC_ATOMIC ? "atomic" : "update";
}

/* One hazard between the earlier access a and the later b. */
static void hazard(const rc_acc *a, const rc_acc *b)
{
	if (a->tid == b->tid || (!writes(a->kind) && !writes(b->kind)) ||
	    (a->kind == RC_ATOMIC && b->kind == RC_ATOMIC))
		return;
	int type;
	if (a->tid / 32 != b->tid / 32)
		type = RC_RACE;
	else if (a->wepoch != b->wepoch)
		return; /* a __syncwarp (or warp operation) orders them */
	else if (a->loop != b->loop)
		type = RC_STEP;
	else {
		/* one thread loop: the warp's order is the statements' */
		int wrong = (writes(a->kind) && reads(b->kind)) ? b->pos <= a->pos : b->pos < a->pos;
		type = wrong ? RC_ORDER : RC_STEP;
	}
	char ta[48], tb[48], bl[48];
	coords(a->tid, ta, sizeof ta);
	coords(b->tid, tb, sizeof tb);
	snprintf(bl, sizeof bl, "(%u,%u,%u)", rcb.block.x, rcb.block.y, rcb.block.z);
	rt_rc_report(type, rcb.kernel, rcb.file, a->line, what(a->kind), ta, b->line, what(b->kind), tb, bl);
}

void cuflowRcAccess(const volatile void *p, int kind, int line, int pos, int tid)
{
	uintptr_t addr = (uintptr_t)p;
	rc_cell *c;
	HASH_FIND(hh, rcb.cells, &addr, sizeof addr, c);
	if (!c) {
		c = calloc(1, sizeof *c);
		if (!c)
			return;
		c->addr = addr;
		c->epoch = rcb.epoch;
		HASH_ADD(hh, rcb.cells, addr, sizeof addr, c);
	}
	if (c->epoch != rcb.epoch) { /* a barrier since: nothing before it conflicts */
		c->epoch = rcb.epoch;
		c->hasw = c->nr = 0;
	}
	rc_acc me = {tid, line, pos, kind, rcb.loop, rcb.wepoch};
	if (c->hasw)
		hazard(&c->w, &me);
	for (int i = 0; i < c->nr && writes(kind); i++)
		hazard(&c->r[i], &me);
	if (writes(kind)) {
		c->w = me;
		c->hasw = 1;
	}
	if (reads(kind)) {
		int i = 0;
		while (i < c->nr && c->r[i].tid != tid)
			i++;
		if (i < c->nr)
			c->r[i] = me;
		else if (c->nr < 2)
			c->r[c->nr++] = me;
		else
			c->r[1] = me;
	}
}

/* ---- the hazards seen, process-wide ----------------------------------------- */

#define RC_MAX 1000 /* distinct hazards kept */

static const char *const kinds[] = {
	[RC_RACE] = "threads of different warps, no barrier between: a race (on the GPU too)",
	[RC_STEP] = "lanes of one warp, no barrier between: run in step, as the warp runs them",
	[RC_ORDER] = "lanes of one warp, no barrier between, run one thread after the other where the warp runs them "
		     "together: the CPU's result may differ from the GPU's (cuflow did not see it; please report)",
};

void rt_rc_report(int type, const char *kernel, const char *file, int la, const char *wa, const char *ta, int lb,
		  const char *wb, const char *tb, const char *block)
{
	struct cuflow_rt *r = rt();
	rt_lock();
	r->rc.count[type]++;
	int i = 0;
	while (i < r->rc.n && !(r->rc.v[i].type == type && !strcmp(r->rc.v[i].kernel, kernel) && r->rc.v[i].la == la &&
				r->rc.v[i].lb == lb && !strcmp(r->rc.v[i].wa, wa) && !strcmp(r->rc.v[i].wb, wb)))
		i++;
	if (i < r->rc.n)
		r->rc.v[i].times++;
	else if (r->rc.n < RC_MAX && (r->rc.v || (r->rc.v = calloc(RC_MAX, sizeof *r->rc.v)))) {
		r->rc.v[r->rc.n++] = (struct rc_seen){type, kernel, file, la, lb, wa, wb, 1};
		if (type != RC_STEP) /* the ones run in step are summed up at exit */
			fprintf(stderr,
				"cuflow racecheck: kernel %s: %s at %s:%d by thread %s, %s at %s:%d by thread %s, block %s: %s\n",
				kernel, wa, file, la, ta, wb, file, lb, tb, block, kinds[type]);
	}
	rt_unlock();
}

/* At exit: per kernel, the hazards run in step (lines first to last), and
 * the counts. */
void rt_rc_summary(void)
{
	struct cuflow_rt *r = rt();
	if (!r->racecheck)
		return;
	for (int i = 0; i < r->rc.n; i++) {
		struct rc_seen *h = &r->rc.v[i];
		int done = h->type != RC_STEP, lo = h->la < h->lb ? h->la : h->lb, hi = h->la < h->lb ? h->lb : h->la;
		size_t times = 0;
		for (int j = 0; j < i && !done; j++)
			done = r->rc.v[j].type == RC_STEP && !strcmp(r->rc.v[j].kernel, h->kernel);
		for (int j = i; j < r->rc.n && !done; j++) {
			struct rc_seen *g = &r->rc.v[j];
			if (g->type != RC_STEP || strcmp(g->kernel, h->kernel))
				continue;
			times += g->times;
			lo = g->la < lo ? g->la : g->lb < lo ? g->lb : lo;
			hi = g->la > hi ? g->la : g->lb > hi ? g->lb : hi;
		}
		if (!done)
			fprintf(stderr, "cuflow racecheck: kernel %s: %zu hazards between lanes of one warp, no barrier between "
				"(%s:%d-%d): run in step, as a warp that runs in lockstep does (GPUs since Volta need "
				"__syncwarp() there)\n", h->kernel, times, h->file, lo, hi);
	}
	fprintf(stderr, "cuflow racecheck: %zu hazards between warps (races), %zu in a warp run in step, %zu in a warp run "
		"out of the warp's order\n", r->rc.count[RC_RACE], r->rc.count[RC_STEP], r->rc.count[RC_ORDER]);
}
