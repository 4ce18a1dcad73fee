/* copy.c: the copies pass's model of one copy (doc/copies.md): a blocking
 * copy with a literal direction read from its statement (fillcopy), whether
 * its text may move (textok), the loops it lies in (fillloop, outerloop),
 * and the wait it leaves behind when it moves or goes (waitafter); and the
 * text of a callee's copy spelled at its call (substitute). Below
 * redundant.c, promote.c and copies.c, which use it; it uses only config.c
 * (copies.h gives the order). */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "analysis/analysis.h"
#include "pass/copies.h"

/* Is the call one that only computes a value from what it reads, by its
 * rule: a pure function, or a member that reads its object (h.data())? It
 * may stay in the statement: what it reads counts among the copy's
 * arguments, so it must not change. A `host` rule of a free function with
 * no write listed may still keep state of its own (rand, getopt): not one. */
static bool
readonly(const C *c, const Call *cl)
{
	if (cl->kind != C_DIRECT || calledfn(c->p, unitidx(c->p, c->u), cl) >= 0) /* the program's own function */
		return false;
	const Rule *r = rules_find(c->p->rules, cl->name);
	if (!r || (r->kind != RK_PURE && r->kind != RK_HOST) || (r->flags & (RF_ASYNC | RF_NORETURN)))
		return false;
	bool member = false;
	for (int i = 0; i < r->neff; i++) {
		if (r->eff[i].what != EF_READ && r->eff[i].what != EF_RETARG)
			return false;
		member |= r->eff[i].arg == ARG_THIS;
	}
	return r->kind == RK_PURE || member;
}

/* Is g (a function of the program) an error check of its parameter i: on
 * every path where that parameter is cudaSuccess, does it only read, write
 * its own locals and return? What it does on failure (print, exit) is left
 * out: the rewrite assumes the copy succeeds, as the moved syncs do. */
static bool
checksparam(const Prog *p, const PFunc *g, int i)
{
	const Func *f = g->f;
	if (f->why || f->thissym >= 0 || i >= f->params.n || !g->st)
		return false;
	int r = f->params.v[i], n = f->st.n, rl = symloc(p, unitidx(p, g->u), r);
	bool *seen = xcalloc(n, sizeof *seen), ok = true;
	Ints todo = {0};
	vpush(todo, 0);
	seen[0] = true;
	while (todo.n && ok) {
		int v = todo.v[--todo.n];
		const Stmt *st = &f->st.v[v];
		const Eff *e = &g->st[v];
		if (v > 1) {
			ok = !(st->flags & SF_JUMP) && st->kind != ST_OPAQUE && st->kind != ST_GOTO && e->ex == 0 && bempty(&e->pwr);
			for (int l = bnext(&e->wr, 0); ok && l >= 0; l = bnext(&e->wr, l + 1)) /* the status itself stays */
				ok = p->locs.v[l].kind == L_VAR && p->locs.v[l].fn == g->id && l != rl &&
				     !(p->locs.v[l].flags & (SYMF_ADDRTAKEN | SYMF_STATIC));
		}
		/* not into the failure branch: the then branch is the one made right after it */
		int fail = st->kind == ST_COND && st->failvar == r && st->succ.n == 2 && st->succ.v[0] == v + 1
		               ? (st->failelse ? 1 : 0) : -1;
		for (int k = 0; ok && k < st->succ.n; k++)
			if (k != fail && !seen[st->succ.v[k]])
				seen[st->succ.v[k]] = true, vpush(todo, st->succ.v[k]);
	}
	vfree(todo);
	free(seen);
	return ok;
}

/* Is call o of the copy statement an error check of the copy's result (an
 * argument), check(cudaMemcpy(...)) or a macro's expansion to one? */
static bool
errcheck(const C *c, const Call *o, int copy)
{
	int fid = o->kind == C_DIRECT && o->argcall == copy ? calledfn(c->p, unitidx(c->p, c->u), o) : -1;
	return fid >= 0 && fid != c->pf->id && checksparam(c->p, &c->p->fns.v[fid], o->argpos);
}

/* The copy rule of the statement's one call, with its direction literal. */
bool
fillcopy(C *c, int v, Copy *x)
{
	const Stmt *st = &c->f->st.v[v];
	if (st->kind != ST_PLAIN || !(st->flags & SF_INMAIN))
		return false;
	const Rule *r = NULL;
	int k = st->call0;
	for (; k < st->call0 + st->ncall && !r; k++) {
		const Call *cl = &c->f->calls.v[k];
		r = cl->kind == C_DIRECT ? rules_find(c->p->rules, cl->name) : NULL;
		if (r && (r->kind != RK_COPY || (r->flags & RF_ASYNC)))
			r = NULL;
	}
	if (!r)
		return false;
	const Call *cl = &c->f->calls.v[--k];
	memset(x, 0, sizeof *x);
	x->node = v;
	x->call = k;
	x->check = -1;
	for (int o = st->call0; o < st->call0 + st->ncall && !x->other; o++) {
		const Call *oc = &c->f->calls.v[o];
		if (o == k || readonly(c, oc))
			continue;
		if (oc->onfail == k) {
			x->onfail = true;
			continue;
		}
		if (x->check < 0 && errcheck(c, oc, k))
			x->check = o;
		else
			x->other = oc->name ? oc->name : "a function";
	}
	x->partner = -1;
	x->dst = x->src = -1;
	for (int i = 0; i < r->neff; i++) {
		const Effect *e = &r->eff[i];
		if (e->what == EF_SYNC && e->space == SY_COPY && e->arg < cl->nargs)
			x->dir = cl->argk[e->arg] == UP || cl->argk[e->arg] == DOWN ? (int)cl->argk[e->arg] : 0;
		else if (e->what == EF_WRITE && e->deref == AD_PTR)
			x->dst = e->arg;
		else if (e->what == EF_READ && e->deref == AD_PTR)
			x->src = e->arg;
	}
	if (!x->dir || x->dst < 0 || x->src < 0 || x->dst >= cl->nargs || x->src >= cl->nargs)
		return false;
	int nl = c->p->locs.n;
	x->dset = bnew(nl);
	x->sset = bnew(nl);
	x->args = bnew(nl);
	bor(&x->dset, addrs(c->p, c->pf, cl->argv[x->dst]));
	bor(&x->sset, addrs(c->p, c->pf, cl->argv[x->src]));
	bor(&x->args, &c->pf->st[v].rd);
	for (int l = bnext(&x->sset, 0); l >= 0; l = bnext(&x->sset, l + 1))
		bclr(&x->args, l);
	return true;
}

/* Is every location of s plain memory of the side named, known? */
static const char *
plainmem(const C *c, const Bits *s, bool device)
{
	if (bempty(s) || bhas(s, LOC_UNKNOWN))
		return "memory cuflow cannot follow";
	for (int l = bnext(s, 0); l >= 0; l = bnext(s, l + 1)) {
		int sp = c->p->locs.v[l].space;
		if (sp == SP_MANAGED)
			return "managed memory, which host and device share";
		if (sp == SP_PINNED)
			return "page-locked host memory, which kernels may map";
		if (device ? sp != SP_DEVICE && sp != SP_SYMBOL : sp != SP_HOST && sp != SP_NONE)
			return device ? "memory cuflow cannot tell is the device's" : "memory cuflow cannot tell is the host's";
	}
	return NULL;
}

/* Where the copy's call is spelled in its statement's text: its offset,
 * or, written through a macro, its one spelling there as a call (outside
 * strings and comments); -1 if none or several. */
static int
copyat(const C *c, const Copy *x)
{
	const Stmt *st = homest(c, x);
	const Call *cl = homecall(c, x);
	const char *name = strrchr(cl->name, ':') ? strrchr(cl->name, ':') + 1 : cl->name, *s = c->u->src;
	int n = (int)strlen(name), at = -1;
	if (cl->off >= st->begin && cl->off < st->end && !strncmp(s + cl->off, name, n))
		return cl->off;
	for (int j = st->begin; j + n < st->end; j++) {
		if (s[j] == '"' || s[j] == '\'') { /* a literal: to its closing quote */
			char q = s[j];
			for (j++; j < st->end && s[j] != q; j++)
				j += s[j] == '\\';
			continue;
		}
		if (s[j] == '/' && (s[j + 1] == '/' || s[j + 1] == '*')) { /* a comment: to its end */
			const char *e = s[j + 1] == '/' ? strchr(s + j, '\n') : strstr(s + j + 2, "*/");
			j = e ? (int)(e - s) + (s[j + 1] == '*') : st->end;
			continue;
		}
		if (strncmp(s + j, name, n) || (j > 0 && isident(s[j - 1])) || isident(s[j + n]))
			continue;
		int k = j + n;
		while (k < st->end && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n'))
			k++;
		if (k < st->end && s[k] == '(') {
			if (at >= 0)
				return -1;
			at = j;
		}
	}
	return at;
}

/* The text of argument i of the copy's call, trimmed; a callee's copy's
 * as it reads at its call. */
char *
argtext(const C *c, const Copy *x, int i)
{
	const Stmt *st = homest(c, x);
	int at = copyat(c, x); /* inside an error check's parentheses */
	char *t = calltext(c->u->src, at >= 0 ? at : st->begin, st->end, i, -1);
	if (!x->via)
		return t;
	char *r = substitute(x->via, t);
	free(t);
	return r;
}

/* ---------------------------------------------------------------- loops */

/* The loop statement whose header is h: the innermost block item holding
 * it, when that item is the loop itself (begins at the loop's keyword). */
bool
fillloop(const C *c, int h, Loop *lp)
{
	const Func *f = c->f;
	memset(lp, 0, sizeof *lp);
	lp->head = h;
	lp->list = lp->body = -1;
	for (int li = 0; li < f->lists.n; li++) {
		const List *l = &f->lists.v[li];
		for (int i = 0; i < l->first.n; i++)
			if (l->first.v[i] <= h && h <= l->last.v[i] && (lp->list < 0 || l->first.v[i] > lp->first)) {
				lp->list = li;
				lp->pos = i;
				lp->first = l->first.v[i];
				lp->last = l->last.v[i];
			}
	}
	if (lp->list < 0)
		return false;
	lp->begin = f->st.v[lp->first].begin;
	lp->end = lp->begin;
	for (int v = lp->first; v <= lp->last; v++) {
		if (f->st.v[v].begin < lp->begin)
			lp->begin = f->st.v[v].begin;
		if (f->st.v[v].end > lp->end)
			lp->end = f->st.v[v].end;
	}
	if (f->st.v[h].kind == ST_PLAIN) { /* a do loop: its end is the condition's; take ") ;" too */
		const char *src = c->u->src;
		int i = lp->end, n = (int)c->u->len;
		while (i < n && strchr(" \t\r\n)", src[i]))
			i++;
		if (i < n && src[i] == ';')
			lp->end = i + 1;
	}
	for (int li = 0; li < f->lists.n && lp->body < 0; li++) /* the block after the head, inside the loop */
		if (f->lists.v[li].owner == h && f->lists.v[li].begin >= lp->begin && f->lists.v[li].end <= lp->end)
			lp->body = li;
	return lp->body >= 0 && lp->begin == f->st.v[h].begin; /* not an if or a label around the loop */
}

/* ---------------------------------------------------------------- tests */

const char *
locdesc(const C *c, int l)
{
	return l == LOC_UNKNOWN ? "memory cuflow cannot see" : locname(c->p, l);
}

static bool
fullsync(const C *c, int v)
{
	const Eff *e = c->bare && c->bare[v] ? c->bare[v] : &c->pf->st[v]; /* it may lose its callee's copies */
	return !c->gone[v] && (e->ex & EX_SYNC) && (e->ex & (EX_DEVSYNC | EX_DEFSYNC));
}

/* Does call k wait for all device work itself (a blocking copy, a device
 * or default-stream sync)? */
static bool
waitsall(const C *c, const Call *k)
{
	const Rule *r = callrule(c->p, c->pf, k);
	for (int i = 0; r && i < r->neff; i++) {
		const Effect *e = &r->eff[i];
		if (e->what == EF_SYNC && e->space != SY_STREAM && e->space != SY_EVENT && hostwaits(e, k->argk, k->nargs))
			return true;
	}
	return false;
}

/* Is statement v `f(wait(...));`, the program's f given a wait's result
 * as its one argument (check(cudaMemcpy(...))), every other call inside
 * the wait's? Then the wait comes first, and f runs after it. */
static bool
waitsfirst(const C *c, int v)
{
	const Stmt *st = &c->f->st.v[v];
	const Call *f = NULL;
	for (int i = st->call0; i < st->call0 + st->ncall && !f; i++) /* the call the statement is */
		if (callalone(c->u, st, &c->f->calls.v[i], false))
			f = &c->f->calls.v[i];
	if (!f || f->nargs != 1 || f->argcall < 0)
		return false;
	const Call *w = &c->f->calls.v[f->argcall];
	if (!waitsall(c, w) || w->cond)
		return false;
	for (int j = st->call0; j < st->call0 + st->ncall; j++) {
		const Call *k = &c->f->calls.v[j];
		if (k != f && k != w && (k->off < w->off || k->end > w->end))
			return false;
	}
	return true;
}

/* Does statement v call a function of the program before it waits? Its
 * wait then comes at the callee's end, after what the callee does first (a
 * read, an asynchronous copy on a stream that does not wait for the
 * default one). */
static bool
callsown(const C *c, int v)
{
	const Stmt *st = &c->f->st.v[v];
	if (waitsfirst(c, v))
		return false;
	for (int i = st->call0; i < st->call0 + st->ncall; i++)
		if (c->f->calls.v[i].kind != C_LAUNCH && calledfn(c->p, unitidx(c->p, c->u), &c->f->calls.v[i]) >= 0)
			return true;
	return false;
}

/* Why a host statement may not run while the work in w may: NULL if it may. */
char *
overlapbar(const C *c, const Eff *e, const Bits *wr, const Bits *wrw, bool kio)
{
	int l;
	if ((l = conflictloc(c->p, wrw, &e->rd)) >= 0 || (l = conflictloc(c->p, wrw, &e->wr)) >= 0 ||
	    (l = conflictloc(c->p, wr, &e->wr)) >= 0)
		return fmt("accesses %s while device work the copy waited for may still use it", locdesc(c, l));
	if ((e->ex & EX_TIMER) && !c->p->opts->timers)
		return fmt("reads a clock (%s), which would no longer wait for the device work", e->what ? e->what : "?");
	if (kio && (e->ex & EX_IO))
		return xstrdup("prints while a kernel that may print could still run");
	if (e->ex & EX_CONFIG)
		return fmt("calls %s, whose body has, or whose definition lies in, #if/#ifdef: another configuration may use what the work uses",
		           e->cfg ? e->cfg : "a function");
	if (e->ex & (EX_UNKNOWN | EX_UNSAFE | EX_VOLATILE | EX_MANAGED | EX_STREAMOP))
		return xstrdup("does what cuflow cannot order against device work still running");
	return NULL;
}


/* Does the statement write more than the copy's destination (a p++ in an
 * argument)? Then it is no copy of the same bytes each time. */
static bool
writesmore(const C *c, const Copy *x)
{
	const Stmt *st = &c->f->st.v[x->node];
	Bits w = bnew(c->p->locs.n);
	bor(&w, &c->pf->st[x->node].wr);
	for (int l = bnext(&x->dset, 0); l >= 0; l = bnext(&x->dset, l + 1))
		bclr(&w, l);
	for (int i = 0; !(st->flags & SF_DECL) && i < st->decls.n; i++) { /* a macro's do-while: its own locals */
		int l = symloc(c->p, unitidx(c->p, c->u), st->decls.v[i]);
		if (l >= 0 && !(c->p->locs.v[l].flags & (SYMF_STATIC | SYMF_ADDRTAKEN)))
			bclr(&w, l);
	}
	bool more = !bempty(&w);
	bfree(&w);
	return more;
}

/* A copy written through a macro moves or goes as the macro's invocation:
 * when the macro expands to this one statement, and the copy is its first
 * argument (CHECK(cudaMemcpy(...))), where its arguments can be read; not
 * a macro loop or branch around it (FOR(i, n) { ... cudaMemcpy ... }),
 * which may run it never or many times. */
static bool
macrook(const C *c, const Copy *x)
{
	const Stmt *st = &c->f->st.v[x->node];
	int at = copyat(c, x), j = st->begin;
	if (at <= st->begin)
		return false;
	while (j < at && isident(c->u->src[j])) /* NAME(copy...): a check around the one call, no loop or branch */
		j++;
	while (j < at && (c->u->src[j] == ' ' || c->u->src[j] == '\t'))
		j++;
	if (j == st->begin || j >= at || c->u->src[j++] != '(')
		return false;
	while (j < at && (c->u->src[j] == ' ' || c->u->src[j] == '\t' || c->u->src[j] == '\n'))
		j++;
	if (j != at)
		return false;
	for (int v = 2; v < c->f->st.n; v++)
		if (v != x->node && c->f->st.v[v].begin < st->end && c->f->st.v[v].end > st->begin &&
		    (c->f->st.v[v].flags & SF_MACRO))
			return false; /* the expansion holds other statements too */
	return true;
}

bool
textok(C *c, Copy *x)
{
	const Stmt *st = &c->f->st.v[x->node];
	if ((st->flags & (SF_MACRO | SF_SHARED)) && (x->other || !macrook(c, x)))
		x->why = x->other ? fmt("it is written through a macro that also calls %s", x->other)
		                  : xstrdup("it is written through a macro");
	else if (x->other)
		x->why = fmt("the statement also calls %s", x->other);
	else if (directivein(c->u, st->begin, st->end) >= 0)
		x->why = xstrdup("a preprocessor directive lies inside it");
	else if (st->list < 0)
		x->why = xstrdup("it is the only statement of an if, else or loop without braces");
	else if (writesmore(c, x))
		x->why = xstrdup("the statement also writes something besides the copy's destination (its result, an argument)");
	else {
		const char *m = plainmem(c, x->dir == UP ? &x->dset : &x->sset, true);
		const char *h = plainmem(c, x->dir == UP ? &x->sset : &x->dset, false);
		if (m || h)
			x->why = fmt("its %s buffer is %s", m ? "device" : "host", m ? m : h);
	}
	return x->ok = !x->why;
}

/* Is v in the natural loop of header h: does a path from v reach a back
 * edge's source without passing h? (h dominates v is the caller's.) */
static bool
inloop(const C *c, int h, int v)
{
	int n = c->f->st.n;
	bool *seen = xcalloc(n, sizeof *seen), in = false;
	Ints todo = {0};
	vpush(todo, v);
	seen[v] = seen[h] = true;
	while (todo.n && !in) {
		int x = todo.v[--todo.n];
		for (int i = 0; i < c->pf->succ[x].n; i++) {
			int y = c->pf->succ[x].v[i];
			in |= y == h;
			if (!seen[y])
				seen[y] = true, vpush(todo, y);
		}
	}
	vfree(todo);
	free(seen);
	return in;
}

/* The loop around loop h: the nearest header dominating h whose loop holds
 * h; -1 when there is none. */
int
outerloop(const C *c, int h)
{
	for (int d = c->pf->dom.idom[h], k = 0; d > 0 && d != h && k < c->f->st.n; d = c->pf->dom.idom[d], k++)
		if (c->pf->loop[d] == d && inloop(c, d, h))
			return d;
	return -1;
}

static int
bysym(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* Do statements a and b of f name the same variables? The same text may
 * name others (a block's own size_t bytes). */
static bool
samevars(const Func *f, int a, int b)
{
	Ints x = {0}, y = {0};
	stmtsyms(f, a, a, &x);
	stmtsyms(f, b, b, &y);
	qsort(x.v, x.n, sizeof *x.v, bysym);
	qsort(y.v, y.n, sizeof *y.v, bysym);
	int n = 0, m = 0;
	for (int i = 0; i < x.n; i++)
		if (!i || x.v[i] != x.v[i - 1])
			x.v[n++] = x.v[i];
	for (int i = 0; i < y.n; i++)
		if (!i || y.v[i] != y.v[i - 1])
			y.v[m++] = y.v[i];
	bool same = n == m && (!n || !memcmp(x.v, y.v, n * sizeof *x.v));
	vfree(x);
	vfree(y);
	return same;
}

/* Do copies x and y spell the same bytes: both cudaMemcpy(dst, src, count,
 * kind), with the same count and x's destination and source the same texts
 * as y's (as y's source and destination when swap), naming the same
 * variables? */
bool
sametext(const C *c, const Copy *x, const Copy *y, bool swap)
{
	const Call *a = homecall(c, x), *b = homecall(c, y);
	if (a->nargs != 4 || b->nargs != 4 || strcmp(a->name, b->name))
		return false;
	int pairs[3][2] = {{x->dst, swap ? y->src : y->dst}, {x->src, swap ? y->dst : y->src}, {2, 2}};
	bool same = true;
	for (int i = 0; i < 3 && same; i++) {
		char *t = argtext(c, x, pairs[i][0]), *u = argtext(c, y, pairs[i][1]);
		same = !strcmp(t, u) && strcmp(t, "?");
		free(t);
		free(u);
	}
	const Func *f = homef(c, x);
	return same && (f != homef(c, y) || samevars(f, x->via ? x->hnode : x->node, y->via ? y->hnode : y->node));
}

/* Is every location of s device memory, or an object of device code? */
static bool
devonly(const C *c, const Bits *s)
{
	for (int l = bnext(s, 0); l >= 0; l = bnext(s, l + 1)) {
		const Loc *x = &c->p->locs.v[l];
		if (x->space != SP_DEVICE && x->space != SP_SYMBOL && (x->fn < 0 || c->p->fns.v[x->fn].f->kind == FN_HOST))
			return false;
	}
	return true;
}

/* Without the copy's wait, may the host statements after it, up to the
 * next full sync (or out of loop out, where a moved copy waits), run beside
 * the work in flight before it? Why not, or NULL. */
char *
waitafter(C *c, int node, const Pend *pd, const Loop *out, int *ln)
{
	int nl = c->p->locs.n;
	Bits rd = bnew(nl), wr = bnew(nl);
	pendwork(c->p, pd, &rd, &wr);
	bool kio = pd->ex & EX_KIO;
	char *why = NULL;
	if (pd->dany || pd->sany || !bempty(&rd) || !bempty(&wr)) {
		int n = c->f->st.n;
		bool *seen = xcalloc(n, sizeof *seen);
		Ints todo = {0};
		int lo = c->f->st.v[node].begin, hi = c->f->st.v[node].end; /* the text the walk covers */
		seen[node] = true;
		for (int i = 0; i < c->pf->succ[node].n; i++)
			seen[c->pf->succ[node].v[i]] = true, vpush(todo, c->pf->succ[node].v[i]);
		while (todo.n && !why) {
			int v = todo.v[--todo.n];
			if (out && (v < out->first || v > out->last))
				continue; /* the loop's exit, where the moved copy waits */
			if (fullsync(c, v)) { /* a sync; a callee's, after its own work */
				if (callsown(c, v) && (why = overlapbar(c, &c->pf->st[v], &rd, &wr, kio)))
					*ln = c->f->st.v[v].line;
				continue;
			}
			if (v > 1) {
				lo = c->f->st.v[v].begin < lo ? c->f->st.v[v].begin : lo;
				hi = c->f->st.v[v].end > hi ? c->f->st.v[v].end : hi;
			}
			if (v == 1) {
				if (kio || strcmp(c->fname, "main")) {
					why = xstrdup("ends the function while the device work it waited for may still run");
					*ln = line(c, c->f->end > 0 ? c->f->end - 1 : 0);
				}
				continue;
			}
			if (!c->gone[v] && (why = overlapbar(c, &c->pf->st[v], &rd, &wr, kio))) /* a copy that goes touches nothing */
				*ln = c->f->st.v[v].line;
			for (int i = 0; i < c->pf->succ[v].n; i++)
				if (!seen[c->pf->succ[v].v[i]])
					seen[c->pf->succ[v].v[i]] = true, vpush(todo, c->pf->succ[v].v[i]);
		}
		int d = why ? -1 : conddirective(c->u, lo, hi), m = why || d >= 0 ? -1 : condmacro(c->u, lo, hi);
		d = d >= 0 ? d : m;
		if (d >= 0 && !kio && devonly(c, &rd) && devonly(c, &wr)) { /* which host code cannot reach but by calls */
			Bits none = bnew(nl);
			d = otherconfig(c, lo, hi, &none, true);
			bfree(&none);
		}
		if (d >= 0) {
			why = xstrdup(d == m ? "uses a macro that the file defines under an #if: another configuration may use "
			                       "what the work uses before it ends"
			                     : "is an #if/#ifdef line: another configuration may use what the work uses before it "
			                       "ends");
			*ln = line(c, d);
		}
		vfree(todo);
		free(seen);
	}
	bfree(&rd);
	bfree(&wr);
	return why;
}

/* ---------------------------------------------------------------- a callee's copies at the call */

/* The next name of s[*j, end): an identifier outside literals and
 * comments that is no member (after ".", "->" or "::"): its offset, its
 * length in *n, and *j past it; -1 at the end. */
int
nextname(const char *s, int end, int *j, int *n)
{
	while (*j < end) {
		int k = *j;
		char c = s[k];
		if (c == '"' || c == '\'') { /* a literal, whole */
			for (*j = k + 1; *j < end && s[*j] != c; (*j)++)
				*j += s[*j] == '\\';
			(*j)++;
			continue;
		}
		if (c == '/' && k + 1 < end && (s[k + 1] == '/' || s[k + 1] == '*')) {
			const char *e = s[k + 1] == '/' ? strchr(s + k, '\n') : strstr(s + k + 2, "*/");
			*j = e ? (int)(e - s) + (s[k + 1] == '*' ? 2 : 0) : end;
			continue;
		}
		*j = k + 1;
		if (!isident(c))
			continue;
		while (*j < end && isident(s[*j])) /* a number runs on as one token too */
			(*j)++;
		if (c >= '0' && c <= '9')
			continue;
		int a = k - 1;
		while (a >= 0 && strchr(" \t\r\n", s[a]))
			a--;
		if (a >= 0 && (s[a] == '.' || (a > 0 && s[a] == '>' && s[a - 1] == '-') || (a > 0 && s[a] == ':' && s[a - 1] == ':')))
			continue;
		*n = *j - k;
		return k;
	}
	return -1;
}

/* The parameter of g that s[at, at + n) names, or -1. */
int
paramnamed(const PFunc *g, const char *s, int at, int n)
{
	for (int k = 0; k < g->f->params.n; k++) {
		const char *name = g->u->syms.v[g->f->params.v[k]].name;
		if (strlen(name) == (size_t)n && !strncmp(name, s + at, n))
			return k;
	}
	return -1;
}

/* text with every name of a parameter of the promotion's callee spelled as
 * the call's argument for it (members, literals and comments as they are). */
char *
substitute(const Promo *pr, const char *text)
{
	Buf b = {0};
	int len = (int)strlen(text), j = 0, from = 0, n, at;
	while ((at = nextname(text, len, &j, &n)) >= 0) {
		int k = paramnamed(pr->g, text, at, n);
		if (k < 0 || !pr->args[k])
			continue;
		bputn(&b, text + from, at - from);
		bputs(&b, pr->args[k]);
		from = j;
	}
	bputn(&b, text + from, len - from);
	return bstr(&b);
}
