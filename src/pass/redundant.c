/* redundant.c: copies whose bytes are already there, and downloads nothing
 * reads (issue 18, step 2 of doc/copies.md, run before step 1): the
 * redundant-transfer elimination of OmpMemOpt (Barua et al., "OmpMemOpt:
 * Optimized Placement of Memory Operations for OpenMP Offloading", its
 * redundancy patterns, Fig. 2), as two must-analyses over the CFG.
 * Forward, availability of equal bytes: a copy whose bytes both sides
 * already hold goes. Backward, pending overwrites: a download whose host
 * bytes the same download writes again on every path, before anything reads
 * them, goes. A removed copy that was the only wait ordering device work
 * before a host statement leaves cudaStreamSynchronize(0) in its place. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "analysis/analysis.h"
#include "pass/copies.h"

static bool
sameset(const Bits *a, const Bits *b)
{
	for (int l = bnext(a, 0); l >= 0; l = bnext(a, l + 1))
		if (!bhas(b, l))
			return false;
	for (int l = bnext(b, 0); l >= 0; l = bnext(b, l + 1))
		if (!bhas(a, l))
			return false;
	return true;
}

/* Do copies x and y make the same bytes equal on both sides: cudaMemcpy
 * with the same size, and the same destination and source (either way
 * round), in text and in what they point to? */
static bool
samebytes(const C *c, const Copy *x, const Copy *y)
{
	bool same = x->dir == y->dir;
	return sameset(&x->dset, same ? &y->dset : &y->sset) && sameset(&x->sset, same ? &y->sset : &y->dset) &&
	       sametext(c, x, y, !same);
}

/* A must-analysis over the function's CFG, meet = intersection of facts
 * 0..nf-1: forward over predecessors (what holds at each node's start) or
 * backward over successors (at each node's end). Through node v the facts
 * ends(v, f) names go, then gen[v]'s (or none, -1) holds. */
typedef bool Ends(const C *c, int v, int f, const Bits *sets);

static Bits *
mustflow(const C *c, int nf, bool forward, const int *gen, Ends *ends, const Bits *sets)
{
	int n = c->f->st.n;
	Bits *meet = xcalloc(n, sizeof *meet), *through = xcalloc(n, sizeof *through);
	for (int v = 0; v < n; v++) {
		meet[v] = bnew(nf);
		through[v] = bnew(nf);
		for (int f = 0; f < nf; f++)
			bset(&through[v], f);
	}
	Bits cur = bnew(nf);
	for (bool changed = true; changed;) {
		changed = false;
		for (int k = 0; k < c->pf->nrpo; k++) {
			int v = c->pf->rpo[forward ? k : c->pf->nrpo - 1 - k];
			const Ints *nb = forward ? &c->pf->pred[v] : &c->pf->succ[v];
			bclear(&cur);
			for (int f = 0; f < nf; f++) {
				bool all = nb->n > 0;
				for (int i = 0; i < nb->n && all; i++)
					all = bhas(&through[nb->v[i]], f);
				if (all)
					bset(&cur, f);
			}
			bassign(&meet[v], &cur);
			for (int f = 0; f < nf; f++)
				if (bhas(&cur, f) && ends(c, v, f, sets))
					bclr(&cur, f);
			if (gen[v] >= 0)
				bset(&cur, gen[v]);
			if (!sameset(&cur, &through[v])) {
				bassign(&through[v], &cur);
				changed = true;
			}
		}
	}
	bfree(&cur);
	for (int v = 0; v < n; v++)
		bfree(&through[v]);
	free(through);
	return meet;
}

/* Does node v write (host or device) what fact f's copies touch (sets[f]:
 * both sides and the variables their arguments read)? */
static bool
writesfact(const C *c, int v, int f, const Bits *sets)
{
	const Eff *e = &c->pf->st[v];
	return (!MUTANT(c->p->opts, 9) && conflicts(c->p, &sets[f], &e->wr)) || conflicts(c->p, &sets[f], &e->pwr);
}

/* What the work in flight on other streams when copy x runs may read and
 * write (rd and wr, cleared first): a blocking copy waits for the default
 * stream only. */
static void
otherwork(const C *c, const Copy *x, Bits *rd, Bits *wr)
{
	const Pend *pd = &c->pf->in[x->node];
	Pend other = {.srd = pd->srd, .swr = pd->swr, .entry = pd->entry};
	bclear(rd);
	bclear(wr);
	if (c->streams)
		pendwork(c->p, &other, rd, wr);
}

/* Availability of equal bytes (OmpMemOpt's redundant transfers): a copy
 * makes its fact hold, unless work on another stream (which it does not
 * wait for) may still write either side; any write, host or device, to
 * either side or to a variable its arguments read ends it. A copy whose
 * fact holds on entry copies nothing new. */
static Bits *
available(C *c, int nf, Bits *locs)
{
	int *fact = xcalloc(c->f->st.n, sizeof *fact);
	for (int v = 0; v < c->f->st.n; v++)
		fact[v] = -1;
	Bits rd = bnew(c->p->locs.n), wr = bnew(c->p->locs.n);
	for (int i = 0; i < c->cp.n; i++) {
		const Copy *x = &c->cp.v[i];
		otherwork(c, x, &rd, &wr);
		if (x->fact >= 0 && !conflicts(c->p, &locs[x->fact], &wr))
			fact[x->node] = x->fact;
	}
	bfree(&rd);
	bfree(&wr);
	Bits *in = mustflow(c, nf, true, fact, writesfact, locs);
	free(fact);
	return in;
}

/* The nearest copy of the same bytes on every path to x (a dominator): its
 * node, or -1. */
static int
gennode(const C *c, const Copy *x)
{
	for (int d = c->pf->dom.idom[x->node], k = 0; d > 0 && k < c->f->st.n; d = c->pf->dom.idom[d], k++)
		for (int i = 0; i < c->cp.n; i++)
			if (c->cp.v[i].node == d && c->cp.v[i].fact == x->fact)
				return d;
	return -1;
}

/* Is there an #if/#ifdef line in the text [lo, hi), a use of a macro
 * the file defines under one (condmacro), or a call of code whose body has
 * one? Another configuration may do more there. */
static bool
configin(const C *c, int lo, int hi)
{
	if (conddirective(c->u, lo, hi) >= 0 || condmacro(c->u, lo, hi) >= 0)
		return true;
	for (int v = 2; v < c->f->st.n; v++)
		if ((c->pf->st[v].ex & EX_CONFIG) && c->f->st.v[v].begin < hi && c->f->st.v[v].end > lo)
			return true;
	return false;
}

/* configin of the text [lo, hi) and of every loop around node v that does
 * not hold offset in too (-1: none does). A path from a statement at `in`
 * that dominates v, to v, never takes the back edge of a loop holding
 * both: it would reach v again only through that statement. */
static bool
configaround(C *c, int v, int lo, int hi, int in)
{
	for (int h = c->pf->loop[v]; h >= 0; h = outerloop(c, h)) {
		Loop lp;
		if (!fillloop(c, h, &lp))
			return configin(c, c->f->begin, c->f->end);
		if (in >= lp.begin && in < lp.end)
			break;
		lo = lp.begin < lo ? lp.begin : lo;
		hi = lp.end > hi ? lp.end : hi;
	}
	return configin(c, lo, hi);
}

/* Another configuration on a path from the copy that made x's bytes equal
 * to x (configin): between that copy and x in the text, or in a loop around
 * x (or anywhere in the function when no one copy precedes x on every
 * path): it may write the bytes there. */
static bool
configbetween(C *c, const Copy *x, int gen)
{
	if (gen < 0)
		return configin(c, c->f->begin, c->f->end);
	return configaround(c, x->node, c->f->st.v[gen].begin, c->f->st.v[x->node].begin, c->f->st.v[gen].begin);
}

/* Copy x goes, for why; or becomes a sync, when its wait still orders
 * device work before a host statement. */
static void
cutcopy(C *c, Copy *x, char *why)
{
	int ln = 0;
	char *wait = waitafter(c, x->node, &c->pf->in[x->node], NULL, &ln);
	x->removed = wait ? CP_RESYNC : CP_REMOVE;
	x->rwhy = wait ? fmt("%s; the copy also waited for device work, and line %d %s", why, ln, wait) : why;
	if (wait)
		free(why);
	free(wait);
	c->gone[x->node] = x->removed == CP_REMOVE;
	c->cut[x->node] = true;
}

/* Does node v read fact f's host bytes (sets[2f]) or write its copies'
 * argument variables (sets[2f+1])? A removed copy does nothing. */
static bool
readsfact(const C *c, int v, int f, const Bits *sets)
{
	const Eff *e = &c->pf->st[v];
	return !c->cut[v] && (conflicts(c->p, &sets[2 * f], &e->rd) || conflicts(c->p, &sets[2 * f], &e->prd) ||
	                      conflicts(c->p, &sets[2 * f + 1], &e->wr));
}

/* Per node, the facts whose host bytes a download of the same bytes writes
 * again, on every path from the node's end, before anything reads them or
 * writes the copies' arguments (backward; nothing at the function's exit).
 * sets: per fact its host side and its argument variables. */
static Bits *
overwritten(C *c, int nf, const Bits *sets)
{
	int *gen = xcalloc(c->f->st.n, sizeof *gen);
	for (int v = 0; v < c->f->st.n; v++)
		gen[v] = -1;
	for (int i = 0; i < c->cp.n; i++) {
		const Copy *x = &c->cp.v[i];
		if (x->dir == DOWN && x->fact >= 0 && !x->removed)
			gen[x->node] = x->fact;
	}
	Bits *out = mustflow(c, nf, false, gen, readsfact, sets);
	free(gen);
	return out;
}

/* Another configuration (configin) where a path from download x to the
 * next download of the same bytes may run: between x and the last such
 * download in the text, or in a loop around x. It may read the bytes there. */
static bool
deadconfig(C *c, const Copy *x)
{
	int lo = c->f->st.v[x->node].begin, hi = c->f->st.v[x->node].end;
	for (int i = 0; i < c->cp.n; i++)
		if (c->cp.v[i].fact == x->fact && c->f->st.v[c->cp.v[i].node].end > hi)
			hi = c->f->st.v[c->cp.v[i].node].end;
	return configaround(c, x->node, lo, hi, -1);
}

/* Downloads nothing reads: a later download of the same bytes writes the
 * host side again on every path before anything reads it. */
static void
dead(C *c, int nf)
{
	Bits *sets = xcalloc(2 * nf, sizeof *sets);
	for (int f = 0; f < 2 * nf; f++)
		sets[f] = bnew(c->p->locs.n);
	for (int i = 0; i < c->cp.n; i++) {
		const Copy *x = &c->cp.v[i];
		if (x->fact >= 0) {
			bor(&sets[2 * x->fact], x->dir == DOWN ? &x->dset : &x->sset);
			bor(&sets[2 * x->fact + 1], &x->args);
		}
	}
	Bits *out = overwritten(c, nf, sets);
	for (int i = 0; i < c->cp.n; i++) {
		Copy *x = &c->cp.v[i];
		if (x->dir != DOWN || x->fact < 0 || x->removed || !bhas(&out[x->node], x->fact) || deadconfig(c, x))
			continue;
		int next = -1; /* the next download of the same bytes in the text, for the report */
		for (int j = 0; j < c->cp.n && next < 0; j++)
			if (c->cp.v[j].fact == x->fact && c->cp.v[j].dir == DOWN && !c->cp.v[j].removed && c->cp.v[j].node > x->node)
				next = c->f->st.v[c->cp.v[j].node].line;
		char *d = argtext(c, x, x->dst);
		cutcopy(c, x, next > 0 ? fmt("nothing reads %s before the download of the same bytes at line %d writes it "
		                             "again, on every path",
		                             d, next)
		                       : fmt("nothing reads %s before a download of the same bytes writes it again, on "
		                             "every path",
		                             d));
		free(d);
		for (int j = 0; j < c->cp.n; j++) { /* an upload it made needless stays needless: the device side is unchanged */
			Copy *y = &c->cp.v[j];
			if (y->removed && y->gen == x->node && y->dir == UP) {
				char *r = fmt("%s; the download at line %d goes too, and the device side already holds what the copy "
				              "would write",
				              y->rwhy, c->f->st.v[x->node].line);
				free(y->rwhy);
				y->rwhy = r;
			}
		}
	}
	for (int v = 0; v < c->f->st.n; v++)
		bfree(&out[v]);
	free(out);
	for (int f = 0; f < 2 * nf; f++)
		bfree(&sets[f]);
	free(sets);
}

/* ---------------------------------------------------------------- destinations nothing reads */

/* Does a node on some path from v to the function's end read s, on either
 * side? The copies this pass removes read nothing. */
static bool
readlater(const C *c, int v, const Bits *s)
{
	int n = c->f->st.n;
	bool *seen = xcalloc(n, sizeof *seen), found = false;
	Ints work = {0};
	for (int i = 0; i < c->pf->succ[v].n; i++)
		vpush(work, c->pf->succ[v].v[i]);
	while (work.n && !found) {
		int w = work.v[--work.n];
		if (seen[w])
			continue;
		seen[w] = true;
		const Eff *e = &c->pf->st[w];
		found = !c->cut[w] && (conflicts(c->p, s, &e->rd) || conflicts(c->p, s, &e->prd));
		for (int i = 0; i < c->pf->succ[w].n; i++)
			vpush(work, c->pf->succ[w].v[i]);
	}
	free(seen);
	vfree(work);
	return found;
}

/* Does a statement of the function hand s to the runtime otherwise than to
 * copy, set or free it (a texture or surface object, a host registration,
 * a graph node)? Kernels may then read it later, through a handle. */
static bool
handed(const C *c, const Bits *s)
{
	for (int v = 2; v < c->f->st.n; v++) {
		const Stmt *st = &c->f->st.v[v];
		const Eff *e = &c->pf->st[v];
		if (!conflicts(c->p, s, &e->rd) && !conflicts(c->p, s, &e->wr))
			continue;
		for (int k = st->call0; k < st->call0 + st->ncall; k++) {
			const Rule *r = callrule(c->p, c->pf, &c->f->calls.v[k]);
			if (r && (r->kind == RK_DEVICE || r->kind == RK_STREAM || r->kind == RK_EVENT || r->kind == RK_LAUNCH ||
			          r->kind == RK_ATOMIC || r->kind == RK_UNKNOWN))
				return true;
		}
	}
	return false;
}

/* May work in flight on another stream when copy x runs still read its
 * destination (it would see the copy's bytes)? */
static bool
otherreads(const C *c, const Copy *x)
{
	Bits rd = bnew(c->p->locs.n), wr = bnew(c->p->locs.n);
	otherwork(c, x, &rd, &wr);
	bool r = conflicts(c->p, &x->dset, &rd);
	bfree(&rd);
	bfree(&wr);
	return r;
}

/* Copies whose destination nothing reads again (the dead transfers of
 * liveness-based placement, Ashcraft et al., as OmpMemOpt cites them): a
 * buffer of the function's own (ownheap) that no path from the copy to
 * the function's end reads; it dies there, or at a free on the way.
 * Another configuration reaches it only by naming its variables
 * (otherconfig). */
static void
unread(C *c)
{
	if ((c->f->flags & (FNF_TRY | FNF_SETJMP)) || c->p->setjmps)
		return; /* a catch or a longjmp may lead back to a read */
	Bits rel = bnew(c->p->locs.n);
	for (int i = 0, left = c->cp.n; left > 0; i = (i + 1) % c->cp.n, left--) { /* once round after each removal */
		Copy *x = &c->cp.v[i];
		bclear(&rel);
		if (!x->ok || x->removed || x->via || bmeets(&x->dset, &x->sset) || !ownheap(c, &x->dset, &rel) ||
		    readlater(c, x->node, &x->dset) || otherreads(c, x) || handed(c, &x->dset) || otherconfig(c, c->f->begin, c->f->end, &rel, false) >= 0)
			continue;
		char *d = argtext(c, x, x->dst);
		cutcopy(c, x, fmt("nothing reads %s after the copy: only variables of %s() point to that buffer, and no path from "
		                  "the copy to the function's end reads it",
		                  d, c->fname));
		free(d);
		left = c->cp.n;
		for (int j = 0; j < c->cp.n; j++) { /* a copy it made needless moved the same bytes: they are not read */
			Copy *y = &c->cp.v[j];
			if (y->removed && y->gen == x->node) {
				char *r = fmt("%s; the copy at line %d goes too, as nothing reads its destination", y->rwhy,
				              c->f->st.v[x->node].line);
				free(y->rwhy);
				y->rwhy = r;
			}
		}
	}
	bfree(&rel);
}

/* Copies whose bytes are already on the other side go; one whose wait
 * still orders device work before a host statement leaves a sync. */
void
redundant(C *c)
{
	int nf = 0;
	for (int i = 0; i < c->cp.n; i++) {
		Copy *x = &c->cp.v[i];
		x->fact = x->gen = -1;
		for (int j = 0; j < i && x->ok && x->fact < 0; j++)
			if (c->cp.v[j].ok && samebytes(c, &c->cp.v[j], x))
				x->fact = c->cp.v[j].fact;
		if (x->ok && x->fact < 0)
			x->fact = nf++;
	}
	if (!nf || (c->f->flags & FNF_GOTO)) /* paths the text order does not show */
		return;
	Bits *locs = xcalloc(nf, sizeof *locs);
	for (int f = 0; f < nf; f++)
		locs[f] = bnew(c->p->locs.n);
	for (int i = 0; i < c->cp.n; i++) {
		const Copy *x = &c->cp.v[i];
		if (x->fact >= 0) {
			bor(&locs[x->fact], &x->dset);
			bor(&locs[x->fact], &x->sset);
			bor(&locs[x->fact], &x->args);
		}
	}
	Bits *in = available(c, nf, locs);
	for (int i = 0; i < c->cp.n; i++) {
		Copy *x = &c->cp.v[i];
		if (x->fact < 0 || !bhas(&in[x->node], x->fact))
			continue;
		int gn = gennode(c, x), g = gn >= 0 ? c->f->st.v[gn].line : -1;
		if (configbetween(c, x, gn))
			continue; /* it stays a copy (step 1 may still move it out of a loop) */
		char *d = argtext(c, x, x->dst), *s = argtext(c, x, x->src);
		char *from = g > 0 ? fmt("the copy at line %d", g) : xstrdup("a copy of the same bytes on every path to it");
		cutcopy(c, x, fmt("%s already holds what %s holds: %s made them equal and nothing since writes either or the "
		                  "copy's arguments",
		                  d, s, from));
		x->gen = gn;
		free(d);
		free(s);
		free(from);
	}
	dead(c, nf);
	unread(c);
	for (int v = 0; v < c->f->st.n; v++)
		bfree(&in[v]);
	free(in);
	for (int f = 0; f < nf; f++)
		bfree(&locs[f]);
	free(locs);
}
