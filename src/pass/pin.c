/* pin.c: page-locked host buffers and split-phase copies (issue 19's `pin`
 * pass; doc/pin.md).
 *
 * A blocking copy from pageable memory goes through a staging buffer at a
 * fraction of the link's speed: on an H200, 64 MiB upload in 9.4 ms from
 * malloc'd memory and in 1.28 ms from cudaMallocHost'd memory, downloads 6.1
 * against 1.23 ms (doc/results/pinbench-h200.txt, tests/gpu/pinbench.cu).
 * Pinning costs about a millisecond per allocation plus the locking of its
 * pages, so it pays for large buffers and for buffers copied again and again.
 *
 * Pinning turns `T *p = (T *)malloc(n);` into `T *p = NULL;
 * cudaMallocHost((void **)&p, n);` and each `free(p)` into
 * `cudaFreeHost(p)`, for a heap site (an abstract location of the points-to
 * analysis) when
 *   - cudaMemcpy-family calls copy it, and no other CUDA call touches it;
 *     an asynchronous copy from pinned memory no longer stages the data and
 *     returns at once, so an event marks its end and the host waits for it
 *     before it next touches the bytes (below), unless a sync comes first;
 *   - cuflow sees every free: each call that may free the site is a plain
 *     free() in the allocating function that frees only sites pinned with it
 *     (realloc or a free elsewhere keep it pageable), every path to the
 *     function's end frees it (main excepted), and no call cuflow cannot see
 *     may reach it;
 *   - no call that ends the device context (rules' `context`: cudaDeviceReset
 *     frees pinned memory) may run from the allocation to a free;
 *   - it is not allocated in a loop, and its value goes to a variable;
 *   - the cost model (pinbench's constants below) says it pays: some copy of
 *     it is in a loop, or its size is a constant for which the copies save
 *     more than pinning costs.
 * Blocking copies from pinned memory stay blocking, so the program's order
 * does not change; cudaFreeHost also waits for the device, which only adds
 * order. Every other site that is copied gets a keep record saying why.
 *
 * Split-phase copies (below) then let blocking copies of page-locked memory
 * return at once, with one wait where the host first needs them. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "analysis/analysis.h"

/* H200 medians (pinbench): saved nanoseconds per byte per copy, and the
 * extra cost of cudaMallocHost + cudaFreeHost over malloc + free, first
 * touch included, bounded from above over 4 KiB..1 GiB. */
#define UPSAVE 0.122   /* 1/7.1 GB/s - 1/52.5 GB/s */
#define DOWNSAVE 0.072 /* 1/11 GB/s - 1/54.4 GB/s */
#define PINFIXED 1.2e6
#define PINSMALL 0.6   /* ns per byte up to 16 MiB */
#define PINLARGE 0.06  /* ns per byte beyond */
#define PINMIN (64 << 10) /* below this a pinned copy is no faster */

/* A free of a site: a free-like call (its callee's name is replaced) or a
 * delete[] (the whole expression is). */
typedef struct {
	int node, line;
	int b, e;       /* the text replaced */
	int pb, pe;     /* delete: the pointer's text */
	bool del;
	const Bits *to; /* what the freed pointer may point to */
} Free;

/* An asynchronous copy of a site: once the site is pinned it runs while
 * the host goes on, so the host waits for it (an event) before it next
 * touches the bytes. */
typedef struct {
	int node, call;
	bool reads;   /* it reads the buffer (the host may read it meanwhile) */
	char *stream; /* its stream argument's text, "0" when left out */
	int wait;     /* the block item the wait goes before (the block's size: its end), -1: none needed */
} Async;

typedef struct {
	int loc;
	PFunc *pf;
	int node;       /* the allocation's statement */
	int call;       /* the malloc-like call, -1 for new[] */
	int al;         /* its Alloc (the spelling to rewrite), or -1 */
	long long size; /* its constant size, or LLONG_MIN */
	Ints xfer;      /* the lines of the blocking copies that copy it */
	int nup, ndown, inloop, loopline;
	int bigup, bigdown; /* the copies of 64 KiB or more (or of no constant size): those pinning speeds up */
	long long most; /* the most bytes one of its copies moves; LLONG_MAX: not a constant */
	VEC(Free) frees;
	VEC(Async) async;
	char *event;    /* with async copies: the event that marks their end */
	bool vec;       /* a std::vector local: node declares it, its data is registered in place */
	bool braced;    /* kept pageable for a return without braces another vector shares */
	int sym;        /* vec: the variable */
	bool registered; /* vec: the program registers it already: nothing to say */
	int last;       /* vec: the item of its block that ends it (a return), or -1: the block's end */
	Ints exits;     /* vec: the returns inside its block before that: each unregisters it too */
	char *why;      /* set: it stays pageable */
	int whyline;
	const Unit *whyu; /* whyline's file, when not the allocation's */
	bool pin;
} Site;

typedef struct {
	Prog *p;
	VEC(Site) s;
	bool *ctxfn; /* per function: may end the device context (or calls code that may) */
} P;

static Site *
siteof(P *q, int l)
{
	for (int i = 0; i < q->s.n; i++)
		if (q->s.v[i].loc == l)
			return &q->s.v[i];
	return NULL;
}

static void
keepin(Site *s, const Unit *u, int line, char *why)
{
	if (s->why) {
		free(why);
		return;
	}
	s->why = why;
	s->whyline = line;
	s->whyu = u != s->pf->u ? u : NULL;
}

/* keepin a line of the allocation's file */
static void
keep(Site *s, int line, char *why)
{
	keepin(s, s->pf->u, line, why);
}

/* The one heap location the pointer values in to may name, or -1. */
static int
oneheap(const Prog *p, const Bits *to)
{
	int l = bnext(to, 0);
	return l < 0 || bnext(to, l + 1) >= 0 || p->locs.v[l].kind != L_HEAP ? -1 : l;
}

static void
addsite(P *q, PFunc *pf, int loc, int node, int call, int al, long long size)
{
	if (loc < 0 || node < 0 || siteof(q, loc))
		return;
	Site s = {.loc = loc, .pf = pf, .node = node, .call = call, .al = al, .size = size};
	vpush(q->s, s);
}

/* The constant size of an allocation, or LLONG_MIN: malloc's argument,
 * calloc's count times element size. */
static long long
allocsize(const Call *c)
{
	if (c->nargs == 1)
		return c->argk[0];
	if (c->nargs == 2 && c->argk[0] != LLONG_MIN && c->argk[1] != LLONG_MIN && c->argk[0] >= 0 && c->argk[1] >= 0 &&
	    (c->argk[1] == 0 || c->argk[0] <= LLONG_MAX / c->argk[1]))
		return c->argk[0] * c->argk[1];
	return LLONG_MIN;
}

/* The std::vector locals statement v declares (`std::vector<T> a(n), b(n);`):
 * sites whose data, if the copies make it worth it, is registered in place. */
static void
addvectors(P *q, PFunc *pf, int v)
{
	const Stmt *st = &pf->f->st.v[v];
	const char *src = pf->u->src;
	if (st->spec < 0 || !(st->flags & SF_INMAIN))
		return;
	int b = st->begin;
	if (!strncmp(src + b, "std::", 5))
		b += 5;
	if (strncmp(src + b, "vector", 6) || isident(src[b + 6]))
		return;
	for (int i = 0; i < st->decls.n; i++) {
		const Sym *y = &pf->u->syms.v[st->decls.v[i]];
		int db = i < st->dbeg.n ? st->dbeg.v[i] : -1; /* `v(n)`, not `*p` or `&r` */
		if (y->kind != SYM_LOCAL || (y->flags & (SYMF_STATIC | SYMF_REF | SYMF_ARRAY)) || db < 0 || !isident(src[db]))
			continue;
		int loc = symloc(q->p, unitidx(q->p, pf->u), st->decls.v[i]);
		if (loc < 0 || siteof(q, loc))
			continue;
		Site s = {.loc = loc, .pf = pf, .node = v, .call = -1, .al = -1, .size = LLONG_MIN, .vec = true, .last = -1,
		          .sym = st->decls.v[i]};
		vpush(q->s, s);
	}
}

/* Every heap allocation of host code whose result is one heap site: the
 * malloc-like calls (a rule's alloc(ret,host) that reads no block:
 * malloc, calloc), however their value is stored, and new T[n] of a
 * trivial T; with the Alloc that says how it is spelled, where one does. */
static void
fillsites(P *q)
{
	Prog *p = q->p;
	for (int fi = 0; fi < p->fns.n; fi++) {
		PFunc *pf = &p->fns.v[fi];
		if (!pf->st || (pf->f->kind != FN_HOST && pf->f->kind != FN_HOSTDEVICE))
			continue;
		for (int ci = 0; ci < pf->f->calls.n; ci++) {
			const Call *c = &pf->f->calls.v[ci];
			const Rule *r = callrule(p, pf, c);
			bool host = false, reads = false;
			for (int k = 0; r && k < r->neff; k++) {
				host |= r->eff[k].what == EF_ALLOC && r->eff[k].arg == ARG_RET && r->eff[k].space == SP_HOST;
				reads |= r->eff[k].what == EF_READ || r->eff[k].what == EF_WRITE;
			}
			if (!host || reads || c->ret < 0)
				continue;
			int al = -1;
			for (int i = 0; i < pf->f->allocs.n; i++)
				if (pf->f->allocs.v[i].call == ci)
					al = i;
			addsite(q, pf, oneheap(p, &p->pts[nodevar(pf, c->ret)]), callnode(pf->f, ci), ci, al, allocsize(c));
		}
		for (int i = 0; i < pf->f->allocs.n; i++) {
			const Alloc *a = &pf->f->allocs.v[i];
			if (a->kind == AL_NEW)
				addsite(q, pf, oneheap(p, &p->pts[nodevar(pf, a->obj)]), a->node, -1, i, a->bytes);
		}
		for (int v = 2; v < pf->f->st.n; v++)
			addvectors(q, pf, v);
	}
}

/* What the call's pointer argument i may point to. */
static const Bits *
argpts(const Prog *p, const PFunc *pf, const Call *c, int i)
{
	return i >= 0 && i < c->nargs ? &p->pts[nodevar(pf, c->argv[i])] : NULL;
}

/* Where call c's name stands in its text: a call written through a macro
 * spans the whole invocation (CHECK(cudaMemcpyAsync(...))), whose own
 * arguments are not the call's; -1 when the name is not in the text. */
static int
callnamed(const Unit *u, const Call *c)
{
	size_t n = strlen(c->name);
	for (int i = c->off; i + (int)n <= c->end; i++)
		if (!strncmp(u->src + i, c->name, n) && (i == 0 || !isident(u->src[i - 1])) && !isident(u->src[i + n]))
			return i;
	return -1;
}

/* The text of call c's stream argument (rule's stream(k)), "0" when it is
 * left out; NULL when evaluating it again after the call could give
 * another stream or do something (a call, ++, an assignment), or when the
 * call's text is not in the source (a macro's body holds it). */
static char *
streamtext(const PFunc *pf, const Call *c, const Rule *r)
{
	int k = -1, at = callnamed(pf->u, c);
	for (int i = 0; i < r->neff; i++)
		if (r->eff[i].what == EF_STREAM)
			k = r->eff[i].arg;
	if (k < 0 || at < 0)
		return NULL;
	char *t = calltext(pf->u->src, at, c->end, k, c->nargs);
	if (!strcmp(t, "?") && callargc(pf->u->src, at, c->end) == k) { /* not written: the default stream */
		free(t);
		return xstrdup("0");
	}
	if (!*t || strpbrk(t, "(=+-?")) {
		free(t);
		return NULL;
	}
	return t;
}

/* Counts a copy of s (rule r's call c) up or down; its bytes, LLONG_MAX
 * when not a constant. */
static long long
countcopy(Site *s, const Rule *r, const Call *c, bool up, int line)
{
	up ? s->nup++ : s->ndown++;
	vpush(s->xfer, line);
	long long b = LLONG_MAX;
	for (int i = 0; i < r->neff; i++) {
		const Effect *e = &r->eff[i];
		if (e->what != EF_BYTES || e->arg >= c->nargs || e->arg2 >= c->nargs)
			continue;
		long long x = c->argk[e->arg], y = e->arg2 >= 0 ? c->argk[e->arg2] : 1;
		if (x != LLONG_MIN && y != LLONG_MIN && x >= 0 && y >= 0 && (y == 0 || x <= LLONG_MAX / y))
			b = x * y;
	}
	if (b > s->most)
		s->most = b;
	if (b >= PINMIN)
		up ? s->bigup++ : s->bigdown++;
	return b;
}

/* An asynchronous copy of site s: counted like a blocking one, and kept
 * for its wait, when it copies the site through its pointer arguments in
 * the function that allocates it. */
static void
scanasync(P *q, Site *s, PFunc *pf, int v, const Call *c, const Rule *r, int src, int dst)
{
	int line = pf->f->st.v[v].line;
	bool reads = src >= 0 && bhas(argpts(q->p, pf, c, src), s->loc);
	if (!reads && !(dst >= 0 && bhas(argpts(q->p, pf, c, dst), s->loc))) {
		keepin(s, pf->u, line, fmt("copies it with %s through a structure of pointers", c->name));
		return;
	}
	if (pf != s->pf) {
		keepin(s, pf->u, line, fmt("copies it with %s in %s(), not where it is allocated: the wait that pinning needs "
		                  "would be out of its reach",
		                  c->name, pf->u->syms.v[pf->f->sym].name));
		return;
	}
	long long bytes = countcopy(s, r, c, reads, line); /* counted even when it keeps the buffer pageable: the report says why */
	if (pf->f->st.v[v].kind != ST_PLAIN) { /* the record after it would go between an if and its body */
		keepin(s, pf->u, line, fmt("copies it with %s in a condition or a return, which no statement can follow alone",
		                  c->name));
		return;
	}
	if (!callalone(pf->u, &pf->f->st.v[v], c, true)) {
		keepin(s, pf->u, line, fmt("copies it with %s in a statement that does more, or shares its line: the wait pinning "
		                  "needs could not follow the copy alone", c->name));
		return;
	}
	char *stream = streamtext(pf, c, r);
	if (!stream) {
		keepin(s, pf->u, line, fmt("copies it with %s on a stream that an expression with effects names, or that a macro's "
		                  "body holds", c->name));
		return;
	}
	Async a = {v, (int)(c - pf->f->calls.v), reads, stream, -1};
	vpush(s->async, a);
	if (pf->loop[v] >= 0 && bytes >= PINMIN && !s->inloop) { /* a few bytes a round gain nothing */
		s->inloop = 1;
		s->loopline = line;
	}
}

/* Blocking copies count; async copies and other CUDA calls on a site, and
 * frees, decide whether it can be pinned at all. */
static void
scancall(P *q, PFunc *pf, int v, const Call *c)
{
	Prog *p = q->p;
	const Rule *r = callrule(p, pf, c);
	if (!r)
		return;
	int dir = 0, dst = -1, src = -1;
	for (int i = 0; i < r->neff; i++) {
		const Effect *e = &r->eff[i];
		if (e->what == EF_SYNC && e->space == SY_COPY && e->arg < c->nargs)
			dir = (int)c->argk[e->arg];
		else if (e->what == EF_WRITE && e->deref == AD_PTR)
			dst = e->arg;
		else if (e->what == EF_READ && e->deref == AD_PTR)
			src = e->arg;
	}
	for (int i = 0; i < q->s.n; i++) {
		Site *s = &q->s.v[i];
		bool touches = false;
		for (int a = 0; a < c->nargs && !touches; a++)
			touches = bhas(argpts(p, pf, c, a), s->loc);
		if (!touches)
			continue;
		int line = pf->f->st.v[v].line;
		if (s->vec && !strcmp(r->name, "cudaHostRegister")) {
			s->registered = true;
			continue;
		}
		bool frees = false, allocs = false;
		for (int k = 0; k < r->neff; k++) {
			frees |= r->eff[k].what == EF_FREE;
			allocs |= r->eff[k].what == EF_ALLOC;
		}
		if (frees || allocs) {
			if (strcmp(r->name, "free") || s->call < 0)
				keepin(s, pf->u, line, fmt("frees or reallocates it with %s", c->name));
			else if (pf != s->pf)
				keepin(s, pf->u, line, xstrdup("frees it in another function"));
			else if (pf->f->st.v[v].flags & SF_MACRO)
				keepin(s, pf->u, line, xstrdup("frees it through a macro"));
			else {
				int open = c->off;
				while (open < c->end && pf->u->src[open] != '(')
					open++;
				while (open > c->off && strchr(" \t", pf->u->src[open - 1]))
					open--;
				Free f = {v, c->line, c->off, open, 0, 0, false, argpts(p, pf, c, 0)};
				vpush(s->frees, f);
			}
			continue;
		}
		bool blocking = r->kind == RK_COPY && !(r->flags & RF_ASYNC);
		if (r->kind == RK_COPY && (r->flags & RF_ASYNC))
			scanasync(q, s, pf, v, c, r, src, dst);
		else if (blocking && (dir == 1 || dir == 2) && bhas(argpts(p, pf, c, dir == 1 ? src : dst), s->loc)) {
			if (countcopy(s, r, c, dir == 1, line) >= PINMIN && pf->loop[v] >= 0 && !s->inloop) {
				s->inloop = 1;
				s->loopline = line;
			}
		} else if (r->kind != RK_HOST && r->kind != RK_PURE && r->kind != RK_IO && !blocking)
			keepin(s, pf->u, line, fmt("passes it to %s", c->name));
	}
}

/* delete and delete[] of a site: the frees of new[]; anything else keeps
 * it pageable. */
static void
scandelete(P *q, PFunc *pf, const Delete *d)
{
	const Bits *to = &q->p->pts[nodevar(pf, d->val)];
	for (int i = 0; i < q->s.n; i++) {
		Site *s = &q->s.v[i];
		if (!bhas(to, s->loc))
			continue;
		int line = pf->f->st.v[d->node].line;
		if (s->call >= 0 || !d->array)
			keepin(s, pf->u, line, xstrdup(s->call >= 0 ? "frees it with delete" : "frees it with delete, not delete[]"));
		else if (pf != s->pf)
			keepin(s, pf->u, line, xstrdup("frees it in another function"));
		else if (pf->f->st.v[d->node].flags & SF_MACRO)
			keepin(s, pf->u, line, xstrdup("frees it through a macro"));
		else {
			Free f = {d->node, line, d->b, d->e, d->pb, d->pe, true, to};
			vpush(s->frees, f);
		}
	}
}

/* Does the std::vector method keep the object's data where it is? */
static bool
keepsdata(const char *name)
{
	static const char *const ok[] = {"data", "operator[]", "at", "front", "back", "begin", "end", "cbegin", "cend",
	                                 "size", "empty", "capacity"};
	if (strncmp(name, "std::vector::", 13))
		return false;
	for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
		if (!strcmp(name + 13, ok[i]))
			return true;
	return false;
}

/* Calls on the std::vector sites, anywhere in the program: a method that
 * may reallocate its data (push_back, resize, operator=, swap), or the
 * object passed by reference to code that may, keeps it pageable; its own
 * construction, a copy made from it and the program's functions (whose
 * calls are scanned in turn) do not. */
static void
scanvector(P *q, PFunc *pf, int v, const Call *c)
{
	Prog *p = q->p;
	for (int i = 0; i < q->s.n; i++) {
		Site *s = &q->s.v[i];
		if (!s->vec)
			continue;
		int line = pf->f->st.v[v].line;
		bool self = c->self >= 0 && bhas(addrs(p, pf, c->self), s->loc);
		bool built = pf == s->pf && v == s->node && c->name && !strcmp(c->name, "std::vector::vector");
		if (self && !built && !(c->name && keepsdata(c->name)))
			keepin(s, pf->u, line, fmt("calls %s on it, which may change its size and move its data", c->name ? c->name : "?"));
		for (int a = 0; !self && c->argl && a < c->nargs; a++) {
			if (c->argl[a] < 0 || !bhas(addrs(p, pf, c->argl[a]), s->loc))
				continue;
			bool user = c->kind == C_DIRECT && calledfn(p, unitidx(p, pf->u), c) >= 0;
			bool reads = c->name && (!strcmp(c->name, "std::vector::vector") || !strcmp(c->name, "std::vector::operator="));
			if (!user && !reads)
				keepin(s, pf->u, line, fmt("passes it by reference to %s, which may change its size and move its data",
				                  c->name ? c->name : "code cuflow cannot see"));
		}
	}
}

/* The innermost block that holds statement v as an item, and v's place
 * in it: the first statement of a bare { } block is its outer block's
 * item too, but its variables live in the inner one. */
static int
homelist(const Func *f, int v, int *pos)
{
	int best = f->st.v[v].list;
	*pos = f->st.v[v].pos;
	for (int i = 0; i < f->lists.n; i++) {
		const List *l = &f->lists.v[i];
		if (l->first.n && l->first.v[0] == v && best >= 0 && l->end - l->begin < f->lists.v[best].end - f->lists.v[best].begin) {
			best = i;
			*pos = 0;
		}
	}
	return best;
}

/* The block that declares a std::vector site must hold every way out of
 * it but returns: its data is unregistered at the block's end, or before
 * the return that ends the block, and before every other return. */
static void
vecscope(Site *s)
{
	const PFunc *pf = s->pf;
	const Stmt *d = &pf->f->st.v[s->node];
	int pos, home = homelist(pf->f, s->node, &pos);
	const List *l = &pf->f->lists.v[home];
	int g = pf->f->inmain ? hiddenjump(pf->u, d->end, l->end) : -1;
	if (g >= 0) /* #ifdef EARLY return sum; #endif: no unregistration there */
		keep(s, unitline(pf->u, g), xstrdup("may leave the block that declares it by a return, break, goto or throw "
		                                    "that another configuration compiles (an #if group), where its data "
		                                    "would have to be unregistered too"));
	for (int k = pos + 1; k < l->first.n && !s->why; k++)
		for (int u = l->first.v[k]; u <= l->last.v[k] && !s->why; u++) {
			const Stmt *st = &pf->f->st.v[u];
			if (k == l->first.n - 1 && l->first.v[k] == l->last.v[k] && st->kind == ST_RETURN) {
				s->last = k;
				continue;
			}
			bool inner = pf->loop[u] >= 0 && pf->f->st.v[pf->loop[u]].begin > d->end; /* a loop in the block */
			if (st->kind == ST_RETURN && !(st->flags & SF_MACRO)) {
				vpush(s->exits, u);
				continue;
			}
			const char *how = st->kind == ST_GOTO ? "a goto"
			                  : (st->kind == ST_BREAK || st->kind == ST_CONTINUE) && !inner ? "a break or continue"
			                  : (st->flags & SF_JUMP) ? "a jump through a macro"
			                  : (pf->st[u].ex & EX_THROW) ? "an exception"
			                                              : NULL;
			if (how)
				keep(s, st->line, fmt("may leave the block that declares it by %s, where its data would have to be "
				                      "unregistered too",
				                      how));
		}
}

/* Functions that may end the device context, following calls. */
static void
fillctx(P *q)
{
	Prog *p = q->p;
	q->ctxfn = xcalloc(p->fns.n, sizeof *q->ctxfn);
	for (bool changed = true; changed;) {
		changed = false;
		for (int fi = 0; fi < p->fns.n; fi++) {
			PFunc *pf = &p->fns.v[fi];
			for (int ci = 0; !q->ctxfn[fi] && ci < pf->f->calls.n; ci++) {
				const Call *c = &pf->f->calls.v[ci];
				const Rule *r = callrule(p, pf, c);
				int g = c->kind == C_DIRECT ? calledfn(p, unitidx(p, pf->u), c) : -1;
				if ((r && (r->flags & RF_CONTEXT)) || (g >= 0 && q->ctxfn[g]))
					q->ctxfn[fi] = changed = true;
			}
		}
	}
}

/* A statement of pf that may end the device context: the call, or NULL
 * (*unseen: code cuflow cannot see, which may). */
static const char *
endsctx(const P *q, const PFunc *pf, int v, bool *unseen)
{
	*unseen = false;
	const Stmt *st = &pf->f->st.v[v];
	for (int ci = st->call0; ci < st->call0 + st->ncall; ci++) {
		const Call *c = &pf->f->calls.v[ci];
		const Rule *r = callrule(q->p, pf, c);
		int g = c->kind == C_DIRECT ? calledfn(q->p, unitidx(q->p, pf->u), c) : -1;
		if ((r && (r->flags & RF_CONTEXT)) || (g >= 0 && q->ctxfn[g]))
			return c->name;
	}
	*unseen = (pf->st[v].ex & EX_UNKNOWN) != 0;
	if (*unseen)
		return pf->st[v].unk ? pf->st[v].unk : "code cuflow cannot see";
	return NULL;
}

/* From the allocation to its frees (not past them): a call that may end
 * the context, or code cuflow cannot see (which may). */
static void
window(const P *q, Site *s)
{
	const PFunc *pf = s->pf;
	int n = pf->f->st.n;
	bool *seen = xcalloc(n, sizeof *seen), *isfree = xcalloc(n, sizeof *isfree);
	for (int i = 0; i < s->frees.n; i++)
		isfree[s->frees.v[i].node] = true;
	Ints work = {0};
	vpush(work, s->node);
	seen[s->node] = true;
	while (work.n && !s->why) {
		int v = work.v[--work.n];
		bool unseen;
		const char *why = v != s->node ? endsctx(q, pf, v, &unseen) : NULL;
		if (why) {
			keep(s, pf->f->st.v[v].line,
			     unseen ? fmt("calls %s while the buffer lives, code cuflow cannot see into: it may free or move the "
			                  "buffer, or end the device context",
			                  why)
			            : fmt("calls %s while the buffer lives, which may end the device context (and free pinned "
			                  "memory)",
			                  why));
			break;
		}
		if (isfree[v] && v != s->node)
			continue;
		for (int i = 0; i < pf->succ[v].n; i++)
			if (!seen[pf->succ[v].v[i]]) {
				seen[pf->succ[v].v[i]] = true;
				vpush(work, pf->succ[v].v[i]);
			}
	}
	const char *fn = pf->u->syms.v[pf->f->sym].name;
	if (!s->why && !s->vec && seen[1] && strcmp(fn, "main")) /* it may live on in the callers, which cuflow does not follow */
		keep(s, 0, fmt("a path from the allocation to the end of %s() does not free the buffer, so it may outlive "
		               "the function, where a device reset could free it",
		               fn));
	vfree(work);
	free(seen);
	free(isfree);
}

/* What the calls of statement v that cuflow cannot see may reach, into r:
 * the memory their arguments point to, what unknown memory holds, and, when
 * one may be the program's own code (not declared in a system header; an
 * indirect call; dlsym), its globals; all through stored pointers. False
 * when that cannot be told: the unseen code is in a callee, or is no call
 * (asm, a destructor cuflow does not see). */
static bool
unseenreach(const Prog *p, const PFunc *pf, int v, Bits *r)
{
	const Stmt *st = &pf->f->st.v[v];
	int ui = unitidx(p, pf->u);
	bool any = false, user = false;
	for (int ci = st->call0; ci < st->call0 + st->ncall; ci++) {
		const Call *c = &pf->f->calls.v[ci];
		const Sym *f = c->callee >= 0 ? &pf->u->syms.v[c->callee] : NULL;
		if (c->kind == C_LAUNCH || c->kind == C_DEFAULTED)
			continue;
		if (c->kind == C_DIRECT) {
			int g = calledfn(p, ui, c);
			if (g >= 0) {
				if (p->fns.v[g].sum.ex & EX_UNKNOWN)
					return false;
				continue;
			}
			const Rule *rl = rules_find(p->rules, c->name);
			if ((rl && rl->kind != RK_UNKNOWN && rl->kind != RK_UNSAFE) || (!rl && f && valuefn(f)))
				continue;
		}
		any = true;
		user |= c->kind != C_DIRECT || !f || !(f->flags & SYMF_SYSTEM) || !strncmp(c->name, "dl", 2);
		for (int i = 0; i < c->nargs; i++)
			bor(r, &p->pts[nodevar(pf, c->argv[i])]);
		if (c->self >= 0)
			bor(r, &p->pts[nodevar(pf, c->self)]);
	}
	if (!any || (st->flags & SF_HIDDEN))
		return false;
	bset(r, LOC_UNKNOWN);
	for (int l = 0; user && l < p->locs.n; l++)
		if (p->locs.v[l].kind == L_VAR && p->locs.v[l].fn < 0)
			bset(r, l);
	reach(p, r);
	return true;
}

/* Does pf's body not run as cuflow reads it: nothing calls it (Prog.dead),
 * or a rule marked `body` says what its calls do (sdkDeleteTimer's
 * virtual destructor call is the rule's rw(**0))? */
static bool
bodyunused(const Prog *p, int fi)
{
	const PFunc *pf = &p->fns.v[fi];
	const Rule *r = rules_find(p->rules, pf->u->syms.v[pf->f->sym].name);
	return p->dead[fi] || (r && (r->flags & RF_BODY));
}

/* Code cuflow cannot see that may reach location loc (and free or realloc
 * it): why, and its line, or NULL. */
char *
unseenat(const Prog *p, int loc, int *line, const Unit **u)
{
	Bits one = bnew(p->locs.n), r = bnew(p->locs.n);
	bset(&one, loc);
	char *why = NULL;
	for (int fi = 0; fi < p->fns.n && !why; fi++) {
		const PFunc *pf = &p->fns.v[fi];
		if (bodyunused(p, fi))
			continue;
		for (int v = 0; pf->st && v < pf->f->st.n && !why; v++) {
			const Eff *e = &pf->st[v];
			if (!(e->ex & EX_UNKNOWN))
				continue;
			bclear(&r);
			bool may = unseenreach(p, pf, v, &r) ? bhas(&r, loc)
			                                       : conflicts(p, &one, &e->wr) || conflicts(p, &one, &e->rd);
			if (may) {
				*line = pf->f->st.v[v].line;
				*u = pf->u;
				why = fmt("calls %s, which cuflow cannot see and which may reach the buffer", e->unk ? e->unk : "code");
			}
		}
	}
	bfree(&one);
	bfree(&r);
	return why;
}

static void
unseen(const P *q, Site *s)
{
	int line = 0;
	const Unit *u = NULL;
	char *why = unseenat(q->p, s->loc, &line, &u);
	const char *name = why ? NULL : hiddenptr(q->p, s->loc, &line, &u);
	if (name) /* an asynchronous copy there would return before it reads the bytes */
		why = fmt("is code another configuration compiles, which names %s, a pointer that may reach the buffer", name);
	if (why)
		keepin(s, u, line, why);
}

/* The bytes of page-locked memory the program allocates with a constant
 * size (the argument after the pointer of a call that allocates pinned
 * memory), each call once. */
static size_t
pinnedbytes(const Prog *p)
{
	size_t n = 0;
	for (int fi = 0; fi < p->fns.n; fi++) {
		const PFunc *pf = &p->fns.v[fi];
		for (int ci = 0; pf->st && ci < pf->f->calls.n; ci++) {
			const Call *c = &pf->f->calls.v[ci];
			const Rule *r = callrule(p, pf, c);
			for (int k = 0; r && k < r->neff; k++)
				if (r->eff[k].what == EF_ALLOC && r->eff[k].space == SP_PINNED && r->eff[k].arg == 0 && c->nargs > 1 &&
				    c->argk[1] != LLONG_MIN && c->argk[1] > 0)
					n += (size_t)c->argk[1];
		}
	}
	return n;
}

/* --pin-limit: the constant-size sites, in the order of the program, while
 * the page-locked bytes of constant size (those the program allocates
 * already, then these) stay within the cap; the rest stay pageable. */
static void
cap(P *q)
{
	size_t lim = q->p->opts->pinlimit, total = lim ? pinnedbytes(q->p) : 0;
	for (int i = 0; lim && i < q->s.n; i++) {
		Site *s = &q->s.v[i];
		if (s->why || s->size == LLONG_MIN)
			continue;
		if (total + (size_t)s->size > lim)
			keep(s, 0, fmt("pinning its %lld bytes would take the program's page-locked memory past --pin-limit (%zu "
			               "bytes; %zu already)",
			               s->size, lim, total));
		else
			total += (size_t)s->size;
	}
}

/* A free that may also free a site that stays pageable keeps this one so. */
static bool
sharedfrees(P *q)
{
	bool changed = false;
	for (int i = 0; i < q->s.n; i++) {
		Site *s = &q->s.v[i];
		for (int k = 0; !s->why && k < s->frees.n; k++) {
			const Free *f = &s->frees.v[k];
			for (int l = bnext(f->to, 0); l >= 0 && !s->why; l = bnext(f->to, l + 1)) {
				Site *o = siteof(q, l);
				if (!o || o->why) {
					keep(s, f->line, fmt("frees it with a pointer that may also point to %s, which stays pageable",
					                     locname(q->p, l)));
					changed = true;
				}
			}
		}
	}
	return changed;
}

/* Two vectors unregistered before one return that is no statement of a
 * block (if (...) return ...;) would each put it in braces: both stay
 * pageable (one alone would leave braces the next run pins the other in). */
static void
sharedexits(P *q)
{
	for (int i = 0; i < q->s.n; i++)
		for (int j = 0; j < q->s.n; j++) {
			Site *s = &q->s.v[i], *o = &q->s.v[j];
			if (i == j || s->why || (o->why && !o->braced) || !s->vec || !o->vec || s->pf != o->pf)
				continue;
			for (int a = 0; a < s->exits.n && !s->why; a++)
				for (int b = 0; b < o->exits.n && !s->why; b++) {
					const Stmt *st = &s->pf->f->st.v[s->exits.v[a]];
					if (s->exits.v[a] == o->exits.v[b] && st->list < 0) {
						keep(s, st->line, fmt("returns without braces where %s would be unregistered too: cuflow "
						                      "does not brace one statement twice",
						                      locname(q->p, o->loc)));
						s->braced = true;
					}
				}
		}
}

static double
pincost(double b)
{
	double small = b < (16 << 20) ? b : (16 << 20);
	return PINFIXED + PINSMALL * small + PINLARGE * (b - small);
}

/* Does pinning a buffer of size bytes (LLONG_MIN: not a constant), copied
 * nup and ndown times, pay (pinbench's constants)? If not, why. */
char *
pinpays(long long size, int nup, int ndown, bool inloop)
{
	if (size != LLONG_MIN && size < PINMIN)
		return fmt("it holds %lld bytes: below %d KiB a copy from pinned memory is no faster", size, PINMIN >> 10);
	if (inloop)
		return NULL;
	if (size == LLONG_MIN)
		return fmt("it is copied %d time%s outside loops and its size is not a constant: pinning costs about 1 ms "
		           "plus the locking of its pages and pays only for large or repeated copies",
		           nup + ndown, nup + ndown == 1 ? "" : "s");
	double b = (double)size, save = b * (UPSAVE * nup + DOWNSAVE * ndown), cost = pincost(b);
	if (save <= cost)
		return fmt("its %d cop%s of %lld bytes would save %.1f ms and pinning costs %.1f ms", nup + ndown,
		           nup + ndown == 1 ? "y" : "ies", size, save / 1e6, cost / 1e6);
	return NULL;
}

/* ---------------------------------------------------------------- rewrite */

/* The statements that give the destination of allocation a page-locked
 * memory of the same size: cudaMallocHost, and a zero fill where the
 * allocation started zeroed (calloc, new T[n]()). */
static char *
pintext(const Unit *u, const Alloc *a)
{
	char *dst = allocdest(u, a), *bytes = allocbytes(u, a);
	char *t = a->zero ? fmt("cudaMallocHost((void **)&%s, %s);\nmemset(%s, 0, %s);", dst, bytes, dst, bytes)
	                  : fmt("cudaMallocHost((void **)&%s, %s);", dst, bytes);
	free(dst);
	free(bytes);
	return t;
}

static Change
record(const Site *s, int kind)
{
	const PFunc *pf = s->pf;
	const char *call = s->vec ? "std::vector" : s->call >= 0 ? pf->f->calls.v[s->call].name : "new[]";
	Change ch = stmtchange(PASS_PIN, kind, pf->u, pf->u->syms.v[pf->f->sym].name, &pf->f->st.v[s->node], call);
	for (int i = 0; i < s->xfer.n; i++)
		vpush(ch.members, s->xfer.v[i]);
	return ch;
}

/* Why the site cannot be rewritten, or NULL: facts of the program (the
 * file, a loop, how the allocation's value is stored), never its spelling. */
static char *
textbar(const Site *s)
{
	const Unit *u = s->pf->u;
	size_t n = strlen(u->path);
	if (n < 3 || (strcmp(u->path + n - 3, ".cu") && (n < 4 || strcmp(u->path + n - 4, ".cuh"))))
		return xstrdup("is in a file nvcc does not compile as CUDA, where cudaMallocHost may be undeclared");
	if (s->pf->loop[s->node] >= 0)
		return xstrdup("is in a loop: pinning costs about 1 ms per allocation");
	if (s->vec)
		return NULL;
	const Stmt *st = &s->pf->f->st.v[s->node];
	if (s->al < 0 && (st->flags & SF_MACRO))
		return xstrdup("is written by a macro, whose text cuflow does not change");
	if (s->al < 0)
		return xstrdup("stores its value elsewhere than in a variable or through an assignment (an argument, a "
		               "return value)");
	return allocbar(u, st, &s->pf->f->allocs.v[s->al]);
}

/* ---------------------------------------------------------------- split-phase */

/* A blocking cudaMemcpy of page-locked host memory waits for the copy to
 * finish; cudaMemcpyAsync on stream 0 queues the same copy in the same
 * place of the legacy stream's order and returns at once. The wait
 * (cudaStreamSynchronize(0)) goes down the copy's block past the items that
 * do not touch the host bytes in flight (an upload's source must not be
 * written, a download's destination neither read nor written), nor memory
 * the device work the copy waited for uses, and that do not jump, exit,
 * throw, sync, read a clock or call code cuflow cannot see. A copy of the
 * same kind met on the way joins the group: one wait covers both. */
typedef struct {
	const P *q;
	PFunc *pf;
	const Plan *plan;
	Bits up, down; /* host bytes in flight: read by uploads, written by downloads */
	Bits prd, pwr; /* what the device work the first copy waited for uses */
	Ints group;    /* the copies' nodes */
	bool kio;      /* a printing kernel may be in flight */
	bool hidden;   /* and work of code another configuration compiles (hidden.c) */
} Split;

/* Is every location of s page-locked, now or once this run's pins land? */
static bool
pinnedset(const P *q, const Bits *s)
{
	if (bempty(s) || bhas(s, LOC_UNKNOWN))
		return false;
	for (int l = bnext(s, 0); l >= 0; l = bnext(s, l + 1)) {
		const Site *x = siteof((P *)q, l);
		if (q->p->locs.v[l].space != SP_PINNED && !(x && x->pin))
			return false;
	}
	return true;
}

/* A statement changed by an earlier pass, or moved by one. */
static bool
touched(const Plan *plan, const Unit *u, const Stmt *st)
{
	for (int c = 0; c < plan->n; c++) {
		const Change *ch = &plan->v[c];
		if (ch->pass != PASS_PIN && ch->kind == CH_MOVE && ch->u == u && ch->begin < st->end && ch->end > st->begin)
			return true;
	}
	return false;
}

/* Statement v is `cudaMemcpy(...);` of page-locked host memory, up (1) or
 * down (2): the direction, and the host bytes in *host; 0 if not. */
static int
splitcopy(const P *q, const PFunc *pf, const Plan *plan, int v, const Bits **host)
{
	const Stmt *st = &pf->f->st.v[v];
	if (st->kind != ST_PLAIN || st->ncall != 1 || (st->flags & (SF_MACRO | SF_DIRECTIVE)) || !(st->flags & SF_INMAIN))
		return 0;
	const Call *c = &pf->f->calls.v[st->call0];
	const Rule *r = callrule(q->p, pf, c);
	if (!r || strcmp(r->name, "cudaMemcpy") || c->nargs != 4 || !callalone(pf->u, st, c, true) ||
	    strncmp(pf->u->src + c->off, "cudaMemcpy", 10) || isident(pf->u->src[c->off + 10]))
		return 0;
	int dir = (int)c->argk[3];
	if (dir != 1 && dir != 2)
		return 0;
	*host = &q->p->pts[nodevar(pf, c->argv[dir == 1 ? 1 : 0])];
	if (!pinnedset(q, *host) || touched(plan, pf->u, st))
		return 0;
	return dir;
}

/* May the wait not pass node u? */
static bool
blocks(Split *sp, int u)
{
	const Prog *p = sp->q->p;
	const Stmt *st = &sp->pf->f->st.v[u];
	const Eff *e = &sp->pf->st[u];
	if (st->kind == ST_RETURN || st->kind == ST_BREAK || st->kind == ST_CONTINUE || st->kind == ST_GOTO ||
	    st->kind == ST_LABEL || st->kind == ST_OPAQUE || (st->flags & (SF_JUMP | SF_DIRECTIVE | SF_HIDDEN)))
		return true;
	if (e->ex & (EX_SYNC | EX_UNKNOWN | EX_EXIT | EX_THROW | EX_TIMER | EX_UNSAFE | EX_VOLATILE | EX_MANAGED |
	             EX_STREAMOP | EX_CONFIG))
		return true;
	if (((e->ex & EX_IO) && sp->kio) || (sp->hidden && hiddenreach(p, sp->pf->u, e) != -1))
		return true;
	sp->kio |= (e->ex & EX_KIO) != 0;
	const Bits *all[] = {&e->rd, &e->wr, &e->prd, &e->pwr};
	for (int k = MUTANT(p->opts, 10); k < 4; k++) /* all[0], the reads, skipped by fault 10 */
		if (conflicts(p, &sp->down, all[k]))
			return true;
	return conflicts(p, &sp->up, &e->wr) || conflicts(p, &sp->up, &e->pwr) || conflicts(p, &sp->pwr, &e->rd) ||
	       conflicts(p, &sp->pwr, &e->wr) || conflicts(p, &sp->prd, &e->wr);
}

/* Grow the group from the copy at list position pos: the position the wait
 * goes before (n: the block's end), and the items passed that do work. */
/* Does statement u call code that takes time: not only math (a pure rule,
 * a value function) or a system type's constructor? dim3 grid(ceil(n /
 * 32.0)) overlaps nothing. */
static bool
hostcall(const Prog *p, const PFunc *pf, int u)
{
	const Stmt *st = &pf->f->st.v[u];
	for (int ci = st->call0; ci < st->call0 + st->ncall; ci++) {
		const Call *c = &pf->f->calls.v[ci];
		const Sym *s = c->kind == C_DIRECT && c->callee >= 0 ? &pf->u->syms.v[c->callee] : NULL;
		const Rule *r = callrule(p, pf, c);
		bool cheap = c->kind == C_DEFAULTED || (r && r->kind == RK_PURE) ||
		             (s && (valuefn(s) || ((s->flags & SYMF_SYSTEM) && (s->flags & SYMF_METHOD) && !s->ptrparams)));
		if (!cheap)
			return true;
	}
	return false;
}

static int
groupreach(Split *sp, const List *l, int pos, int *work)
{
	int k = pos + 1;
	*work = 0;
	for (; k < l->first.n; k++) {
		int a = l->first.v[k], b = l->last.v[k];
		const Bits *host;
		int dir = a == b ? splitcopy(sp->q, sp->pf, sp->plan, a, &host) : 0;
		if (dir) { /* another copy of page-locked memory: it joins */
			if (conflicts(sp->q->p, &sp->down, host) || (dir == 2 && conflicts(sp->q->p, &sp->up, host)))
				break;
			bor(dir == 1 ? &sp->up : &sp->down, host);
			vpush(sp->group, a);
			continue;
		}
		bool stop = false;
		for (int u = a; u <= b && !stop; u++)
			stop = blocks(sp, u);
		if (stop)
			break;
		bool hostwork = false; /* a host loop or a call of host code: launches alone overlap nothing */
		for (int u = a; u <= b; u++)
			hostwork |= sp->pf->loop[u] == u || (hostcall(sp->q->p, sp->pf, u) && !(sp->pf->st[u].ex & EX_DEVOP));
		*work += hostwork;
	}
	return k;
}

/* Does an earlier pass edit the text [a, b] (an insertion at either end
 * included)? Then the copies or the wait could land on the wrong side. */
static bool
edited(const Plan *plan, const Unit *u, int a, int b)
{
	for (int c = 0; c < plan->n; c++)
		for (int k = 0; plan->v[c].pass != PASS_PIN && plan->v[c].u == u && k < plan->v[c].edits.n; k++) {
			const Edit *e = &plan->v[c].edits.v[k];
			if (e->off <= b && e->off + e->len >= a)
				return true;
		}
	return false;
}

/* Did the sync pass move a wait from before node u to after it (so that
 * work it waited for is in flight at u in the rewritten program)? */
static bool
syncpast(const Plan *plan, const PFunc *pf, int u)
{
	const Stmt *st = &pf->f->st.v[u];
	for (int c = 0; c < plan->n; c++) {
		const Change *ch = &plan->v[c];
		if (ch->pass == PASS_SYNC && ch->kind == CH_MOVE && ch->u == pf->u && ch->begin < st->begin &&
		    (ch->toend || ch->target > st->line))
			return true;
	}
	return false;
}

static bool
editedsite(const Plan *plan, const Site *s)
{
	const Stmt *st = &s->pf->f->st.v[s->node];
	bool e = edited(plan, s->pf->u, st->begin, st->end);
	for (int i = 0; i < s->frees.n && !e; i++)
		e = edited(plan, s->pf->u, s->frees.v[i].b, s->frees.v[i].e);
	return e;
}

static void
emitsplit(Split *sp, const List *l, int k, int work, Plan *plan)
{
	const PFunc *pf = sp->pf;
	const Unit *u = pf->u;
	int first = sp->group.v[0];
	const Stmt *st = &pf->f->st.v[first];
	int begin = l->end - 1; /* the item's text, or the block's closing brace */
	for (int v = k < l->first.n ? l->first.v[k] : 0; k < l->first.n && v <= l->last.v[k]; v++)
		begin = v == l->first.v[k] || pf->f->st.v[v].begin < begin ? pf->f->st.v[v].begin : begin;
	if (begin < 0 || !blankbefore(u, begin) || (k == l->first.n && u->src[begin] != '}'))
		return;
	int at = k < l->first.n ? leadcomments(u, begin) : linestart(u->src, begin);
	if (directivein(u, st->begin, at) >= 0 || edited(plan, u, st->begin, at))
		return;
	Change ch = stmtchange(PASS_PIN, CH_MOVE, u, u->syms.v[pf->f->sym].name, st, "cudaMemcpy");
	ch.how = PN_SPLIT;
	ch.bytes = xstrdup("as in the calls");
	ch.target = unitline(u, at);
	ch.toend = k == l->first.n;
	ch.overlap = work;
	for (int i = 0; i < sp->group.n; i++) {
		const Call *c = &pf->f->calls.v[pf->f->st.v[sp->group.v[i]].call0];
		vpush(ch.members, c->line);
		Edit name = {c->off, 10, xstrdup("cudaMemcpyAsync"), 0, false, NULL};
		vpush(ch.edits, name);
		int open = c->off + 10;
		while (u->src[open] == ' ' || u->src[open] == '\t')
			open++;
		int close = closeparen(u->src, open, pf->f->st.v[sp->group.v[i]].end);
		Edit arg = {close - 1, 0, xstrdup(", 0"), 0, false, NULL};
		vpush(ch.edits, arg);
	}
	char *indent = indentof(u->src, u->len, st->begin);
	Edit wait = {at, 0, fmt("%scudaStreamSynchronize(0);\n", indent), 1 << 20, false, NULL};
	vpush(ch.edits, wait);
	free(indent);
	bool one = sp->group.n == 1;
	ch.safe = fmt("the host memory of the cop%s is page-locked, so %s while the host runs %d statement%s with loops or calls "
	              "before line %d, none of which touches those bytes or what the device work before %s uses, jumps, "
	              "syncs or calls code cuflow cannot see",
	              one ? "y" : "ies", one ? "it runs" : "they run", work, work == 1 ? "" : "s", ch.target,
	              one ? "it" : "them");
	for (int i = 0; i < sp->group.n; i++) /* the split speaks for the copy: no keep record of sync's */
		for (int c = plan->n - 1; c >= 0; c--)
			if (plan->v[c].pass == PASS_SYNC && plan->v[c].kind == CH_KEEP && plan->v[c].u == u &&
			    plan->v[c].begin == pf->f->st.v[sp->group.v[i]].begin) {
				free(plan->v[c].stop);
				vfree(plan->v[c].members);
				memmove(&plan->v[c], &plan->v[c + 1], (size_t)(plan->n - c - 1) * sizeof *plan->v);
				plan->n--;
			}
	vpush(*plan, ch);
}

static void
splitfn(const P *q, PFunc *pf, Plan *plan)
{
	if (openmpin(pf->u, pf->f->begin, pf->f->end))
		return; /* its threads may run a copy at once: one wait would not mark each thread's copy */
	int nl = q->p->locs.n;
	bool *done = xcalloc(pf->f->st.n, sizeof *done);
	for (int v = 2; v < pf->f->st.n; v++) {
		const Bits *host;
		int dir = done[v] ? 0 : splitcopy(q, pf, plan, v, &host);
		const Stmt *st = &pf->f->st.v[v];
		if (!dir || st->list < 0)
			continue;
		const List *l = &pf->f->lists.v[st->list];
		if (l->first.v[st->pos] != v || l->last.v[st->pos] != v)
			continue;
		Split sp = {.q = q, .pf = pf, .plan = plan, .up = bnew(nl), .down = bnew(nl), .prd = bnew(nl), .pwr = bnew(nl)};
		pendwork(q->p, &pf->in[v], &sp.prd, &sp.pwr);
		sp.kio = (pf->in[v].ex & EX_KIO) != 0;
		sp.hidden = (pf->in[v].ex & EX_HIDDEN) != 0;
		bor(dir == 1 ? &sp.up : &sp.down, host);
		vpush(sp.group, v);
		int work, k = groupreach(&sp, l, st->pos, &work);
		for (int i = 0; i < sp.group.n; i++)
			done[sp.group.v[i]] = true;
		if (work > 0)
			emitsplit(&sp, l, k, work, plan);
		bfree(&sp.up);
		bfree(&sp.down);
		bfree(&sp.prd);
		bfree(&sp.pwr);
		vfree(sp.group);
	}
	free(done);
}

/* ---------------------------------------------------------------- asynchronous copies */

/* Is name written as a whole word in src[from, to)? */
static bool
mentioned(const Unit *u, int from, int to, const char *name)
{
	size_t n = strlen(name);
	for (int i = from; i + (int)n <= to; i++)
		if (!strncmp(u->src + i, name, n) && (i == 0 || !isident(u->src[i - 1])) && !isident(u->src[i + n]))
			return true;
	return false;
}

/* May the stream text's value have changed in src[from, to)? A variable
 * of it that a statement there writes (st[k] after k = 1, a global stream
 * a callee reassigns), or another name of it written there at all. */
static bool
streamchanged(const P *q, const PFunc *pf, const char *stream, int from, int to)
{
	const Unit *u = pf->u;
	int ui = unitidx(q->p, u);
	for (int at = 0, t, n = (int)strlen(stream); (t = nexttoken(stream, &at, n)) >= 0;) {
		if (!isident(stream[t]))
			continue;
		char *w = xstrndup(stream + t, (size_t)(at - t));
		bool changed = false, known = false; /* a variable: its writes; another name: any mention */
		for (int y = 0; !changed && y < u->syms.n; y++) {
			const Sym *x = &u->syms.v[y];
			if (!x->name || strcmp(x->name, w) || !(x->kind == SYM_GLOBAL || x->owner == pf->f->sym))
				continue;
			int l = symloc(q->p, ui, y);
			known |= l >= 0;
			for (int v = 2; l >= 0 && !changed && v < pf->f->st.n; v++)
				changed = pf->f->st.v[v].begin >= from && pf->f->st.v[v].begin < to && bhas(&pf->st[v].wr, l);
		}
		changed |= !known && mentioned(u, from, to, w);
		free(w);
		if (changed)
			return true;
	}
	return false;
}

/* Does statement u wait for async copy a: a device-wide sync, or a sync of
 * the copy's stream named by the same text, whose value nothing since the
 * copy (from) may have changed? */
static bool
covers(const P *q, const PFunc *pf, int u, const Async *a, int from)
{
	const Stmt *st = &pf->f->st.v[u];
	for (int ci = st->call0; ci < st->call0 + st->ncall; ci++) {
		const Call *c = &pf->f->calls.v[ci];
		const Rule *r = callrule(q->p, pf, c);
		for (int k = 0; r && k < r->neff; k++) {
			const Effect *e = &r->eff[k];
			if (e->what != EF_SYNC || (e->space != SY_DEVICE && e->space != SY_STREAM))
				continue;
			if (e->space == SY_DEVICE)
				return true;
			char *t = e->arg < c->nargs ? calltext(pf->u->src, c->off, c->end, e->arg, c->nargs) : xstrdup("0");
			bool same = !strcmp(t, a->stream) && !streamchanged(q, pf, a->stream, from, st->begin);
			free(t);
			if (same)
				return true;
		}
	}
	return false;
}

/* May the host not pass node u before an async copy of the bytes in sp
 * ends? When u may touch them (an upload's source written, a download's
 * destination read or written, on the host or by device work), jump,
 * sync, end the program or run code cuflow cannot see. */
static bool
asyncstops(const Split *sp, int u)
{
	const Prog *p = sp->q->p;
	const Stmt *st = &sp->pf->f->st.v[u];
	const Eff *e = &sp->pf->st[u];
	if (st->kind == ST_RETURN || st->kind == ST_BREAK || st->kind == ST_CONTINUE || st->kind == ST_GOTO ||
	    st->kind == ST_LABEL || st->kind == ST_OPAQUE || (st->flags & (SF_JUMP | SF_DIRECTIVE | SF_HIDDEN)) ||
	    (e->ex & (EX_SYNC | EX_UNKNOWN | EX_EXIT | EX_THROW)))
		return true;
	const Bits *all[] = {&e->rd, &e->wr, &e->prd, &e->pwr};
	for (int k = 0; k < 4; k++)
		if (conflicts(p, &sp->down, all[k]))
			return true;
	return conflicts(p, &sp->up, &e->wr) || conflicts(p, &sp->up, &e->pwr);
}

/* Where the host waits for async copy a of s once s is pinned: before the
 * first item after the copy's in its block that may touch the bytes (an
 * upload's source written, a download's destination read or written),
 * jump, sync, or run code cuflow cannot see, or at the block's end (the
 * block's size); -1 when a sync that covers the copy comes first. */
static int
asyncwait(const P *q, const Site *s, const Async *a)
{
	const PFunc *pf = s->pf;
	const Stmt *ws = &pf->f->st.v[itemof(pf->f, a->node)];
	const List *l = &pf->f->lists.v[ws->list];
	int nl = q->p->locs.n, k = ws->pos + 1;
	Split sp = {.q = q, .pf = (PFunc *)pf, .up = bnew(nl), .down = bnew(nl), .prd = bnew(nl), .pwr = bnew(nl)};
	bset(a->reads ? &sp.up : &sp.down, s->loc);
	for (; k < l->first.n; k++) {
		int b0 = l->first.v[k], b1 = l->last.v[k];
		if (b0 == b1 && covers(q, pf, b0, a, pf->f->st.v[a->node].end)) {
			k = -1;
			break;
		}
		bool stop = false;
		for (int u = b0; u <= b1 && !stop; u++)
			stop = asyncstops(&sp, u);
		if (stop)
			break;
	}
	bfree(&sp.up);
	bfree(&sp.down);
	bfree(&sp.prd);
	bfree(&sp.pwr);
	return k;
}

/* Where item k of list l begins (a for's text begins before its first
 * node, the initialisation); the closing brace for k past the end. */
static int
itembegin(const PFunc *pf, const List *l, int k)
{
	if (k >= l->first.n)
		return l->end - 1;
	int b = pf->f->st.v[l->first.v[k]].begin;
	for (int v = l->first.v[k]; v <= l->last.v[k]; v++)
		if (pf->f->st.v[v].begin < b && pf->f->st.v[v].begin >= 0)
			b = pf->f->st.v[v].begin;
	return b;
}

/* The event's name: the buffer's, made an identifier, + "_copied", and a
 * number where the unit has that name already. */
static char *
eventname(const Site *s)
{
	const Unit *u = s->pf->u;
	char *dst = s->vec ? xstrdup(u->syms.v[s->sym].name) : allocdest(u, &s->pf->f->allocs.v[s->al]);
	Buf b = {0};
	for (const char *c = dst; *c; c++)
		if (isident(*c))
			bputn(&b, c, 1);
		else if (b.n && b.v[b.n - 1] != '_')
			bputs(&b, "_");
	bputs(&b, "_copied");
	free(dst);
	char *name = bstr(&b);
	for (int n = 2;; n++) {
		bool taken = false;
		for (int i = 0; i < u->syms.n && !taken; i++)
			taken = u->syms.v[i].name && !strcmp(u->syms.v[i].name, name);
		if (!taken)
			return name;
		free(name);
		name = fmt("%s_copied%d", bstr(&b), n);
	}
}

/* Each async copy's wait, or why one cannot be placed: the copy is in no
 * block, or a block the allocation's does not hold (the event would be
 * out of scope), or another pass changes the text between. */
/* Does copy b record the site's event between copy a's record and a's
 * wait, on another stream? A second record replaces the first, so the
 * wait would not cover a's copy. */
static bool
sharedevent(const PFunc *pf, const Async *a, const Async *b)
{
	if (a->wait < 0 || b->wait < 0 || !strcmp(a->stream, b->stream))
		return false;
	const Stmt *sa = &pf->f->st.v[a->node], *sb = &pf->f->st.v[b->node];
	const List *l = &pf->f->lists.v[pf->f->st.v[itemof(pf->f, a->node)].list];
	return sb->end > sa->end && sb->end <= itembegin(pf, l, a->wait);
}

static void
asyncplaces(const P *q, Site *s, const Plan *plan)
{
	const PFunc *pf = s->pf;
	int pos, hl = homelist(pf->f, s->node, &pos);
	const List *home = hl >= 0 ? &pf->f->lists.v[hl] : NULL;
	for (int i = 0; i < s->async.n && !s->why; i++) {
		Async *a = &s->async.v[i];
		const Stmt *st = &pf->f->st.v[a->node];
		int w = itemof(pf->f, a->node);
		if (w < 0 || !home || st->begin < home->begin || st->end > home->end) {
			keep(s, st->line, xstrdup("is copied asynchronously outside the block that allocates it, where the event "
			                          "that would mark the copy's end is not in scope"));
			break;
		}
		a->wait = asyncwait(q, s, a);
		const List *l = &pf->f->lists.v[pf->f->st.v[w].list];
		int to = a->wait < 0 ? st->end : itembegin(pf, l, a->wait);
		if (edited(plan, pf->u, st->begin, to))
			keep(s, st->line, xstrdup("an asynchronous copy of it or the code up to its wait is text another pass "
			                          "changes"));
	}
	for (int i = 0; i < s->async.n && !s->why; i++)
		for (int j = 0; j < s->async.n && !s->why; j++)
			if (i != j && sharedevent(pf, &s->async.v[i], &s->async.v[j]))
				keep(s, pf->f->st.v[s->async.v[j].node].line,
				     fmt("copies it asynchronously on stream %s while its copy on %s (line %d) is not yet waited "
				         "for: one event cannot mark the ends of copies on two streams",
				         s->async.v[j].stream, s->async.v[i].stream, pf->f->st.v[s->async.v[i].node].line));
	for (int i = 0; i < s->frees.n && !s->why && s->async.n; i++) {
		const Stmt *fs = &s->pf->f->st.v[s->frees.v[i].node];
		if (fs->begin < home->begin || fs->end > home->end)
			keep(s, fs->line, xstrdup("is freed outside the block that allocates it, where its event is not in scope"));
	}
}

/* Statement st gets text before or after it: beside it in its block, or
 * with it in braces where it is an if's or a loop's body. */
static void
besides(const PFunc *pf, const Stmt *st, const char *before, const char *after, Edits *e)
{
	if (st->list >= 0 && before)
		insertbefore(pf->u, st->begin, before, 1 << 20, e);
	else if (st->list >= 0)
		insertafter(pf->u, st->begin, st->end, after, 1 << 20, e);
	else
		wrapstmt(pf->u, st->begin, st->end, before, after, e);
}

/* The event of s's async copies: recorded after each, waited for where
 * asyncwait says, destroyed before each free. */
static void
emitasync(const Site *s, Edits *e)
{
	const PFunc *pf = s->pf;
	const Unit *u = pf->u;
	for (int i = 0; i < s->async.n; i++) {
		const Async *a = &s->async.v[i];
		if (a->wait < 0) /* a sync of its stream comes first */
			continue;
		const Stmt *st = &pf->f->st.v[a->node];
		char *rec = fmt("cudaEventRecord(%s, %s);", s->event, a->stream);
		besides(pf, st, NULL, rec, e);
		free(rec);
		const Stmt *ws = &pf->f->st.v[itemof(pf->f, a->node)];
		const List *l = &pf->f->lists.v[ws->list];
		char *indent = indentof(u->src, u->len, ws->begin);
		char *lines = fmt("%scudaEventSynchronize(%s);\n", indent, s->event);
		int at = itembegin(pf, l, a->wait);
		insertlines(u, at, true, lines, 1 << 21, e);
		e->v[e->n - 1].shared = true; /* two copies' waits at one place: one wait */
		free(indent);
		free(lines);
	}
	for (int i = 0; s->event && i < s->frees.n; i++) {
		char *d = fmt("cudaEventDestroy(%s);", s->event);
		besides(pf, &pf->f->st.v[s->frees.v[i].node], d, NULL, e);
		free(d);
	}
}

static char *
facts(const P *q, const Site *s)
{
	Buf b = {0};
	bprintf(&b, "%s is copied by", locname(q->p, s->loc));
	if (s->nup)
		bprintf(&b, " %d upload%s%s", s->nup, s->nup == 1 ? "" : "s", s->ndown ? " and" : "");
	if (s->ndown)
		bprintf(&b, " %d download%s", s->ndown, s->ndown == 1 ? "" : "s");
	if (s->inloop)
		bprintf(&b, ", in a loop (line %d)", s->loopline);
	if (s->vec) {
		bputs(&b, "; nothing may change its size or move its data, and it is unregistered wherever its block ends (");
		bputs(&b, s->last >= 0 ? "the return that closes it" : "its closing brace");
		for (int i = 0; i < s->exits.n; i++)
			bprintf(&b, ", the return at line %d", s->pf->f->st.v[s->exits.v[i]].line);
		bputs(&b, ")");
	} else if (s->frees.n) {
		bputs(&b, "; every free is seen (line");
		for (int i = 0; i < s->frees.n; i++)
			bprintf(&b, "%s %d", i ? "," : "", s->frees.v[i].line);
		bputs(&b, ")");
	} else
		bputs(&b, "; it is never freed");
	bputs(&b, ", no code cuflow cannot see reaches it, and nothing ends the device context while it lives; ");
	if (!s->async.n) {
		bputs(&b, "blocking copies from pinned memory run at about 52 GB/s instead of 7 (uploads) and 11 (downloads) "
		          "on an H200");
		return bstr(&b);
	}
	bprintf(&b, "its asynchronous cop%s (line", s->async.n == 1 ? "y" : "ies");
	for (int i = 0; i < s->async.n; i++)
		bprintf(&b, "%s %d", i ? "," : "", s->pf->f->st.v[s->async.v[i].node].line);
	bprintf(&b, ") no longer go%s through a staging buffer and run%s while the host goes on", s->async.n == 1 ? "es" : "",
	        s->async.n == 1 ? "s" : "");
	if (!s->event) {
		bputs(&b, ", and a sync of the stream comes before the host next touches the bytes");
		return bstr(&b);
	}
	bprintf(&b, ": event %s marks %s end, and the host waits for it before it next touches the bytes or leaves the "
	        "block (",
	        s->event, s->async.n == 1 ? "its" : "their");
	for (int i = 0; i < s->async.n; i++) {
		const Async *a = &s->async.v[i];
		const PFunc *pf = s->pf;
		const Stmt *ws = &pf->f->st.v[itemof(pf->f, a->node)];
		const List *l = &pf->f->lists.v[ws->list];
		if (i)
			bputs(&b, "; ");
		if (a->wait < 0)
			bprintf(&b, "a sync of its stream comes first");
		else if (a->wait < l->first.n)
			bprintf(&b, "before line %d", unitline(pf->u, itembegin(pf, l, a->wait)));
		else
			bprintf(&b, "at the end of its block, line %d", unitline(pf->u, l->end - 1));
	}
	bputs(&b, ")");
	return bstr(&b);
}

/* A std::vector's data registered in place: after its declaration, and
 * unregistered before the return that ends its block or at the block's end. */
static void
emitvec(Site *s, Edits *e)
{
	const PFunc *pf = s->pf;
	const Unit *u = pf->u;
	const Stmt *d = &pf->f->st.v[s->node];
	int pos;
	const List *l = &pf->f->lists.v[homelist(pf->f, s->node, &pos)];
	const char *v = u->syms.v[s->sym].name;
	Buf reg = {0}, end = {0};
	bprintf(&reg, "cudaHostRegister(%s.data(), %s.size() * sizeof(%s[0]), cudaHostRegisterDefault);", v, v, v);
	if (s->event) {
		bprintf(&reg, "\ncudaEvent_t %s;\ncudaEventCreateWithFlags(&%s, cudaEventDisableTiming);", s->event, s->event);
		bprintf(&end, "cudaEventDestroy(%s);\n", s->event);
		emitasync(s, e);
	}
	bprintf(&end, "cudaHostUnregister(%s.data());", v);
	insertafter(u, d->begin, d->end, bstr(&reg), 0, e);
	for (int i = 0; i < s->exits.n; i++)
		besides(pf, &pf->f->st.v[s->exits.v[i]], bstr(&end), NULL, e);
	if (s->last >= 0)
		insertbefore(u, itembegin(pf, l, s->last), bstr(&end), 1 << 22, e);
	else {
		char *indent = indentof(u->src, u->len, d->begin);
		Buf lines = {0};
		for (char *t = bstr(&end), *nl; *t; t = nl ? nl + 1 : t + strlen(t)) {
			nl = strchr(t, '\n');
			bprintf(&lines, "%s%.*s\n", indent, nl ? (int)(nl - t) : (int)strlen(t), t);
		}
		insertlines(u, l->end - 1, true, bstr(&lines), 1 << 22, e);
		free(lines.v);
		free(indent);
	}
	free(reg.v);
	free(end.v);
}

static void
emit(const P *q, Site *s, Plan *plan)
{
	if (s->why) {
		Change ch = record(s, CH_KEEP);
		ch.stop = s->why;
		ch.stopline = s->whyline;
		ch.stopu = s->whyu;
		s->why = NULL;
		vpush(*plan, ch);
		return;
	}
	const PFunc *pf = s->pf;
	const Stmt *st = &pf->f->st.v[s->node];
	Change ch = record(s, CH_MOVE);
	ch.how = s->vec ? PN_REGISTER : PN_PIN;
	for (int i = 0; i < s->async.n && !s->event; i++)
		if (s->async.v[i].wait >= 0) /* no sync comes first: an event marks the copies' end */
			s->event = eventname(s);
	ch.safe = facts(q, s);
	if (s->vec) {
		ch.bytes = fmt("%s.size() elements", pf->u->syms.v[s->sym].name);
		emitvec(s, &ch.edits);
		int pos;
		const List *l = &pf->f->lists.v[homelist(pf->f, s->node, &pos)];
		ch.target = s->last >= 0 ? unitline(pf->u, itembegin(pf, l, s->last)) : unitline(pf->u, l->end - 1);
		vpush(*plan, ch);
		return;
	}
	const Alloc *a = &pf->f->allocs.v[s->al];
	ch.bytes = s->size != LLONG_MIN ? fmt("%lld", s->size) : allocbytes(pf->u, a);
	ch.target = st->line;
	char *set = pintext(pf->u, a);
	if (s->event) { /* the event that marks the async copies' end, beside the buffer */
		char *t = fmt("%s\ncudaEvent_t %s;\ncudaEventCreateWithFlags(&%s, cudaEventDisableTiming);", set, s->event,
		              s->event);
		free(set);
		set = t;
		emitasync(s, &ch.edits);
	}
	allocreplace(pf->u, st, a, set, &ch.edits);
	free(set);
	for (int i = 0; i < s->frees.n; i++) {
		const Free *f = &s->frees.v[i];
		char *t = f->del ? fmt("cudaFreeHost(%.*s)", f->pe - f->pb, pf->u->src + f->pb) : xstrdup("cudaFreeHost");
		Edit x = {f->b, f->e - f->b, t, 1 << 23, true, NULL}; /* a free two pinned sites share: made once */
		vpush(ch.edits, x);
	}
	vpush(*plan, ch);
}

void
pinhost(Prog *p, Plan *plan)
{
	P q = {.p = p};
	fillsites(&q);
	fillctx(&q);
	for (int fi = 0; fi < p->fns.n; fi++) {
		PFunc *pf = &p->fns.v[fi];
		if (!pf->st || (pf->f->kind != FN_HOST && pf->f->kind != FN_HOSTDEVICE))
			continue;
		for (int v = 2; v < pf->f->st.n; v++)
			for (int ci = pf->f->st.v[v].call0; ci < pf->f->st.v[v].call0 + pf->f->st.v[v].ncall; ci++) {
				scancall(&q, pf, v, &pf->f->calls.v[ci]);
				scanvector(&q, pf, v, &pf->f->calls.v[ci]);
			}
		for (int i = 0; i < pf->f->dels.n; i++)
			scandelete(&q, pf, &pf->f->dels.v[i]);
	}
	for (int i = 0; i < q.s.n; i++) {
		Site *s = &q.s.v[i];
		if ((!s->nup && !s->ndown) || s->registered) { /* never copied, or page-locked already: nothing to say */
			keep(s, 0, xstrdup(""));
			s->nup = s->ndown = 0;
			continue;
		}
		unseen(&q, s);
		if (!s->why)
			window(&q, s);
		if (!s->why && s->vec)
			vecscope(s);
		char *why = s->why ? NULL : textbar(s);
		if (why)
			keep(s, 0, fmt("its allocation %s", why));
		free(why);
		for (int k = 0; !s->why && k < s->frees.n; k++) { /* cudaFreeHost waits for the device; free does not */
			int u = s->frees.v[k].node;
			const Pend *in = &s->pf->in[u];
			if (in->dany || in->sany || !bempty(&in->dwr) || !bempty(&in->swr) || !bempty(&in->drd) ||
			    !bempty(&in->srd) || syncpast(plan, s->pf, u))
				keep(s, s->pf->f->st.v[u].line,
				     xstrdup("frees it while device work may be in flight: cudaFreeHost would wait for that work"));
		}
		if (!s->why && editedsite(plan, s))
			keep(s, s->pf->f->st.v[s->node].line, xstrdup("the allocation or a free is text another pass changes"));
		if (!s->why && s->async.n && openmpin(s->pf->u, s->pf->f->begin, s->pf->f->end))
			keep(s, 0, xstrdup("is copied asynchronously in a function with OpenMP constructs, whose threads may run "
			                   "its copies at once: one event would not mark each thread's copy"));
		if (!s->why && s->async.n)
			asyncplaces(&q, s, plan);
		if (!s->why && s->most < PINMIN && s->nup + s->ndown && (s->size == LLONG_MIN || s->size >= PINMIN))
			keep(s, 0, fmt("pinning does not pay: each of its copies moves at most %lld bytes, and below %d KiB a "
			               "copy from pinned memory is no faster",
			               s->most, PINMIN >> 10));
		why = s->why ? NULL : pinpays(s->size, s->bigup, s->bigdown, s->inloop);
		if (why)
			keep(s, 0, fmt("pinning does not pay: %s", why));
		free(why);
	}
	cap(&q);
	while (sharedfrees(&q))
		;
	sharedexits(&q);
	for (int i = 0; i < q.s.n; i++)
		q.s.v[i].pin = !q.s.v[i].why;
	for (int fi = 0; fi < p->fns.n; fi++) {
		PFunc *pf = &p->fns.v[fi];
		if (pf->st && pf->in && (pf->f->kind == FN_HOST || pf->f->kind == FN_HOSTDEVICE))
			splitfn(&q, pf, plan);
	}
	for (int i = 0; i < q.s.n; i++) {
		Site *s = &q.s.v[i];
		if (s->nup || s->ndown)
			emit(&q, s, plan);
		free(s->why);
		free(s->event);
		vfree(s->xfer);
		vfree(s->frees);
		vfree(s->exits);
		for (int k = 0; k < s->async.n; k++)
			free(s->async.v[k].stream);
		vfree(s->async);
	}
	vfree(q.s);
	free(q.ctxfn);
}
