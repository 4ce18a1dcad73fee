/* copies.c: blocking copies out of loops, within a function (issue 18,
 * step 1 of doc/copies.md): the loop-invariant copy motion of OmpMemOpt
 * (Barua et al., "OmpMemOpt: Optimized Placement of Memory Operations for
 * OpenMP Offloading", sections 4-5), on CUDA's explicit copies.
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
 * Stmt.once), that no jump leaves early, and out of the enclosing loops too
 * while they pass the same tests (so a second run finds nothing to do).
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
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "analysis/analysis.h"

enum { UP = 1, DOWN = 2 }; /* cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost */

/* A callee's leading uploads and trailing downloads, which may leave it for
 * its one call and then that call's loops (CGCM's map promotion). */
typedef struct Promo {
	PFunc *g;
	int caller, site, call; /* the caller's function id, the call's statement and index there */
	Ints nodes;             /* the copies' statements in g */
	char **args;            /* per parameter of g the copies read: the call's argument text; else NULL */
	Bits argl;              /* the variables those arguments name */
	Eff bare;               /* what the call does without the copies, its arguments read */
	bool taken;             /* they leave g */
	char *why;              /* what keeps them in g whatever the caller does, or NULL */
} Promo;
typedef VEC(Promo) Promos;

/* A blocking copy with a literal direction, and where it goes. */
typedef struct {
	int node, call;
	int dir;
	int dst, src;     /* argument indices */
	Bits dset, sset;  /* what they designate */
	Bits args;        /* what the statement reads but the copied bytes: pointers, sizes */
	Ints loops;       /* the loop headers it leaves, innermost first */
	const char *other; /* another call the statement makes, or NULL */
	int check;        /* the call of an error check of the copy's result (checkCuda(cudaMemcpy(...))), or -1 */
	bool onfail;      /* the statement holds calls that run only when the copy fails (a macro's check) */
	int partner;      /* the other copy of a round trip (an upload and the download of the same bytes), or -1 */
	const char *guard; /* the outermost loop's first test, when it may run zero times: the copy runs under it */
	bool ok;          /* plain memory, its own lines: it may be moved or removed */
	int fact;         /* the bytes it makes equal on both sides (copies of the same bytes share it), or -1 */
	int removed;      /* 0, or CP_REMOVE: its bytes are already there; CP_RESYNC: and a sync keeps its wait */
	int gen;          /* removed as already there: the copy that put them there, or -1 */
	char *rwhy;       /* a removal's reasons */
	bool moved;
	char *why;        /* keeps: what keeps it */
	int whyline;
	const Promo *via; /* a callee's copy, standing at its call: node and call are the call's */
	int hnode, hcall; /* via: its own statement and call in the callee */
} Copy;

/* A loop statement: its nodes (a for's init too), text and body. */
typedef struct {
	int head;
	int first, last;
	int begin, end;
	int body; /* the List of its body, or -1 */
	int list, pos; /* the block holding the statement and its index there */
} Loop;

typedef struct {
	Prog *p;
	PFunc *pf;
	Func *f;
	const Unit *u;
	const char *fname;
	VEC(Copy) cp;
	bool *gone; /* per node: a copy this pass takes out, whose wait goes too */
	bool *cut;  /* per node: a redundant copy this pass removes: its bytes were there already */
	bool streams; /* the program enqueues work on other streams than the default one (or may) */
	const char *exitruns; /* what may observe the program's state after exit(), or NULL: see exitquiet */
	bool *quiet;  /* per node: a copy whose error check's failure path is left out (see quiet) */
	Promos *pr;   /* every callee's copies that may leave it (see fillpromo) */
	const Eff **bare; /* per node: a call whose callee's copies are considered at it: what it does without them */
} C;

static int
line(const C *c, int off)
{
	return lineof(c->u->lines, c->u->nlines, off);
}

/* A copy's own function, statement and call: a callee's copy considered at
 * its call lives in the callee. */
static const Func *
homef(const C *c, const Copy *x)
{
	return x->via ? x->via->g->f : c->f;
}

static const Stmt *
homest(const C *c, const Copy *x)
{
	return &homef(c, x)->st.v[x->via ? x->hnode : x->node];
}

static const Call *
homecall(const C *c, const Copy *x)
{
	return &homef(c, x)->calls.v[x->via ? x->hcall : x->call];
}

/* ---------------------------------------------------------------- copies */

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
static bool
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

/* The text of argument i of the call spelled at s + at, before end, trimmed. */
static char *
calltext(const char *s, int at, int end, int i)
{
	int depth = 0, k = 0, from = -1;
	for (int j = at; j < end; j++) {
		char ch = s[j];
		if (ch == '"' || ch == '\'') {
			for (j++; j < end && s[j] != ch; j++)
				j += s[j] == '\\';
			continue;
		}
		if (ch == '(' || ch == '[' || ch == '{')
			if (++depth == 1 && ch == '(') {
				from = j + 1;
				continue;
			}
		if (depth == 1 && (ch == ',' || ch == ')')) {
			if (k++ == i) {
				while (from < j && (s[from] == ' ' || s[from] == '\n' || s[from] == '\t'))
					from++;
				int to = j;
				while (to > from && (s[to - 1] == ' ' || s[to - 1] == '\n' || s[to - 1] == '\t'))
					to--;
				return xstrndup(s + from, to - from);
			}
			from = j + 1;
		}
		if (ch == ')' || ch == ']' || ch == '}')
			depth--;
	}
	return xstrdup("?");
}

/* text with every identifier that names a parameter of the promotion's
 * callee the copies read spelled as the call's argument for it. */
static char *
substitute(const Promo *pr, const char *text)
{
	const Func *f = pr->g->f;
	Buf b = {0};
	for (const char *t = text; *t;) {
		if (*t == '"' || *t == '\'') { /* a literal, whole */
			const char *e = t + 1;
			while (*e && *e != *t)
				e += e[0] == '\\' && e[1] ? 2 : 1;
			e += *e != 0;
			bputn(&b, t, e - t);
			t = e;
			continue;
		}
		if (!isident(*t) || (*t >= '0' && *t <= '9')) { /* a number runs on as one token */
			const char *e = t + 1;
			while (*t >= '0' && *t <= '9' && isident(*e))
				e++;
			bputn(&b, t, e - t);
			t = e;
			continue;
		}
		const char *e = t;
		while (isident(*e))
			e++;
		const char *to = NULL;
		for (int k = 0; k < f->params.n && !to; k++) {
			const char *name = pr->g->u->syms.v[f->params.v[k]].name;
			if (pr->args[k] && strlen(name) == (size_t)(e - t) && !strncmp(name, t, e - t))
				to = pr->args[k];
		}
		bputn(&b, to ? to : t, to ? strlen(to) : (size_t)(e - t));
		t = e;
	}
	return bstr(&b);
}

/* The text of argument i of the copy's call, trimmed; a callee's copy's
 * as it reads at its call. */
static char *
argtext(const C *c, const Copy *x, int i)
{
	const Stmt *st = homest(c, x);
	int at = copyat(c, x); /* inside an error check's parentheses */
	char *t = calltext(c->u->src, at >= 0 ? at : st->begin, st->end, i);
	if (!x->via)
		return t;
	char *r = substitute(x->via, t);
	free(t);
	return r;
}

/* ---------------------------------------------------------------- loops */

/* The loop statement whose header is h: the innermost block item holding
 * it, when that item is the loop itself (begins at the loop's keyword). */
static bool
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

/* Why nothing may move out of the loop, whatever it does, or NULL. */
static char *
loopshape(const C *c, const Loop *lp, int *ln)
{
	*ln = c->f->st.v[lp->head].line;
	if (c->f->st.v[lp->head].flags & SF_MACRO)
		return xstrdup("starts a loop written through a macro");
	if (!c->f->st.v[lp->head].once && !c->f->st.v[lp->head].first)
		return xstrdup("starts a loop that may run zero times and whose first test cuflow cannot repeat outside it");
	if (!blankbefore(c->u, lp->begin))
		return xstrdup("starts the loop on a line that holds other code");
	int d = directivein(c->u, lp->begin, lp->end);
	if (d >= 0) {
		*ln = line(c, d);
		return xstrdup("is a preprocessor directive inside the loop: the code may differ in other configurations");
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
			return fmt("calls %s, whose body has #if/#ifdef", e->cfg ? e->cfg : "a function");
		if (e->ex & EX_STREAMOP)
			return fmt("enqueues work on another stream (%s), which the copy orders", e->what ? e->what : "?");
		if (e->ex & EX_VOLATILE)
			return xstrdup("accesses volatile memory");
		if (e->ex & EX_MANAGED)
			return xstrdup("accesses managed memory or memory cuflow cannot follow");
	}
	return NULL;
}

static const char *
locdesc(const C *c, int l)
{
	return l == LOC_UNKNOWN ? "memory cuflow cannot see" : locname(c->p, l);
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
		if (dominates(c->pf->idom, c->pf->order, lp->head, pr->v[i]) &&
		    !dominates(c->pf->idom, c->pf->order, v, pr->v[i]))
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
	char *why = loopshape(c, lp, ln);
	if (!why && !(why = levelmem(c, x, lp, a, b, ln)))
		why = loopcalls(c, lp, ln);
	return why;
}

/* Why the copy cannot leave this loop from nodes [a, b] for what the
 * loop's statements read and write, or NULL. */
static char *
levelmem(C *c, Copy *x, const Loop *lp, int a, int b, int *ln)
{
	int l, v;
	if (x->dir == DOWN && stmtlineend(c->u, lp->end) < 0) {
		*ln = line(c, lp->end);
		return xstrdup("ends the loop on a line that holds other code");
	}
	char *g = x->dir == DOWN ? guardbar(c, lp, x, NULL, ln) : NULL;
	if (g)
		return g;
	if (x->dir == UP) {
		if ((v = exitbefore(c, lp, a)) >= 0) {
			*ln = c->f->st.v[v].line;
			return xstrdup("may end the program before the copy runs");
		}
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

static bool
fullsync(const C *c, int v)
{
	const Eff *e = c->bare && c->bare[v] ? c->bare[v] : &c->pf->st[v]; /* it may lose its callee's copies */
	return !c->gone[v] && (e->ex & EX_SYNC) && (e->ex & (EX_DEVSYNC | EX_DEFSYNC));
}

/* Why a host statement may not run while the work in w may: NULL if it may. */
static char *
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
		return fmt("calls %s, whose body has #if/#ifdef: another configuration may use what the work uses",
		           e->cfg ? e->cfg : "a function");
	if (e->ex & (EX_UNKNOWN | EX_UNSAFE | EX_VOLATILE | EX_MANAGED | EX_STREAMOP))
		return xstrdup("does what cuflow cannot order against device work still running");
	return NULL;
}

static char *waitafter(C *c, int node, const Pend *pd, const Loop *out, int *ln);

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
 * when the macro expands to this one statement, and the copy is spelled in
 * its arguments (CHECK(cudaMemcpy(...))), where its arguments can be read. */
static bool
macrook(const C *c, const Copy *x)
{
	const Stmt *st = &c->f->st.v[x->node];
	if (copyat(c, x) <= st->begin)
		return false;
	for (int v = 2; v < c->f->st.n; v++)
		if (v != x->node && c->f->st.v[v].begin < st->end && c->f->st.v[v].end > st->begin &&
		    (c->f->st.v[v].flags & SF_MACRO))
			return false; /* the expansion holds other statements too */
	return true;
}

static bool
textok(C *c, Copy *x)
{
	const Stmt *st = &c->f->st.v[x->node];
	if ((st->flags & (SF_MACRO | SF_SHARED)) && (x->other || !macrook(c, x)))
		x->why = x->other ? fmt("it is written through a macro that also calls %s", x->other)
		                  : xstrdup("it is written through a macro");
	else if (x->other)
		x->why = fmt("the statement also calls %s", x->other);
	else if (!blankbefore(c->u, st->begin) || stmtlineend(c->u, st->end) < 0)
		x->why = xstrdup("it shares its line with other code");
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
static int
outerloop(const C *c, int h)
{
	for (int d = c->pf->idom[h], k = 0; d > 0 && d != h && k < c->f->st.n; d = c->pf->idom[d], k++)
		if (c->pf->loop[d] == d && inloop(c, d, h))
			return d;
	return -1;
}

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
		if (!c->f->st.v[h].once) { /* one guard, the outermost loop's */
			x->guard = c->f->st.v[h].first;
			return;
		}
		a = lp.first;
		b = lp.last;
		h = outerloop(c, h);
	}
}

/* ---------------------------------------------------------------- round trips */

/* Does download d copy back exactly the bytes upload u copied: the same
 * cudaMemcpy(dst, src, count, kind) arguments, swapped? (Their variables
 * must not change in the loop: pairbar.) */
static bool
roundtrip(const C *c, const Copy *u, const Copy *d)
{
	const Call *a = homecall(c, u), *b = homecall(c, d);
	if (u->via != d->via || u->dir != UP || d->dir != DOWN || a->nargs != 4 || b->nargs != 4 || strcmp(a->name, b->name))
		return false;
	int pairs[3][2] = {{u->dst, d->src}, {u->src, d->dst}, {2, 2}};
	bool same = true;
	for (int i = 0; i < 3 && same; i++) {
		char *x = argtext(c, u, pairs[i][0]), *y = argtext(c, d, pairs[i][1]);
		same = !strcmp(x, y) && strcmp(x, "?");
		free(x);
		free(y);
	}
	return same;
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
	char *why = loopshape(c, lp, ln);
	if (why || (why = pairmem(c, u, d, lp, a, b, ln)))
		return why;
	return loopcalls(c, lp, ln);
}

static char *
pairmem(C *c, const Copy *u, const Copy *d, const Loop *lp, int a, int b, int *ln)
{
	if (stmtlineend(c->u, lp->end) < 0) {
		*ln = line(c, lp->end);
		return xstrdup("ends the loop on a line that holds other code");
	}
	char *g = guardbar(c, lp, u, d, ln);
	if (g)
		return g;
	int l, v;
	if ((v = exitbefore(c, lp, a)) >= 0) {
		*ln = c->f->st.v[v].line;
		return xstrdup("may end the program before the upload runs");
	}
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

/* ---------------------------------------------------------------- redundant copies */

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
	const Call *a = &c->f->calls.v[x->call], *b = &c->f->calls.v[y->call];
	if (a->nargs != 4 || b->nargs != 4 || strcmp(a->name, b->name))
		return false;
	bool same = x->dir == y->dir;
	int yd = same ? y->dst : y->src, ys = same ? y->src : y->dst;
	if (!sameset(&x->dset, same ? &y->dset : &y->sset) || !sameset(&x->sset, same ? &y->sset : &y->dset))
		return false;
	int pairs[3][2] = {{x->dst, yd}, {x->src, ys}, {2, 2}};
	bool eq = true;
	for (int i = 0; i < 3 && eq; i++) {
		char *t = argtext(c, x, pairs[i][0]), *u = argtext(c, y, pairs[i][1]);
		eq = !strcmp(t, u) && strcmp(t, "?");
		free(t);
		free(u);
	}
	return eq;
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
	return conflicts(c->p, &sets[f], &e->wr) || conflicts(c->p, &sets[f], &e->pwr);
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
	for (int i = 0; i < c->cp.n; i++) { /* a blocking copy waits for the default stream only */
		const Copy *x = &c->cp.v[i];
		const Pend *pd = &c->pf->in[x->node];
		Pend other = {.srd = pd->srd, .swr = pd->swr, .entry = pd->entry};
		bclear(&rd);
		bclear(&wr);
		if (c->streams)
			pendwork(c->p, &other, &rd, &wr);
		if (x->fact >= 0 && !conflicts(c->p, &locs[x->fact], &wr))
			fact[x->node] = x->fact;
	}
	bfree(&rd);
	bfree(&wr);
	Bits *in = mustflow(c, nf, true, fact, writesfact, locs);
	free(fact);
	return in;
}

/* Without the copy's wait, may the host statements after it, up to the
 * next full sync (or out of loop out, where a moved copy waits), run beside
 * the work in flight before it? Why not, or NULL. */
static char *
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
			if (fullsync(c, v) || (out && (v < out->first || v > out->last)))
				continue; /* a sync; or the loop's exit, where the moved copy waits */
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
		int d = why ? -1 : conddirective(c->u, lo, hi);
		if (d >= 0) {
			why = xstrdup("is an #if/#ifdef line: another configuration may use what the work uses before it ends");
			*ln = line(c, d);
		}
		vfree(todo);
		free(seen);
	}
	bfree(&rd);
	bfree(&wr);
	return why;
}

/* The nearest copy of the same bytes on every path to x (a dominator): its
 * node, or -1. */
static int
gennode(const C *c, const Copy *x)
{
	for (int d = c->pf->idom[x->node], k = 0; d > 0 && k < c->f->st.n; d = c->pf->idom[d], k++)
		for (int i = 0; i < c->cp.n; i++)
			if (c->cp.v[i].node == d && c->cp.v[i].fact == x->fact)
				return d;
	return -1;
}

/* Is there an #if/#ifdef line in the text [lo, hi), or a call of code
 * whose body has one? Another configuration may do more there. */
static bool
configin(const C *c, int lo, int hi)
{
	if (conddirective(c->u, lo, hi) >= 0)
		return true;
	for (int v = 2; v < c->f->st.n; v++)
		if ((c->pf->st[v].ex & EX_CONFIG) && c->f->st.v[v].begin < hi && c->f->st.v[v].end > lo)
			return true;
	return false;
}

/* configin of the text [lo, hi) and of every loop around node v. */
static bool
configaround(C *c, int v, int lo, int hi)
{
	for (int h = c->pf->loop[v]; h >= 0; h = outerloop(c, h)) {
		Loop lp;
		if (!fillloop(c, h, &lp))
			return configin(c, c->f->begin, c->f->end);
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
	return configaround(c, x->node, c->f->st.v[gen].begin, c->f->st.v[x->node].begin);
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
	return configaround(c, x->node, lo, hi);
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

/* Copies whose bytes are already on the other side go; one whose wait
 * still orders device work before a host statement leaves a sync. */
static void
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
	for (int v = 0; v < c->f->st.n; v++)
		bfree(&in[v]);
	free(in);
	for (int f = 0; f < nf; f++)
		bfree(&locs[f]);
	free(locs);
}

/* ---------------------------------------------------------------- records */

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
	const Stmt *st = homest(c, x);
	if (x->guard) { /* under the loop's first test, one indentation step in */
		char *own = indentof(c->u->src, c->u->len, st->begin);
		size_t il = strlen(indent);
		char *in = fmt("%s%s", indent, strlen(own) > il && !strncmp(own, indent, il) ? own + il : "    ");
		bprintf(&text, "%sif (%s)\n", indent, x->guard);
		ch.guard = xstrdup(x->guard);
		cutstmt(c->u, st->begin, st->end, in, &text, &ch.edits);
		free(own);
		free(in);
	} else
		cutstmt(c->u, st->begin, st->end, indent, &text, &ch.edits);
	if (x->via) { /* as the call's arguments read */
		char *t = substitute(x->via, bstr(&text));
		free(text.v);
		text = (Buf){0};
		bputs(&text, t);
		free(t);
	}
	int at = x->dir == UP ? leadcomments(c->u, out.begin) : stmtlineend(c->u, out.end);
	int sub = 0; /* a callee's copies keep their order there */
	for (int i = 0; x->via && i < x->via->nodes.n; i++)
		sub += x->via->nodes.v[i] < x->hnode;
	Edit ins = {at, 0, bstr(&text), (x->dir == UP ? 1 << 28 : 1 << 24) + x->node * 16 + (sub & 15)};
	vpush(ch.edits, ins);
	ch.target = line(c, at);
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
	static const char *const runs[] = {"atexit", "at_quick_exit", "on_exit", "std::atexit", "std::at_quick_exit",
	                                   "__cxa_atexit"};
	const char *dtor = "may end the program, and destructors of the program's own classes may run after it";
	if (p->alldev.ex & EX_KIO)
		return "may end the program while a kernel that prints may still run";
	for (int f = 0; f < p->fns.n; f++) {
		const PFunc *pf = &p->fns.v[f];
		if (pf->u->syms.v[pf->f->sym].name[0] == '~')
			return dtor;
		for (int k = 0; k < pf->f->calls.n; k++)
			for (size_t i = 0; i < sizeof runs / sizeof *runs && pf->f->calls.v[k].name; i++)
				if (!strcmp(pf->f->calls.v[k].name, runs[i]))
					return "may end the program, and the program registers code that runs after it (atexit)";
	}
	for (int i = 0; i < p->nunits; i++) /* a destructor whose body cuflow does not see: ~Name() */
		for (const char *t = p->units[i]->src; (t = strchr(t, '~')); t++) {
			const char *e = t + 1;
			while (isident(*e))
				e++;
			e += strspn(e, " \t");
			if (e > t + 1 && !(t[1] >= '0' && t[1] <= '9') && *e == '(' &&
			    (e[1 + strspn(e + 1, " \t")] == ')' || !strncmp(e + 1 + strspn(e + 1, " \t"), "void", 4)))
				return dtor;
		}
	return NULL;
}

/* Does any host statement of the program enqueue work on a stream other
 * than the default one, or call code that may? If none does, all device
 * work (the work in flight when a function starts too) is on the default
 * stream, which every blocking copy waits for. */
static bool
otherstreams(const Prog *p)
{
	for (int f = 0; f < p->fns.n; f++) {
		const PFunc *pf = &p->fns.v[f];
		for (int v = 0; pf->st && (pf->f->kind == FN_HOST || pf->f->kind == FN_HOSTDEVICE) && v < pf->f->st.n; v++)
			if (pf->st[v].ex & EX_STREAMOP)
				return true;
	}
	return false;
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

/* ---------------------------------------------------------------- callee to caller */

/* Does name appear in u's text (outside comments and literals) only called
 * or declared: followed by "(", not after "&", ".", "->" or "::"? Then no
 * pointer to the function is taken there. */
static bool
onlycalled(const Unit *u, const char *name)
{
	const char *s = u->src;
	int n = (int)strlen(name), len = (int)u->len;
	for (int j = 0; j + n <= len; j++) {
		if (s[j] == '"' || s[j] == '\'') {
			char q = s[j];
			for (j++; j < len && s[j] != q; j++)
				j += s[j] == '\\';
			continue;
		}
		if (s[j] == '/' && j + 1 < len && (s[j + 1] == '/' || s[j + 1] == '*')) {
			const char *e = s[j + 1] == '/' ? strchr(s + j, '\n') : strstr(s + j + 2, "*/");
			j = e ? (int)(e - s) + (s[j + 1] == '*') : len;
			continue;
		}
		if (strncmp(s + j, name, n) || (j > 0 && isident(s[j - 1])) || (j + n < len && isident(s[j + n])))
			continue;
		int a = j - 1, b = j + n;
		while (a >= 0 && strchr(" \t\r\n", s[a]))
			a--;
		while (b < len && strchr(" \t\r\n", s[b]))
			b++;
		if ((a >= 0 && strchr("&.>:", s[a])) || b >= len || s[b] != '(')
			return false;
		j = b;
	}
	return true;
}

/* Is the statement at item i of the list a copy in direction dir that may
 * leave its function: plain memory on its own lines, no check of its result? */
static bool
promocopy(C *c, const List *l, int i, int dir)
{
	Copy x;
	int v = l->first.v[i];
	if (l->first.v[i] != l->last.v[i] || !fillcopy(c, v, &x))
		return false;
	bool ok = x.dir == dir && x.check < 0 && !x.onfail && textok(c, &x);
	free(x.why);
	bfree(&x.dset);
	bfree(&x.sset);
	bfree(&x.args);
	return ok;
}

/* The one call of g in the program, through its statement: true when
 * every other use of g's name is a declaration. */
static bool
onecall(Prog *p, const PFunc *g, Promo *pr)
{
	const Sym *gs = &g->u->syms.v[g->f->sym];
	int n = 0;
	for (int h = 0; h < p->fns.n; h++) {
		const PFunc *ph = &p->fns.v[h];
		int ui = unitidx(p, ph->u);
		for (int k = 0; k < ph->f->calls.n; k++) {
			const Call *cl = &ph->f->calls.v[k];
			for (int q = 0; cl->kind == C_DEPENDENT && q < cl->ncands; q++)
				n += 2 * (symfn(p, ui, cl->cands[q]) == g->id);
			if (cl->kind == C_DIRECT && calledfn(p, ui, cl) == g->id) {
				n++;
				pr->caller = h;
				pr->call = k;
			}
		}
	}
	bool seen = onlycalled(g->u, gs->name), main = false;
	for (int i = 0; i < p->nunits && seen; i++) /* another unit may declare and call it */
		if (p->units[i] != g->u && (gs->flags & SYMF_EXTERN))
			seen = !strstr(p->units[i]->src, gs->name);
	for (int h = 0; h < p->fns.n; h++) /* nor may one cuflow was not given, but for a program's main file */
		main |= p->fns.v[h].u == g->u && !strcmp(p->fns.v[h].u->syms.v[p->fns.v[h].f->sym].name, "main");
	if (n != 1 || !seen || (!main && (gs->flags & SYMF_EXTERN)))
		return false;
	const PFunc *ph = &p->fns.v[pr->caller];
	for (pr->site = 2; pr->site < ph->f->st.n; pr->site++) {
		const Stmt *st = &ph->f->st.v[pr->site];
		if (pr->call >= st->call0 && pr->call < st->call0 + st->ncall)
			return true;
	}
	return false;
}

/* The variable statement v reads that text names, when text is one
 * identifier: its location, or -1. */
static int
argvar(const Prog *p, const PFunc *ph, int v, const char *text)
{
	for (const char *t = text; *t; t++)
		if (!isident(*t) || (t == text && *t >= '0' && *t <= '9'))
			return -1;
	const Stmt *st = &ph->f->st.v[v];
	for (int i = st->op0; i < st->op0 + st->nop; i++) {
		const Op *o = &ph->f->ops.v[i];
		const Node *n = o->kind == O_READ ? &ph->f->nodes.v[o->a] : NULL;
		if (n && n->kind == N_VAR && n->sym >= 0 && !strcmp(ph->u->syms.v[n->sym].name, text))
			return symloc(p, unitidx(p, ph->u), n->sym);
	}
	return -1;
}

/* What the copies read of g's parameters, as the call's arguments: each a
 * variable or a constant, and no statement of g writes the parameter; and
 * every other variable they read a global the caller does not hide. */
static bool
promoargs(Prog *p, const PFunc *g, Promo *pr)
{
	const Func *f = g->f;
	const PFunc *ph = &p->fns.v[pr->caller];
	const Call *cl = &ph->f->calls.v[pr->call];
	const Stmt *st = &ph->f->st.v[pr->site];
	int ui = unitidx(p, g->u), nl = p->locs.n;
	Bits rd = bnew(nl);
	for (int i = 0; i < pr->nodes.n; i++)
		bor(&rd, &g->st[pr->nodes.v[i]].rd);
	pr->args = xcalloc(f->params.n, sizeof *pr->args);
	pr->argl = bnew(nl);
	bool ok = cl->nargs == f->params.n;
	for (int k = 0; k < f->params.n && ok; k++) {
		int l = symloc(p, ui, f->params.v[k]);
		if (l < 0 || !bhas(&rd, l))
			continue;
		bclr(&rd, l);
		ok = !(g->u->syms.v[g->f->sym].refparams & (1u << k));
		for (int v = 0; v < f->st.n && ok; v++)
			ok = !bhas(&g->st[v].wr, l);
		pr->args[k] = calltext(g->u->src, cl->off, st->end, k);
		int al = argvar(p, ph, pr->site, pr->args[k]);
		if (al >= 0)
			bset(&pr->argl, al);
		ok = ok && (al >= 0 || cl->argk[k] != LLONG_MIN);
	}
	for (int l = bnext(&rd, 0); l >= 0 && ok; l = bnext(&rd, l + 1)) {
		const Loc *lc = &p->locs.v[l];
		if (lc->kind != L_VAR)
			continue; /* the memory it copies, named by pointers */
		ok = lc->fn < 0;
		for (int sy = 0; sy < g->u->syms.n && ok; sy++) /* the caller's own of that name would hide it */
			ok = g->u->syms.v[sy].owner != ph->f->sym || strcmp(g->u->syms.v[sy].name, lc->name);
	}
	bfree(&rd);
	return ok;
}

/* Why g's code keeps its copies in it, or NULL: what cuflow cannot see or
 * a jump, by which the copies may not run on every call. */
static char *
promobar(const PFunc *g)
{
	const Func *f = g->f;
	if (f->why || (f->flags & (FNF_TRY | FNF_SETJMP | FNF_ASM)) || (g->sum.ex & (EX_UNKNOWN | EX_UNSAFE)))
		return xstrdup("it calls or holds code cuflow cannot see into");
	if (g->sum.ex & EX_CONFIG)
		return xstrdup("its body, or one it calls, has #if/#ifdef");
	for (int v = 2; v < f->st.n; v++) {
		const Stmt *st = &f->st.v[v];
		if (st->kind == ST_RETURN || st->kind == ST_GOTO || st->kind == ST_LABEL || st->kind == ST_OPAQUE ||
		    (st->flags & SF_JUMP) || (g->st[v].ex & (EX_EXIT | EX_THROW)))
			return fmt("line %d may leave it early (a return, goto, exit or throw), so its copies do not run on "
			           "every call",
			           st->line);
	}
	return NULL;
}

/* Can g's copies leave it for its caller (CGCM's map promotion)? g is
 * called once, in a loop of a function after it in the same file, as a
 * statement of its own; its leading uploads and trailing downloads are
 * plain copies of their own lines. True when so: then pr->why, if set,
 * says what keeps them in g; else whether they leave the loop too, the
 * caller's analysis decides, all of them or none. */
static bool
fillpromo(Prog *p, PFunc *g, Promo *pr)
{
	Func *f = g->f;
	const char *name = g->u->syms.v[f->sym].name;
	memset(pr, 0, sizeof *pr);
	pr->g = g;
	if (f->kind != FN_HOST || !f->inmain || !g->succ || f->thissym >= 0 || (f->flags & FNF_TEMPLATE) ||
	    !strcmp(name, "main"))
		return false;
	const List *body = NULL;
	for (int li = 0; li < f->lists.n; li++)
		if (f->lists.v[li].owner < 0 && (!body || f->lists.v[li].begin < body->begin))
			body = &f->lists.v[li];
	C cg = {.p = p, .pf = g, .f = f, .u = g->u, .fname = name};
	int n = body ? body->first.n : 0, i = 0;
	for (; i < n && promocopy(&cg, body, i, UP); i++)
		vpush(pr->nodes, body->first.v[i]);
	for (int j = n - 1; j >= i && promocopy(&cg, body, j, DOWN); j--)
		vpush(pr->nodes, body->first.v[j]);
	if (!pr->nodes.n || !onecall(p, g, pr))
		return false;
	const PFunc *ph = &p->fns.v[pr->caller];
	const Stmt *st = &ph->f->st.v[pr->site];
	const Call *cl = &ph->f->calls.v[pr->call];
	if (ph == g || ph->u != g->u || !ph->f->inmain || !ph->loop || ph->loop[pr->site] < 0)
		return false;
	if ((pr->why = promobar(g)))
		return true;
	if (ph->f->begin < f->end)
		pr->why = fmt("%s() comes before it in the file", ph->u->syms.v[ph->f->sym].name);
	else if (st->kind != ST_PLAIN || st->ncall != 1 || (st->flags & (SF_MACRO | SF_SHARED)) || cl->off != st->begin ||
	         strncmp(g->u->src + cl->off, name, strlen(name)))
		pr->why = xstrdup("its call is not a statement of its own with plain arguments");
	else if (!promoargs(p, g, pr))
		pr->why = xstrdup("its call passes an expression for a parameter the copies read (a variable or a constant "
		                  "would do), it writes such a parameter, or the copies read a variable the call cannot name");
	if (pr->why)
		return true;
	effnew(&pr->bare, p->locs.n);
	bool *skip = xcalloc(ph->f->calls.n, sizeof *skip);
	skip[pr->call] = true;
	stmteffbut(p, ph, pr->site, skip, &pr->bare); /* the arguments */
	free(skip);
	for (int v = 0; v < f->st.n; v++) {
		bool copy = false;
		for (int k = 0; k < pr->nodes.n; k++)
			copy |= pr->nodes.v[k] == v;
		if (!copy)
			effor(&pr->bare, &g->st[v]);
	}
	return true;
}

static void
freepromo(Promo *pr)
{
	vfree(pr->nodes);
	for (int k = 0; pr->args && k < pr->g->f->params.n; k++)
		free(pr->args[k]);
	free(pr->args);
	free(pr->why);
	bfree(&pr->argl);
	efffree(&pr->bare);
}

/* The callee copies that may leave their function for a call in pf's
 * loops, standing at that call; no: what keeps every copy of pf. */
static void
addpromoted(C *c, const char *no)
{
	for (int i = 0; i < c->pr->n; i++) {
		Promo *pr = &c->pr->v[i];
		if (pr->caller != c->pf->id)
			continue;
		if (!c->bare)
			c->bare = xcalloc(c->f->st.n, sizeof *c->bare);
		if (!pr->why && !no)
			c->bare[pr->site] = &pr->bare;
		C cg = {.p = c->p, .pf = pr->g, .f = pr->g->f, .u = pr->g->u};
		for (int k = 0; k < pr->nodes.n; k++) {
			Copy x;
			fillcopy(&cg, pr->nodes.v[k], &x);
			x.via = pr;
			x.hnode = x.node;
			x.hcall = x.call;
			x.node = pr->site;
			x.call = pr->call;
			bclear(&x.args); /* what the call's arguments read, and the globals */
			bor(&x.args, &pr->g->st[x.hnode].rd);
			for (int l = bnext(&x.sset, 0); l >= 0; l = bnext(&x.sset, l + 1))
				bclr(&x.args, l);
			for (int q = 0; q < pr->g->f->params.n; q++)
				if (pr->args && pr->args[q])
					bclr(&x.args, symloc(c->p, unitidx(c->p, c->u), pr->g->f->params.v[q]));
			bor(&x.args, &pr->argl);
			x.why = pr->why ? xstrdup(pr->why) : no ? xstrdup(no) : NULL;
			vpush(c->cp, x);
		}
	}
}

/* All of a callee's copies leave their loops, or none. */
static void
allornone(C *c)
{
	for (int i = 0; i < c->pr->n; i++) {
		Promo *pr = &c->pr->v[i];
		if (pr->caller != c->pf->id)
			continue;
		const Copy *stay = NULL;
		for (int k = 0; k < c->cp.n; k++)
			if (c->cp.v[k].via == pr && !c->cp.v[k].loops.n && !stay)
				stay = &c->cp.v[k];
		pr->taken = !stay;
		for (int k = 0; k < c->cp.n && stay; k++) {
			Copy *x = &c->cp.v[k];
			if (x->via != pr || !x->loops.n)
				continue;
			x->loops.n = 0;
			x->guard = NULL;
			x->why = fmt("%s() keeps its %s at line %d, and its copies leave it together or not at all",
			             pr->g->u->syms.v[pr->g->f->sym].name, stay->dir == UP ? "upload" : "download",
			             homest(c, stay)->line);
			x->whyline = 0;
		}
	}
}

/* Is node v of pf a copy that left it for its caller? */
static bool
promoted(const Promos *pr, const PFunc *pf, int v)
{
	for (int i = 0; i < pr->n; i++)
		for (int k = 0; pr->v[i].taken && pr->v[i].g == pf && k < pr->v[i].nodes.n; k++)
			if (pr->v[i].nodes.v[k] == v)
				return true;
	return false;
}

static void
copyfn(Prog *p, PFunc *pf, Plan *plan, bool streams, const char *exitruns, Promos *pr)
{
	C c = {0};
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
	for (int i = 0; i < c.cp.n; i++) {
		Copy *x = &c.cp.v[i];
		if (x->removed)
			emitremove(&c, x, plan);
		else if (pf->loop[x->node] >= 0)
			emit(&c, x, plan);
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
	bool streams = otherstreams(p);
	const char *exitruns = exitquiet(p);
	Promos pr = {0};
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
				copyfn(p, pf, plan, streams, exitruns, &pr);
		}
	for (int i = 0; i < pr.n; i++)
		freepromo(&pr.v[i]);
	vfree(pr);
}
