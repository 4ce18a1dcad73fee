/* copies.c: the copies pass (issue 18, doc/copies.md) and its step 1,
 * blocking copies out of loops: the loop-invariant copy motion of OmpMemOpt
 * (Barua et al., "OmpMemOpt: Optimized Placement of Memory Operations for
 * OpenMP Offloading", sections 4-5), on CUDA's explicit copies. Per host
 * function, copymotion runs redundant.c's removals first, then this motion
 * over the function's own copies and those a callee lends it (promote.c).
 *
 * A blocking cudaMemcpy-like call (a `copy` rule with a `sync(copy,N)`
 * effect, its direction a literal) that is an item of a loop's body moves:
 * - an upload (host to device) to just before the loop (hoist) when every
 *   iteration would copy the same bytes into a buffer nothing else in the
 *   loop writes, and nothing reads it before the copy's place;
 * - a download (device to host) to just after the loop (sink) when nothing
 *   in the loop reads or writes its host buffer but the copy, and nothing
 *   after the copy in the loop writes its device buffer;
 * in both cases only out of a loop that runs at least once (the front end's
 * Stmt.once) or under the loop's own first test, that no jump leaves early
 * (an exit() only when nothing of the program can observe what it leaves),
 * and out of the enclosing loops too while they pass the same tests (so a
 * second run finds nothing to do).
 *
 * A blocking copy also waits for the device work before it. Without it the
 * host statements of the loop (and, for a hoist, those after it up to the
 * next full sync) run while the loop's device work, and the work in flight
 * when the loop starts, may still run: each must touch nothing that work
 * writes, or reads while it writes, and none may read a clock or print
 * beside a printing kernel. Work on other streams, code cuflow cannot see
 * and preprocessor directives in the loop keep the copy where it is.
 * Every copy of a loop gets a record: where it went and why that is safe,
 * or what keeps it (the line and the variable). */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "analysis/analysis.h"
#include "pass/copies.h"

/* ---------------------------------------------------------------- copies */

/* Why control may leave the loop other than through its condition, or NULL. */
static const char *
jumpsin(const C *c, const Loop *lp, int *ln)
{
	for (int v = lp->first; v <= lp->last; v++) {
		const Stmt *st = &c->f->st.v[v];
		const Eff *e = &c->pf->st[v];
		*ln = st->line;
		switch (st->kind) {
		case ST_BREAK:
			return "has a break: the loop may end before the copy or skip it";
		case ST_CONTINUE:
			return "has a continue: an iteration may skip the copy";
		case ST_RETURN:
			return "has a return: the loop may end before the copy";
		case ST_GOTO:
		case ST_LABEL:
			return "has a goto or a label: control may enter or leave the loop elsewhere";
		case ST_OPAQUE:
			return "has a statement cuflow does not take apart";
		}
		if (st->flags & SF_JUMP)
			return "has a jump inside a macro";
		if (e->ex & EX_THROW)
			return "may throw";
		if ((e->ex & EX_EXIT) && c->exitruns)
			return c->exitruns;
	}
	return NULL;
}

/* Does a #pragma line or a word (a macro of _Pragma(...)) stand between loop
 * lp and the statement before it in its block? It applies to the loop, and
 * a copy put before the loop would come between them. */
static bool
pragmaed(const C *c, const Loop *lp)
{
	if (lp->list < 0)
		return true;
	const List *l = &c->f->lists.v[lp->list];
	int a = l->begin + 1;
	for (int v = lp->pos > 0 ? l->first.v[lp->pos - 1] : 0; lp->pos > 0 && v <= l->last.v[lp->pos - 1]; v++)
		if (c->f->st.v[v].end > a)
			a = c->f->st.v[v].end;
	if (gapword(c->u, a, lp->begin))
		return true;
	for (int i = 0; i < c->u->directives.n; i++) {
		int d = c->u->directives.v[i], n;
		const char *w = d >= a && d < lp->begin ? directiveword(c->u, d, &n) : NULL;
		if (w && n == 6 && !strncmp(w, "pragma", 6))
			return true;
	}
	return false;
}

/* Does copy x's text name what may mean another thing outside the loop: a
 * local of the same name declared inside it (int v; ... sizeof(v)), or a
 * type or enumerator where the function declares types of its own? */
static char *
loopscope(const C *c, const Loop *lp, const Copy *x, int *ln)
{
	if (x->via)
		return NULL; /* a callee's copy: promotion checks its names (othernames) */
	const Stmt *st = &c->f->st.v[x->node];
	*ln = st->line;
	if ((st->flags & (SF_TYPENAME | SF_LOCALTYPE)) && (c->f->flags & FNF_LOCALTYPES))
		return xstrdup("names a type or enumerator where its function declares types of its own: outside the loop "
		               "the name may mean another");
	int from = line(c, lp->begin);
	for (int at = st->begin, t; (t = nexttoken(c->u->src, &at, st->end)) >= 0;)
		for (int y = 0; y < c->u->syms.n; y++) {
			const Sym *z = &c->u->syms.v[y];
			if (z->kind == SYM_LOCAL && z->owner == c->f->sym && z->line > from && z->line <= st->line &&
			    (int)strlen(z->name) == at - t && !strncmp(c->u->src + t, z->name, at - t))
				return fmt("names %s, declared inside the loop (outside it the name means another thing, or "
				           "nothing)", z->name);
		}
	return NULL;
}

/* Why copy x (with y, its round trip's other half, or NULL) may not move
 * out of the loop, whatever the loop does, or NULL. */
static char *
loopshape(const C *c, const Loop *lp, const Copy *x, const Copy *y, int *ln)
{
	*ln = c->f->st.v[lp->head].line;
	if (c->f->st.v[lp->head].flags & SF_MACRO)
		return xstrdup("starts a loop written through a macro");
	if (!c->f->st.v[lp->head].once && !c->f->st.v[lp->head].first)
		return xstrdup("starts a loop that may run zero times and whose first test cuflow cannot repeat outside it");
	char *why = directivein(c->u, lp->begin, lp->end) >= 0 ? loopconfig(c, lp, x, y, ln) : NULL;
	if (why)
		return why;
	if ((why = loopscope(c, lp, x, ln)))
		return why;
	if (pragmaed(c, lp)) {
		*ln = c->f->st.v[lp->head].line;
		return xstrdup("starts a loop a pragma or a macro stands before (#pragma omp parallel for, a _Pragma macro): "
		               "a copy put before the loop would come between them");
	}
	int m = condmacro(c->u, lp->begin, lp->end);
	if (m >= 0) {
		*ln = line(c, m);
		return xstrdup("uses a macro that the file defines under an #if: another configuration may expand it to "
		               "other code");
	}
	const char *j = jumpsin(c, lp, ln);
	return j ? xstrdup(j) : NULL;
}

/* Why nothing may move out of the loop because of what its statements do
 * beyond the memory they name, or NULL. */
static char *
loopcalls(const C *c, const Loop *lp, int *ln)
{
	for (int v = lp->first; v <= lp->last; v++) {
		const Eff *e = &c->pf->st[v];
		*ln = e->unkline ? e->unkline : c->f->st.v[v].line;
		if (e->ex & (EX_UNKNOWN | EX_UNSAFE))
			return fmt("calls %s, which cuflow cannot see into", e->unk ? e->unk : "code");
		*ln = c->f->st.v[v].line;
		if (e->ex & EX_CONFIG)
			return fmt("calls %s, whose body has, or whose definition lies in, #if/#ifdef", e->cfg ? e->cfg : "a function");
		if (e->ex & EX_STREAMOP)
			return fmt("enqueues work on another stream (%s), which the copy orders", e->what ? e->what : "?");
		if (e->ex & EX_VOLATILE)
			return xstrdup("accesses volatile memory");
		if (e->ex & EX_MANAGED)
			return xstrdup("accesses managed memory or memory cuflow cannot follow");
	}
	return NULL;
}

/* Node v touches location l as what says ("writes %s, which the copy
 * reads"); through a call cuflow cannot see into, that call is the reason. */
static char *
touchmsg(const C *c, int v, int l, const char *what, int *ln)
{
	const Eff *e = &c->pf->st[v];
	*ln = c->f->st.v[v].line;
	if (l == LOC_UNKNOWN && (e->ex & (EX_UNKNOWN | EX_UNSAFE))) {
		*ln = e->unkline ? e->unkline : *ln;
		return fmt("calls %s, which cuflow cannot see into", e->unk ? e->unk : "code");
	}
	return fmt(what, locdesc(c, l));
}

/* What the call a callee's copy x (and y, or NULL) stands at does besides
 * them: its arguments read, every other statement of the callee. */
static void
effbut(const C *c, const Copy *x, const Copy *y, Eff *e)
{
	const Promo *pr = x->via;
	effnew(e, c->p->locs.n);
	bor(&e->rd, &pr->argl);
	for (int v = 0; v < pr->g->f->st.n; v++)
		if (v != x->hnode && (!y || v != y->hnode))
			effor(e, &pr->g->st[v]);
}

/* The first node of [a, b] but the copies x and y (or NULL) whose effects
 * meet s: host or device writes (w) or reads (r); its location in *l. A
 * callee's copy stands at its call, which does the rest of the callee. */
static int
touches2(const C *c, int a, int b, const Copy *x, const Copy *y, const Bits *s, bool r, bool w, int *l)
{
	Eff rest;
	if (x->via)
		effbut(c, x, y, &rest);
	int found = -1;
	for (int v = a; v <= b && found < 0; v++) {
		const Eff *e = x->via && v == x->node ? &rest : &c->pf->st[v];
		if ((!x->via && v == x->node) || (y && !y->via && v == y->node) || c->cut[v]) /* a removed copy changed no bytes */
			continue;
		if ((w && ((*l = conflictloc(c->p, s, &e->wr)) >= 0 || (*l = conflictloc(c->p, s, &e->pwr)) >= 0)) ||
		    (r && ((*l = conflictloc(c->p, s, &e->rd)) >= 0 || (*l = conflictloc(c->p, s, &e->prd)) >= 0)))
			found = v;
	}
	if (x->via)
		efffree(&rest);
	return found;
}

static int
touches(const C *c, int a, int b, const Copy *x, const Bits *s, bool r, bool w, int *l)
{
	return touches2(c, a, b, x, NULL, s, r, w, l);
}

/* The last node of the loop's head (a for's init, the condition, a do's
 * top): what runs before the body and, but for the init, again after it. */
static int
headend(const C *c, const Loop *lp)
{
	const List *l = &c->f->lists.v[lp->body];
	return l->first.n ? l->first.v[0] - 1 : lp->last;
}

/* Does node v run in every iteration that completes: does it dominate
 * every back edge's source? (With no jump in the loop, every iteration
 * completes.) */
static bool
everyiter(const C *c, const Loop *lp, int v)
{
	const Ints *pr = &c->pf->pred[lp->head];
	for (int i = 0; i < pr->n; i++)
		if (dominates(&c->pf->dom, lp->head, pr->v[i]) &&
		    !dominates(&c->pf->dom, v, pr->v[i]))
			return false;
	return true;
}

/* A loop that may run zero times: the copy placed after it repeats its
 * first test, so what that test reads (but the loop variable) must not
 * change in the loop. Why it may, or NULL. */
static char *
guardbar(C *c, const Loop *lp, const Copy *x, const Copy *y, int *ln)
{
	if (c->f->st.v[lp->head].once)
		return NULL;
	Bits s = bnew(c->p->locs.n);
	bor(&s, &c->pf->st[lp->head].rd);
	if (lp->first != lp->head) { /* the init: the variable it sets is the loop's own */
		for (int l = bnext(&c->pf->st[lp->first].wr, 0); l >= 0; l = bnext(&c->pf->st[lp->first].wr, l + 1))
			bclr(&s, l);
		bor(&s, &c->pf->st[lp->first].rd);
	}
	int l, v = touches2(c, lp->first + 1, lp->last, x, y, &s, false, true, &l);
	bfree(&s);
	return v >= 0 ? touchmsg(c, v, l, "writes %s, which the loop's first test reads (the copy after the loop repeats it)", ln) : NULL;
}

static char *levelmem(C *c, Copy *x, const Loop *lp, int a, int b, int *ln);

/* A statement of the loop before node a that may end the program, or -1:
 * an upload hoisted past it would run where the original did not. */
static int
exitbefore(const C *c, const Loop *lp, int a)
{
	for (int v = lp->first; v < a; v++)
		if (c->pf->st[v].ex & EX_EXIT)
			return v;
	return -1;
}

/* Why the copy cannot leave this loop from where it stands, nodes [a, b]
 * (its statement, or the inner loop it already left), or NULL: the loop's
 * shape, then the memory its statements touch, then what else they do. */
static char *
levelbar(C *c, Copy *x, const Loop *lp, int a, int b, int *ln)
{
	char *why = loopshape(c, lp, x, NULL, ln);
	if (!why && !(why = levelmem(c, x, lp, a, b, ln)))
		why = loopcalls(c, lp, ln);
	return why;
}

/* An upload that leaves the loop runs before it, and so before any wait
 * in it: work in flight at the loop's start on a stream other than the
 * default one, which a blocking copy does not wait for, must not use what
 * the copy writes nor write what it reads. Why it does, or NULL. */
static char *
entrybar(C *c, const Copy *x, const Loop *lp, int *ln)
{
	const Pend *pd = &c->pf->in[lp->first];
	Bits rd = bnew(c->p->locs.n), wr = bnew(c->p->locs.n);
	bor(&rd, &pd->srd);
	bor(&wr, &pd->swr);
	if (pd->entry) {
		bor(&rd, &c->p->alldev.srd);
		bor(&wr, &c->p->alldev.swr);
	}
	int l = conflictloc(c->p, &wr, &x->dset);
	bool w = l >= 0;
	if (l < 0 && (l = conflictloc(c->p, &rd, &x->dset)) < 0)
		l = conflictloc(c->p, &wr, &x->sset);
	char *why = l < 0 ? NULL
	                  : fmt("starts the loop while device work on another stream may still %s %s, which the copy %s "
	                        "(in the loop a wait may come first)",
	                        w || !bhas(&rd, l) ? "write" : "read", locdesc(c, l),
	                        bhas(&x->dset, l) ? "writes" : "reads");
	if (why)
		*ln = c->f->st.v[lp->first].line;
	bfree(&rd);
	bfree(&wr);
	return why;
}

/* Why the copy cannot leave this loop from nodes [a, b] for what the
 * loop's statements read and write, or NULL. */
static char *
levelmem(C *c, Copy *x, const Loop *lp, int a, int b, int *ln)
{
	int l, v;
	char *g = x->dir == DOWN ? guardbar(c, lp, x, NULL, ln) : NULL;
	if (g)
		return g;
	if (x->dir == UP) {
		if ((v = exitbefore(c, lp, a)) >= 0) {
			*ln = c->f->st.v[v].line;
			return xstrdup("may end the program before the copy runs");
		}
		if ((g = entrybar(c, x, lp, ln)))
			return g;
		if ((v = touches(c, lp->first, lp->last, x, &x->args, false, true, &l)) >= 0 ||
		    (v = touches(c, lp->first, lp->last, x, &x->sset, false, true, &l)) >= 0) {
			return touchmsg(c, v, l, "writes %s, which the copy reads", ln);
		}
		if ((v = touches(c, lp->first, lp->last, x, &x->dset, false, true, &l)) >= 0) {
			return touchmsg(c, v, l, "also writes %s, which the copy writes", ln);
		}
		if ((v = touches(c, lp->first, a - 1, x, &x->dset, true, false, &l)) >= 0) {
			return touchmsg(c, v, l, "reads %s before the copy writes it", ln);
		}
		return NULL;
	}
	if ((v = touches(c, lp->first, lp->last, x, &x->args, false, true, &l)) >= 0) {
		return touchmsg(c, v, l, "writes %s, which the copy reads", ln);
	}
	if ((v = touches(c, lp->first, lp->last, x, &x->dset, true, true, &l)) >= 0) {
		return touchmsg(c, v, l, "uses %s, which the copy writes", ln);
	}
	/* after the copy: the rest of the iteration, then the head's test */
	if ((v = touches(c, b + 1, lp->last, x, &x->sset, false, true, &l)) >= 0 ||
	    (v = touches(c, lp->first, headend(c, lp), x, &x->sset, false, true, &l)) >= 0) {
		return touchmsg(c, v, l, "writes %s after the copy reads it", ln);
	}
	return NULL;
}

/* ---------------------------------------------------------------- waits */

/* Without the copy's wait, the statements after its old place run beside
 * the work it waited for, up to the next full sync: a download's new place
 * after the loop is one (and so is a round trip's). Why they may not, or
 * NULL. After a callee's upload the rest of the callee runs too; what may
 * be in flight at its place there covers every call (at a callee's entry,
 * anything the program launches may be). */
static char *
waitbar(C *c, const Copy *x, const Loop *lp, int *ln)
{
	const Loop *out = x->dir == DOWN || x->partner >= 0 ? lp : NULL;
	if (!x->via)
		return waitafter(c, x->node, &c->pf->in[x->node], out, ln);
	const Pend *pd = &x->via->g->in[x->hnode];
	char *why = NULL;
	if (x->dir == UP) {
		Bits rd = bnew(c->p->locs.n), wr = bnew(c->p->locs.n);
		pendwork(c->p, pd, &rd, &wr);
		if ((why = overlapbar(c, &x->via->bare, &rd, &wr, pd->ex & EX_KIO)))
			*ln = homest(c, x)->line;
		bfree(&rd);
		bfree(&wr);
	}
	return why ? why : waitafter(c, x->node, pd, out, ln);
}

/* ---------------------------------------------------------------- decide */

/* The loops the copy leaves, innermost first, each passing levelbar; the
 * first one's bar is what keeps it. */
static void
levels(C *c, Copy *x)
{
	int a = x->node, b = x->node; /* where the copy stands: its statement, then each loop it left */
	for (int h = c->pf->loop[a]; h >= 0;) {
		Loop lp;
		int ln = c->f->st.v[h].line;
		char *why = NULL;
		if (!fillloop(c, h, &lp))
			why = xstrdup("starts a loop that is not a braced statement of a block");
		else if (!everyiter(c, &lp, a)) {
			why = xstrdup("the copy runs under a condition inside the loop");
			ln = 0;
		} else
			why = levelbar(c, x, &lp, a, b, &ln);
		if (why) {
			if (!x->loops.n) {
				x->why = why;
				x->whyline = ln;
			} else
				free(why);
			return;
		}
		vpush(x->loops, h);
		if (!c->f->st.v[h].once && !MUTANT(c->p->opts, 4)) { /* one guard, the outermost loop's */
			x->guard = c->f->st.v[h].first;
			return;
		}
		a = lp.first;
		b = lp.last;
		h = outerloop(c, h);
	}
}

/* ---------------------------------------------------------------- round trips */

/* Does download d copy back exactly the bytes upload u copied? (Their
 * variables must not change in the loop: pairbar.) */
static bool
roundtrip(const C *c, const Copy *u, const Copy *d)
{
	return u->via == d->via && u->dir == UP && d->dir == DOWN && sametext(c, u, d, true);
}

/* An upload u at body item a and the download d of the same bytes at item
 * b > a: after d the host and device copies are equal, so every later u is
 * redundant (it leaves for the preheader) and only the last d is read (it
 * leaves for the exit), when nothing but the pair touches the host copy,
 * nothing after d (to u, around the loop) writes the device copy, and
 * nothing before u reads it. Why not, or NULL. */
static char *pairmem(C *c, const Copy *u, const Copy *d, const Loop *lp, int a, int b, int *ln);

static char *
pairbar(C *c, const Copy *u, const Copy *d, const Loop *lp, int a, int b, int *ln)
{
	char *why = loopshape(c, lp, u, d, ln);
	if (why || (why = pairmem(c, u, d, lp, a, b, ln)))
		return why;
	return loopcalls(c, lp, ln);
}

static char *
pairmem(C *c, const Copy *u, const Copy *d, const Loop *lp, int a, int b, int *ln)
{
	char *g = guardbar(c, lp, u, d, ln);
	if (g)
		return g;
	int l, v;
	if ((v = exitbefore(c, lp, a)) >= 0) {
		*ln = c->f->st.v[v].line;
		return xstrdup("may end the program before the upload runs");
	}
	if ((g = entrybar(c, u, lp, ln)))
		return g;
	if ((v = touches2(c, lp->first, lp->last, u, d, &u->args, false, true, &l)) >= 0 ||
	    (v = touches2(c, lp->first, lp->last, u, d, &d->args, false, true, &l)) >= 0) {
		return touchmsg(c, v, l, "writes %s, which the copies read", ln);
	}
	if ((v = touches2(c, lp->first, lp->last, u, d, &u->sset, true, true, &l)) >= 0) {
		return touchmsg(c, v, l, "uses %s, which the copies read and write", ln);
	}
	if ((v = touches2(c, b + 1, lp->last, u, d, &u->dset, false, true, &l)) >= 0 ||
	    (v = touches2(c, lp->first, a - 1, u, d, &u->dset, false, true, &l)) >= 0) {
		return touchmsg(c, v, l, "writes %s between the download and the next upload", ln);
	}
	if ((v = touches2(c, lp->first, a - 1, u, d, &u->dset, true, false, &l)) >= 0) {
		return touchmsg(c, v, l, "reads %s before the upload writes it", ln);
	}
	return NULL;
}

/* The loops a round trip leaves together, innermost first. */
static void
pairlevels(C *c, Copy *u, Copy *d)
{
	int a = u->node, b = d->node; /* the upload's first node, the download's last */
	for (int h = c->pf->loop[a]; h >= 0;) {
		Loop lp;
		int ln = 0;
		if (!fillloop(c, h, &lp) || !everyiter(c, &lp, a) || !everyiter(c, &lp, b))
			return;
		char *why = pairbar(c, u, d, &lp, a, b, &ln);
		free(why);
		if (why)
			return;
		vpush(u->loops, h);
		vpush(d->loops, h);
		if (!c->f->st.v[h].once) {
			u->guard = d->guard = c->f->st.v[h].first;
			return;
		}
		a = lp.first;
		b = lp.last;
		h = outerloop(c, h);
	}
}

/* Round trips first; every other copy on its own. */
static void
decide(C *c)
{
	for (int i = 0; i < c->cp.n; i++)
		for (int j = 0; j < c->cp.n && !c->cp.v[i].why && !c->cp.v[i].loops.n; j++) {
			Copy *u = &c->cp.v[i], *d = &c->cp.v[j];
			if (u->removed || d->removed || c->pf->loop[u->node] < 0 || d->why || d->loops.n ||
			    c->pf->loop[u->node] != c->pf->loop[d->node] ||
			    (u->via ? d->hnode <= u->hnode : d->node <= u->node) || !roundtrip(c, u, d))
				continue;
			pairlevels(c, u, d);
			if (u->loops.n) {
				u->partner = j;
				d->partner = i;
			}
		}
	for (int i = 0; i < c->cp.n; i++) {
		Copy *x = &c->cp.v[i];
		if (x->removed || c->pf->loop[x->node] < 0)
			continue;
		if (!x->why && !x->loops.n)
			levels(c, x);
		c->gone[x->node] = x->loops.n > 0 && !x->via; /* a call that loses its callee's copies stays */
	}
}

/* Each copy that would leave a loop keeps the waits it must: the outermost
 * loop it leaves must pass waitbar with every moved copy gone; fewer loops
 * otherwise, down to none. Repeated until no decision changes. */
static void
settle(C *c)
{
	for (bool again = true; again;) {
		again = false;
		for (int i = 0; i < c->cp.n; i++) {
			Copy *x = &c->cp.v[i];
			int ln = 0;
			char *why = x->removed == CP_REMOVE ? waitafter(c, x->node, &c->pf->in[x->node], NULL, &ln) : NULL;
			if (why) { /* a copy that moved away no longer waits after it: this one's wait stays */
				char *r = fmt("%s; the copy also waited for device work, and line %d %s", x->rwhy, ln, why);
				free(x->rwhy);
				free(why);
				x->rwhy = r;
				x->removed = CP_RESYNC;
				c->gone[x->node] = false;
				again = true;
			}
			while (x->loops.n) {
				Loop lp;
				int ln = 0;
				fillloop(c, x->loops.v[x->loops.n - 1], &lp);
				char *why = waitbar(c, x, &lp, &ln);
				if (!why)
					break;
				again = true;
				int keep = x->loops.n - 1;
				Copy *both[2] = {x, x->partner >= 0 ? &c->cp.v[x->partner] : NULL};
				for (int k = 0; k < 2 && both[k]; k++) { /* a round trip moves together or not at all */
					Copy *y = both[k];
					y->loops.n = keep;
					y->guard = NULL; /* only the outermost loop may have had one */
					if (!keep) {
						y->why = xstrdup(why);
						y->whyline = ln;
						c->gone[y->node] = false;
					}
				}
				free(why);
			}
		}
	}
}

/* why, and what becomes of the copy's error check, if it has one. */
static char *
checknote(const C *c, const Copy *x, char *why, const char *fate)
{
	if (x->check < 0 && !x->onfail)
		return why;
	char *t = x->check >= 0 ? fmt("%s; its error check %s() %s (the check only reads the result when the copy "
	                              "succeeds)", why, c->f->calls.v[x->check].name, fate)
	                        : fmt("%s; the macro's test of its result %s (what it does on failure is left out)", why,
	                              fate);
	free(why);
	return t;
}

/* The line of a statement that may end the program in the outermost loop
 * the copy leaves, or 0; not a copy's error check, whose failure path the
 * pass leaves out (see quiet). */
static int
exitin(const C *c, const Copy *x)
{
	Loop lp;
	if (!x->loops.n || !fillloop(c, x->loops.v[x->loops.n - 1], &lp))
		return 0;
	for (int v = lp.first; v <= lp.last; v++) {
		bool check = false;
		for (int i = 0; i < c->cp.n && !check; i++)
			check = c->cp.v[i].node == v && (c->cp.v[i].check >= 0 || c->cp.v[i].onfail);
		if ((c->pf->st[v].ex & EX_EXIT) && !check)
			return c->f->st.v[v].line;
	}
	return 0;
}

static char *
safefacts(const C *c, const Copy *x)
{
	char *d = argtext(c, x, x->dst), *s = argtext(c, x, x->src), *t;
	const char *once = x->guard ? "the loop's first test, repeated, tells whether it ran" : "the loop runs at least once";
	if (x->partner >= 0) {
		const Copy *o = &c->cp.v[x->partner];
		const char *h = x->dir == UP ? s : d, *dev = x->dir == UP ? d : s;
		t = fmt("with the %s at line %d it is a round trip of the same bytes, so %s: nothing else in the loop uses "
		        "%s, nothing writes %s between the download and the next upload or reads it before the upload, and "
		        "%s",
		        o->dir == UP ? "upload" : "download", homest(c, o)->line,
		        x->dir == UP ? "each upload after the first copies what the device already holds"
		                     : "only the last download is read",
		        h, dev, once);
	} else if (x->dir == UP)
		t = fmt("each iteration uploads the same bytes: nothing in the loop writes %s or the copy's arguments, "
		        "nothing else in it writes %s or reads it before the copy, and %s",
		        s, d, once);
	else
		t = fmt("only the last download is read: nothing else in the loop uses %s, nothing after the copy in it "
		        "writes %s or the copy's arguments, and %s",
		        d, s, once);
	free(d);
	free(s);
	Loop out;
	char *cf = fillloop(c, x->loops.v[x->loops.n - 1], &out) ? configfacts(c, &out, x) : NULL;
	if (cf) {
		char *r = fmt("%s; %s", t, cf);
		free(t);
		free(cf);
		t = r;
	}
	int ex = exitin(c, x);
	if (ex > 0) {
		char *r = fmt("%s; line %d may end the program, after which nothing of it reads host memory (no atexit "
		              "handler, no destructor of its own) and no kernel prints",
		              t, ex);
		free(t);
		t = r;
	}
	if (x->via) { /* it left its function first */
		const Promo *pr = x->via;
		const char *g = pr->g->u->syms.v[pr->g->f->sym].name;
		char *r = fmt("%s() (line %d) has one call, at line %d in %s(), and does nothing %s this copy but other copies "
		              "nor changes its arguments: the copy leaves %s() for that call; %s",
		              g, pr->g->f->line, c->f->st.v[pr->site].line, c->fname, x->dir == UP ? "before" : "after", g, t);
		free(t);
		t = r;
	}
	return checknote(c, x, t, "moves with it");
}

static Change
record(const C *c, const Copy *x, int kind)
{
	const Stmt *st = homest(c, x);
	const char *fn = x->via ? x->via->g->u->syms.v[x->via->g->f->sym].name : c->fname;
	Change ch = stmtchange(PASS_COPIES, kind, c->u, fn, st, homecall(c, x)->name);
	vpush(ch.members, st->line);
	return ch;
}

/* Does another copy leave x's loop with it, the same way and under the
 * same test, so that one block can hold them? Only where whole lines go
 * in: at the start of the loop's line (hoists) or after its last line. */
static bool
sharedguard(C *c, const Copy *x)
{
	if (x->removed || !x->loops.n || !x->guard || c->pf->loop[x->node] < 0)
		return false;
	int out = x->loops.v[x->loops.n - 1];
	Loop lp;
	fillloop(c, out, &lp);
	if (x->dir == UP ? !blankbefore(c->u, lp.begin) : stmtlineend(c->u, lp.end) < 0)
		return false;
	for (int i = 0; i < c->cp.n; i++) {
		const Copy *y = &c->cp.v[i];
		if (y != x && !y->removed && y->loops.n && y->loops.v[y->loops.n - 1] == out && y->dir == x->dir &&
		    y->guard && !strcmp(y->guard, x->guard) && c->pf->loop[y->node] >= 0)
			return true;
	}
	return false;
}

/* Where a moved copy's own insert goes among the others at its place: its
 * statement's order; a callee's copies keep their order there. */
static int
orderkey(const Copy *x)
{
	int sub = 0;
	for (int i = 0; x->via && i < x->via->nodes.n; i++)
		sub += x->via->nodes.v[i] < x->hnode;
	return x->node * 16 + (sub & 15);
}

/* The text copy x takes where it goes, appended to text: its statement cut
 * out of the loop (the deletion into e; NULL: none) and indented as the
 * loop is (one step further under the loop's test, in), inside the #if
 * groups it leaves, as a callee's copy with the call's arguments. */
static void
movedtext(C *c, const Copy *x, const Loop *out, const char *indent, bool in, Buf *text, Edits *e)
{
	const Stmt *st = homest(c, x);
	char *own = indentof(c->u->src, c->u->len, st->begin);
	size_t il = strlen(indent);
	char *to = in ? fmt("%s%s", indent, strlen(own) > il && !strncmp(own, indent, il) ? own + il : "    ")
	              : xstrdup(indent);
	Buf t = {0};
	Edits none = {0};
	cutstmt(c->u, st->begin, st->end, to, &t, e ? e : &none);
	freeedits(&none);
	if (!x->via) /* the #if groups it leaves (a callee's copy leaves none: see loopconfig) */
		condwrap(c->u, out->begin, st->begin, &t);
	char *sub = x->via ? substitute(x->via, bstr(&t)) : NULL; /* as the call's arguments read */
	bputs(text, sub ? sub : bstr(&t));
	free(sub);
	free(t.v);
	free(own);
	free(to);
}

static void
emit(C *c, Copy *x, Plan *plan)
{
	if (!x->loops.n) {
		Change ch = record(c, x, CH_KEEP);
		ch.stop = x->why ? x->why : xstrdup("?");
		if (x->via) { /* where it would go */
			ch.stop = fmt("%s (%s() is called in a loop of %s(), at line %d)", x->why ? x->why : "?",
			              x->via->g->u->syms.v[x->via->g->f->sym].name, c->fname, c->f->st.v[x->node].line);
			free(x->why);
		}
		ch.stopline = x->whyline;
		x->why = NULL;
		vpush(*plan, ch);
		return;
	}
	Loop out;
	fillloop(c, x->loops.v[x->loops.n - 1], &out);
	Change ch = record(c, x, CH_MOVE);
	ch.how = x->dir == UP ? CP_HOIST : CP_SINK;
	ch.safe = safefacts(c, x);
	int na = homecall(c, x)->nargs; /* count is argument 2 of cudaMemcpy and the symbol copies */
	ch.bytes = na == 4 || na == 5 ? argtext(c, x, 2) : xstrdup("as in the call");
	vfree(ch.members); /* the lines of the loops it leaves, innermost first */
	for (int k = 0; k < x->loops.n; k++)
		vpush(ch.members, c->f->st.v[x->loops.v[k]].line);
	char *indent = indentof(c->u->src, c->u->len, out.begin);
	Buf text = {0};
	int at = x->dir == UP ? out.begin : out.end, base = x->dir == UP ? 1 << 28 : 1 << 24;
	ch.guard = x->guard ? xstrdup(x->guard) : NULL;
	if (x->block) { /* the copies that leave the loop together, in one block under its test, which each makes */
		bprintf(&text, "%sif (%s) {\n", indent, x->guard);
		Ints group = {0};
		for (int i = 0; i < c->cp.n; i++) {
			const Copy *y = &c->cp.v[i];
			if (y->block && y->dir == x->dir && y->loops.v[y->loops.n - 1] == x->loops.v[x->loops.n - 1] &&
			    !strcmp(y->guard, x->guard))
				vpush(group, i);
		}
		for (int i = 1; i < group.n; i++) /* in the order their own inserts would take */
			for (int k = i; k > 0 && orderkey(&c->cp.v[group.v[k]]) < orderkey(&c->cp.v[group.v[k - 1]]); k--) {
				int t = group.v[k];
				group.v[k] = group.v[k - 1];
				group.v[k - 1] = t;
			}
		for (int i = 0; i < group.n; i++) {
			const Copy *y = &c->cp.v[group.v[i]];
			movedtext(c, y, &out, indent, true, &text, y == x ? &ch.edits : NULL);
		}
		bprintf(&text, "%s}\n", indent);
		insertlines(c->u, at, x->dir == UP, bstr(&text), base, &ch.edits);
		ch.edits.v[ch.edits.n - 1].shared = true;
		vfree(group);
	} else {
		Buf moved = {0};
		movedtext(c, x, &out, indent, x->guard != NULL, &moved, &ch.edits);
		/* inside the #if groups it leaves, the test takes braces: without them it
		 * would guard the next statement where a configuration leaves the copy out */
		const char *m = bstr(&moved);
		bool directive = false;
		for (const char *l = m; l && *l && !directive; l = strchr(l, '\n'), l = l ? l + 1 : NULL)
			directive = l[strspn(l, " \t")] == '#';
		if (x->guard)
			bprintf(&text, "%sif (%s)%s\n", indent, x->guard, directive ? " {" : "");
		bputs(&text, m);
		if (x->guard && directive)
			bprintf(&text, "%s}\n", indent);
		free(moved.v);
		insertlines(c->u, at, x->dir == UP, bstr(&text), base + orderkey(x), &ch.edits);
	}
	free(text.v);
	ch.target = line(c, ch.edits.v[ch.edits.n - 1].off);
	free(indent);
	vpush(*plan, ch);
}

/* A copy that goes, or becomes the sync it also was. */
static void
emitremove(C *c, Copy *x, Plan *plan)
{
	const Stmt *st = &c->f->st.v[x->node];
	Change ch = record(c, x, CH_MOVE);
	vfree(ch.members);
	ch.how = x->removed;
	ch.safe = checknote(c, x, x->rwhy, "goes with it");
	x->rwhy = NULL;
	ch.bytes = argtext(c, x, 2);
	if (x->removed == CP_RESYNC)
		addedit(&ch.edits, st->begin, st->end - st->begin, xstrdup("cudaStreamSynchronize(0);"));
	else {
		Buf gone = {0};
		cutstmt(c->u, st->begin, st->end, "", &gone, &ch.edits);
		free(gone.v);
	}
	ch.target = st->line;
	vpush(*plan, ch);
}

/* What may observe the program after exit(), or NULL. With NULL, a
 * loop that may call exit ends the program with nothing reading its host
 * memory and no output of device work lost: copies may leave it. Handlers
 * (atexit and its kin) and destructors of the program's own classes may
 * read host memory at exit; a printing kernel in flight may lose its output. */
static const char *
exitquiet(const Prog *p)
{
	const char *dtor = "may end the program, and destructors of the program's own classes may run after it";
	if (p->alldev.ex & EX_KIO)
		return "may end the program while a kernel that prints may still run";
	if (p->dtors)
		return dtor;
	for (int f = 0; f < p->fns.n; f++) {
		const PFunc *pf = &p->fns.v[f];
		for (int k = 0; k < pf->f->calls.n; k++) {
			const Rule *r = pf->f->calls.v[k].name ? rules_find(p->rules, pf->f->calls.v[k].name) : NULL;
			if (r && (r->flags & RF_ATEXIT))
				return "may end the program, and the program registers code that runs after it (atexit)";
		}
	}
	return NULL;
}

/* A copy statement with an error check of its result stands, while the
 * pass runs, for what it does when the copy succeeds: the check's failure
 * path (print, exit) leaves its effects. Returns the effects it replaced. */
static Eff *
quiet(C *c)
{
	Eff *saved = xcalloc(c->f->st.n, sizeof *saved);
	c->quiet = xcalloc(c->f->st.n, sizeof *c->quiet);
	for (int i = 0; i < c->cp.n; i++) {
		const Copy *x = &c->cp.v[i];
		int v = x->node;
		if ((x->check < 0 && !x->onfail) || c->quiet[v])
			continue;
		c->quiet[v] = true;
		saved[v] = c->pf->st[v];
		bool *skip = xcalloc(c->f->calls.n, sizeof *skip);
		for (int o = 0; o < c->f->calls.n; o++)
			skip[o] = o == x->check || c->f->calls.v[o].onfail == x->call;
		effnew(&c->pf->st[v], c->p->locs.n);
		stmteffbut(c->p, c->pf, v, skip, &c->pf->st[v]);
		free(skip);
	}
	return saved;
}

static void
loud(C *c, Eff *saved)
{
	for (int v = 0; v < c->f->st.n; v++)
		if (c->quiet[v]) {
			efffree(&c->pf->st[v]);
			c->pf->st[v] = saved[v];
		}
	free(saved);
	free(c->quiet);
	c->quiet = NULL;
}

static void
copyfn(Prog *p, PFunc *pf, Plan *plan, bool streams, const char *exitruns, Promos *pr, const Bits *held)
{
	C c = {0};
	c.held = held;
	c.pr = pr;
	c.streams = streams;
	c.exitruns = exitruns;
	c.p = p;
	c.pf = pf;
	c.f = pf->f;
	c.u = pf->u;
	c.fname = pf->u->syms.v[pf->f->sym].name;
	c.gone = xcalloc(c.f->st.n, sizeof *c.gone);
	c.cut = xcalloc(c.f->st.n, sizeof *c.cut);
	const char *no = pf->f->why ? pf->f->why : (pf->f->flags & FNF_TRY) ? "the function catches exceptions" : NULL;
	char *unseen = NULL;
	for (int v = 2; v < c.f->st.n && !no && !unseen; v++) /* it may start a thread that runs on beside any copy */
		if (pf->st[v].ex & (EX_UNKNOWN | EX_UNSAFE))
			no = unseen = fmt("the function calls %s (line %d), code cuflow cannot see into, which may keep running beside "
			                  "the copies",
			                  pf->st[v].unk ? pf->st[v].unk : "code", pf->st[v].unkline ? pf->st[v].unkline : c.f->st.v[v].line);
	for (int v = 2; v < c.f->st.n; v++) {
		Copy x;
		if (!promoted(pr, pf, v) && fillcopy(&c, v, &x))
			vpush(c.cp, x);
	}
	Eff *saved = quiet(&c); /* before the text tests: what a check writes on failure is left out too */
	for (int i = 0; i < c.cp.n; i++)
		if (no)
			c.cp.v[i].why = xstrdup(no);
		else
			textok(&c, &c.cp.v[i]);
	addpromoted(&c, no);
	if (!no)
		redundant(&c);
	decide(&c);
	settle(&c);
	allornone(&c);
	loud(&c, saved);
	for (int i = 0; i < c.cp.n; i++)
		c.cp.v[i].block = sharedguard(&c, &c.cp.v[i]);
	for (int i = 0; i < c.cp.n; i++) {
		Copy *x = &c.cp.v[i];
		if (x->removed)
			emitremove(&c, x, plan);
		else if (pf->loop[x->node] >= 0)
			emit(&c, x, plan);
	}
	for (int i = 0; i < c.cp.n; i++) { /* after every emit: a block reads the loops of its copies */
		Copy *x = &c.cp.v[i];
		free(x->why);
		free(x->rwhy);
		bfree(&x->dset);
		bfree(&x->sset);
		bfree(&x->args);
		vfree(x->loops);
	}
	vfree(c.cp);
	free(c.gone);
	free(c.cut);
	free(c.bare);
	free(unseen);
}

/* The callers first: they decide which callee copies leave. */
void
copymotion(Prog *p, Plan *plan)
{
	bool streams = p->streams;
	const char *exitruns = exitquiet(p);
	Promos pr = {0};
	Bits held = bnew(p->locs.n);
	for (int l = 0; l < p->locs.n; l++)
		bor(&held, &p->pts[l]);
	for (int f = 0; f < p->fns.n; f++) {
		Promo x;
		if (fillpromo(p, &p->fns.v[f], &x))
			vpush(pr, x);
		else
			freepromo(&x);
	}
	for (int i = 0; i < pr.n; i++) /* one level: a caller that is itself a callee keeps its callee's copies */
		for (int j = 0; j < pr.n; j++)
			if (pr.v[i].caller == pr.v[j].g->id) {
				freepromo(&pr.v[i]);
				pr.v[i--] = pr.v[--pr.n];
				break;
			}
	for (int round = 0; round < 2; round++)
		for (int f = 0; f < p->fns.n; f++) {
			PFunc *pf = &p->fns.v[f];
			bool caller = false;
			for (int i = 0; i < pr.n; i++)
				caller |= pr.v[i].caller == f;
			if (pf->f->kind == FN_HOST && pf->f->inmain && pf->succ && caller == !round)
				copyfn(p, pf, plan, streams, exitruns, &pr, &held);
		}
	for (int i = 0; i < pr.n; i++)
		freepromo(&pr.v[i]);
	vfree(pr);
	bfree(&held);
}
