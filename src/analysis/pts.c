/* pts.c: Andersen-style inclusion-based points-to analysis over the IR of
 * every function of a program (Andersen 1994; the worklist solver with
 * difference propagation of Pearce et al.). Flow- and context-insensitive,
 * field-insensitive: a struct or container is one object.
 *
 * Variables: location l's contents are variable l; IR node n of function f
 * is variable f.base+n. An lvalue node's variable holds the locations it
 * designates, a value node's the locations the value may point to.
 * Kernel pointer parameters point to one symbolic object each, which points
 * to itself: everything reachable from the parameter (kernel.c reads it). */
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

#include "cuflow.h"
#include "analysis/analysis.h"

enum { K_BASE, K_COPY, K_LOAD, K_STORE };
typedef struct {
	int kind, a, b; /* BASE: a ∋ loc b; COPY: a ⊇ b; LOAD: a ⊇ *b; STORE: *a ⊇ b */
} Cons;

typedef struct {
	uint64_t key;
	UT_hash_handle hh;
} Edge;

typedef struct {
	Prog *p;
	VEC(Cons) cons;
	int ntemp;
	bool unknowncall; /* some call goes to code cuflow cannot see */
	bool unknownuser; /* and some to code outside the system headers, which may name the program's globals */
	Ints *copy, *load, *store; /* per variable: copy successors, load targets, store sources */
	Bits *done;                /* locations already seen by each variable's loads and stores */
	Edge *edges;
	Ints work;
	bool *queued;
} Solver;

int
nodevar(const PFunc *pf, int node)
{
	return pf->base + node;
}

const Bits *
addrs(const Prog *p, const PFunc *pf, int node)
{
	return &p->pts[nodevar(pf, node)];
}

static void
cons(Solver *s, int kind, int a, int b)
{
	if (a == -1 || b == -1) /* a missing argument or an untracked symbol */
		return;
	Cons c = {kind, a, b};
	vpush(s->cons, c);
}

static int
temp(Solver *s)
{
	return -2 - s->ntemp++; /* numbered once every location and node is known */
}

/* ---------------------------------------------------------------- constraints */

static int unitof(const Prog *p, const Unit *u);

static int
site(Prog *p, PFunc *pf, int space, const char *what, int line)
{
	static const char *sp[] = {[SP_NONE] = "", [SP_HOST] = "host", [SP_DEVICE] = "device",
	                           [SP_MANAGED] = "managed", [SP_PINNED] = "pinned", [SP_SYMBOL] = "symbol",
	                           [SP_UNKNOWN] = "", [SP_HANDLE] = "handle"};
	char *name = p->nunits > 1 /* a report in another file names the file */
	                     ? fmt("%s%s%s, %s:%d", what, *sp[space] ? " " : "", sp[space], relpath(pf->u->path), line)
	                     : fmt("%s%s%s, line %d", what, *sp[space] ? " " : "", sp[space], line);
	int l = newloc(p, L_HEAP, space, name, unitof(p, pf->u), line, pf->id);
	free(name);
	return l;
}

static int
unitof(const Prog *p, const Unit *u)
{
	for (int i = 0; i < p->nunits; i++)
		if (p->units[i] == u)
			return i;
	return -1;
}

static const Rule *
ruleof(const Prog *p, const Call *c, int fid)
{
	if (c->kind != C_DIRECT || fid >= 0)
		return NULL;
	return rules_find(p->rules, c->name);
}

/* var of argument i's value, or of the object a member call works on */
static int
argvar(PFunc *pf, const Call *c, int i)
{
	if (i == ARG_THIS)
		return c->self >= 0 ? nodevar(pf, c->self) : -1;
	if (i < 0 || i >= c->nargs)
		return -1;
	return nodevar(pf, c->argv[i]);
}

/* Allocation sites are made per call before solving; a candidate of a
 * dependent call has none, so a candidate that allocates is unknown. */
static bool
rulealloc(const Rule *r)
{
	for (int e = 0; e < r->neff; e++)
		if (r->eff[e].what == EF_ALLOC)
			return true;
	return false;
}

/* alias(*A,B): *A receives B's value; copy(*A,*B): the pointers *B holds */
static void
flowcons(Solver *s, PFunc *pf, const Call *c, const Effect *ef, int from)
{
	int src = argvar(pf, c, from);
	if (ef->what == EF_COPYC) {
		int t = temp(s);
		cons(s, K_LOAD, t, src);
		src = t;
	}
	cons(s, K_STORE, argvar(pf, c, ef->arg), src);
}

static void
rulecons(Solver *s, PFunc *pf, const Call *c, const Rule *r, const Ints *sites)
{
	int ret = nodevar(pf, c->ret);
	for (int e = 0; e < r->neff; e++) {
		const Effect *ef = &r->eff[e];
		switch (ef->what) {
		case EF_ALLOC: {
			int l = sites->v[e];
			if (ef->arg == ARG_RET)
				cons(s, K_BASE, ret, l);
			else {
				int t = temp(s);
				cons(s, K_BASE, t, l);
				cons(s, K_STORE, argvar(pf, c, ef->arg), t);
			}
			break;
		}
		case EF_ALIAS:
		case EF_COPYC:
			if (ef->arg2 != ARG_ALL)
				flowcons(s, pf, c, ef, ef->arg2);
			else /* a container's push_back(t), insert(it, p), assign(n, p) */
				for (int i = 0; i < c->nargs; i++)
					flowcons(s, pf, c, ef, i);
			break;
		case EF_RETARG: { /* ret(*this): where the pointers the object holds point */
			int from = argvar(pf, c, ef->arg);
			for (int d = 0; d < ef->deref && from >= 0; d++) {
				int t = temp(s);
				cons(s, K_LOAD, t, from);
				from = t;
			}
			cons(s, K_COPY, ret, from);
			break;
		}
		}
	}
}

/* A call cuflow cannot see into may store anything anywhere it can reach;
 * only code outside the system headers (or reached through a pointer) may
 * name the program's own globals, and dlsym, which finds them by name. */
static void
unknowncons(Solver *s, PFunc *pf, const Call *c)
{
	const Sym *f = c->kind == C_DIRECT && c->callee >= 0 ? &pf->u->syms.v[c->callee] : NULL;
	s->unknowncall = true;
	s->unknownuser |= !f || !(f->flags & SYMF_SYSTEM) || !strncmp(f->name, "dlsym", 5) || !strcmp(f->name, "dlvsym");
	for (int i = 0; i < c->nargs; i++)
		cons(s, K_STORE, nodevar(pf, c->argv[i]), LOC_UNKNOWN);
	if (c->self >= 0)
		cons(s, K_STORE, nodevar(pf, c->self), LOC_UNKNOWN);
	cons(s, K_BASE, nodevar(pf, c->ret), LOC_UNKNOWN);
}

/* Is node n what a call returns? A struct returned by value has no place:
 * its node holds what the struct holds (a reference's, where it is). */
static bool
callresult(const Func *f, int n)
{
	for (int i = 0; i < f->calls.n; i++)
		if (f->calls.v[i].ret == n && f->calls.v[i].kind != C_DEFAULTED)
			return true;
	return false;
}

/* Does value node n of f carry what a pointer parameter of f holds? */
static bool
fromparam(const Func *f, const Unit *u, int n, int depth)
{
	if (n < 0 || depth > 64)
		return false;
	const Node *x = &f->nodes.v[n];
	if (x->kind == N_VAR)
		return x->sym >= 0 && u->syms.v[x->sym].kind == SYM_PARAM && (u->syms.v[x->sym].flags & SYMF_PTR);
	if (x->kind == N_JOIN && fromparam(f, u, x->b, depth + 1))
		return true;
	return (x->kind == N_LOAD || x->kind == N_ADDR || x->kind == N_DEREF || x->kind == N_JOIN) &&
	       fromparam(f, u, x->a, depth + 1);
}

/* Does device function g (or one it calls) store what a pointer parameter
 * holds anywhere but in its own locals (g_p = p, *slot = p)? Its launches
 * then hand the argument's buffer to later device code. */
static bool
storesparam(const Prog *p, const PFunc *g, int depth)
{
	const Func *f = g->f;
	if (depth > 8)
		return true;
	for (int i = 0; i < f->ops.n; i++) {
		const Op *o = &f->ops.v[i];
		if (o->kind != O_ASSIGN || !fromparam(f, g->u, o->b, 0))
			continue;
		const Node *l = &f->nodes.v[o->a];
		if (l->kind != N_VAR || l->sym < 0 || g->u->syms.v[l->sym].kind == SYM_GLOBAL)
			return true;
	}
	for (int i = 0; i < f->calls.n; i++) {
		int h = f->calls.v[i].kind == C_DIRECT ? calledfn(p, unitof(p, g->u), &f->calls.v[i]) : -1;
		if (h >= 0 && &p->fns.v[h] != g && storesparam(p, &p->fns.v[h], depth + 1))
			return true;
	}
	return false;
}

/* A launch whose kernel stores a pointer argument away: each pointer
 * argument's buffer may now be found through device globals and through
 * the memory the other arguments point to. */
static void
handsaway(Solver *s, PFunc *pf, const Call *c)
{
	Prog *p = s->p;
	for (int j = 0; j < c->nargs; j++) {
		for (int l = 0; l < p->locs.n; l++)
			if (p->locs.v[l].kind == L_VAR && p->locs.v[l].fn < 0 &&
			    (p->locs.v[l].space == SP_SYMBOL || p->locs.v[l].space == SP_MANAGED))
				cons(s, K_COPY, l, nodevar(pf, c->argv[j]));
		for (int i = 0; i < c->nargs; i++)
			if (i != j)
				cons(s, K_STORE, nodevar(pf, c->argv[i]), nodevar(pf, c->argv[j]));
	}
}

static void
callcons(Solver *s, PFunc *pf, const Call *c, const Ints *sites)
{
	Prog *p = s->p;
	int ui = unitof(p, pf->u);
	if (c->kind == C_DEPENDENT && c->ncands > 0) { /* each candidate's constraints */
		for (int i = 0; i < c->ncands; i++) {
			Call d = candcall(pf->u, c, i);
			callcons(s, pf, &d, NULL);
		}
		return;
	}
	int fid = calledfn(p, ui, c);
	if (c->kind == C_LAUNCH) { /* kernel parameters get symbolic objects instead */
		int k = c->kernel >= 0 ? symfn(p, ui, c->kernel) : -1;
		if (k >= 0 && storesparam(p, &p->fns.v[k], 0))
			handsaway(s, pf, c);
		return;
	}
	if (c->kind == C_DEFAULTED) { /* memberwise: the object receives what the source holds */
		for (int i = 0; i < c->nargs; i++) {
			int t = temp(s);
			cons(s, K_LOAD, t, nodevar(pf, c->argv[i]));
			cons(s, K_STORE, c->self >= 0 ? nodevar(pf, c->self) : -1, t);
			if (callresult(pf->f, c->argv[i])) /* maybe a struct by value: its node holds what it holds */
				cons(s, K_STORE, c->self >= 0 ? nodevar(pf, c->self) : -1, nodevar(pf, c->argv[i]));
		}
		if (c->self >= 0)
			cons(s, K_COPY, nodevar(pf, c->ret), nodevar(pf, c->self));
		return;
	}
	const Rule *r = ruleof(p, c, fid);
	if (fid >= 0) {
		PFunc *g = &p->fns.v[fid];
		int k = 0;
		if (g->f->thissym >= 0) {
			cons(s, K_COPY, symloc(p, unitof(p, g->u), g->f->params.v[0]), c->self >= 0 ? nodevar(pf, c->self) : -1);
			k = 1;
		}
		for (int i = 0; i < c->nargs && k + i < g->f->params.n; i++)
			cons(s, K_COPY, symloc(p, unitof(p, g->u), g->f->params.v[k + i]), nodevar(pf, c->argv[i]));
		if (g->f->retsym >= 0)
			cons(s, K_COPY, nodevar(pf, c->ret), symloc(p, unitof(p, g->u), g->f->retsym));
	} else if (r && r->kind != RK_UNKNOWN && (sites || !rulealloc(r)))
		rulecons(s, pf, c, r, sites);
	else if (!r && c->kind == C_DIRECT && c->callee >= 0 && valuefn(&pf->u->syms.v[c->callee]))
		; /* computes a value from values: no address in or out */
	else
		unknowncons(s, pf, c);
}

static void
nodecons(Solver *s, PFunc *pf, int n, int allocloc)
{
	Prog *p = s->p;
	const Node *x = &pf->f->nodes.v[n];
	int v = nodevar(pf, n);
	switch (x->kind) {
	case N_VAR:
		cons(s, K_BASE, v, symloc(p, unitof(p, pf->u), x->sym));
		break;
	case N_DEREF:
	case N_ADDR:
		cons(s, K_COPY, v, nodevar(pf, x->a));
		break;
	case N_LOAD:
		cons(s, K_LOAD, v, nodevar(pf, x->a));
		break;
	case N_ALLOC:
		cons(s, K_BASE, v, allocloc);
		break;
	case N_JOIN:
		cons(s, K_COPY, v, nodevar(pf, x->a));
		cons(s, K_COPY, v, nodevar(pf, x->b));
		break;
	case N_UNKNOWN:
		cons(s, K_BASE, v, LOC_UNKNOWN);
		break;
	}
}

/* The line of the new-expression whose object is node n: its statement's
 * (the function's first line when it is no allocation cuflow records). */
static int
newline(const Func *f, int n)
{
	for (int i = 0; i < f->allocs.n; i++)
		if (f->allocs.v[i].obj == n && f->allocs.v[i].node >= 0)
			return f->st.v[f->allocs.v[i].node].line;
	return f->line;
}

/* Heap sites first (locations must all exist before variables are numbered). */
static void
makesites(Prog *p, PFunc *pf, int **nodesite, Ints **callsites)
{
	Func *f = pf->f;
	*nodesite = xcalloc(f->nodes.n, sizeof **nodesite);
	*callsites = xcalloc(f->calls.n, sizeof **callsites);
	for (int n = 0; n < f->nodes.n; n++)
		if (f->nodes.v[n].kind == N_ALLOC)
			(*nodesite)[n] = site(p, pf, f->nodes.v[n].sym ? f->nodes.v[n].sym : SP_HOST, "new", newline(f, n));
	int ui = unitof(p, pf->u);
	for (int ci = 0; ci < f->calls.n; ci++) {
		const Call *c = &f->calls.v[ci];
		int fid = calledfn(p, ui, c);
		const Rule *r = ruleof(p, c, fid);
		for (int e = 0; r && e < r->neff; e++)
			vpush((*callsites)[ci], r->eff[e].what == EF_ALLOC ? site(p, pf, r->eff[e].space, c->name, c->line) : -1);
	}
}

static void
kernelparams(Solver *s, PFunc *pf)
{
	Prog *p = s->p;
	int ui = unitof(p, pf->u);
	Func *f = pf->f;
	for (int i = 0; i < f->params.n; i++) {
		int sym = f->params.v[i];
		if (!(pf->u->syms.v[sym].flags & SYMF_PTR))
			continue;
		char *name = fmt("what %s's parameter %s points to", pf->u->syms.v[f->sym].name, pf->u->syms.v[sym].name);
		int o = newloc(p, L_PARAMOBJ, SP_DEVICE, name, ui, f->line, pf->id);
		free(name);
		p->locs.v[o].param = i;
		cons(s, K_BASE, symloc(p, ui, sym), o);
		cons(s, K_BASE, o, o);
	}
}

static void
entryparams(Solver *s, PFunc *pf)
{
	int ui = unitof(s->p, pf->u);
	for (int i = 0; i < pf->f->params.n; i++) {
		int sym = pf->f->params.v[i];
		if (pf->u->syms.v[sym].flags & (SYMF_PTR | SYMF_REF | SYMF_RECORD))
			cons(s, K_BASE, symloc(s->p, ui, sym), LOC_UNKNOWN);
	}
}

/* ---------------------------------------------------------------- solver */

static bool
addedge(Solver *s, Ints *list, int from, int to, int tag)
{
	uint64_t key = (uint64_t)tag << 62 | (uint64_t)(uint32_t)from << 31 | (uint32_t)to;
	Edge *e;
	HASH_FIND(hh, s->edges, &key, sizeof key, e);
	if (e)
		return false;
	e = xcalloc(1, sizeof *e);
	e->key = key;
	HASH_ADD(hh, s->edges, key, sizeof key, e);
	vpush(*list, to);
	return true;
}

static void
enqueue(Solver *s, int v)
{
	if (!s->queued[v]) {
		s->queued[v] = true;
		vpush(s->work, v);
	}
}

static void
solve(Solver *s)
{
	Prog *p = s->p;
	for (unsigned step = 1; s->work.n; step++) {
		if (!(step & 0xfff) && overmem(p))
			return; /* the program is refused: its sets need not be complete */
		int v = s->work.v[--s->work.n];
		s->queued[v] = false;
		Bits *pv = &p->pts[v];
		/* new locations reached by v: wire its loads and stores to them */
		for (int l = bnext(pv, 0); l >= 0; l = bnext(pv, l + 1)) {
			if (bhas(&s->done[v], l))
				continue;
			bset(&s->done[v], l);
			for (int i = 0; i < s->load[v].n; i++)
				if (addedge(s, &s->copy[l], l, s->load[v].v[i], 0) && !bempty(&p->pts[l]))
					enqueue(s, l);
			for (int i = 0; i < s->store[v].n; i++) {
				int src = s->store[v].v[i];
				if (addedge(s, &s->copy[src], src, l, 0) && !bempty(&p->pts[src]))
					enqueue(s, src);
			}
		}
		for (int i = 0; i < s->copy[v].n; i++) {
			int w = s->copy[v].v[i];
			if (w != v && bor(&p->pts[w], pv))
				enqueue(s, w);
		}
	}
}

/* Heap objects are named after the first variable pointing to them, one
 * of the allocating function first (a callee's parameter is a worse name
 * for the caller's buffer): two passes over the variables' sets, not one
 * over all variables per object (that was quadratic in the program's size). */
static void
namesites(Prog *p)
{
	Bits named = bnew(p->locs.n);
	for (int v = 0; v < 2 * p->locs.n; v++) {
		Loc *x = &p->locs.v[v % p->locs.n];
		if (x->kind != L_VAR || (x->flags & SYMF_ARRAY) || !strcmp(x->name, "return") || !strcmp(x->name, "this"))
			continue; /* a function's return slot names no buffer a reader knows: its caller's variable will */
		const Bits *to = &p->pts[v % p->locs.n];
		for (int l = bnext(to, 0); l >= 0; l = bnext(to, l + 1)) {
			Loc *h = &p->locs.v[l];
			if (h->kind != L_HEAP || h->unit != x->unit || bhas(&named, l) || (v < p->locs.n && x->fn != h->fn))
				continue;
			bset(&named, l);
			char *name = fmt("the buffer %s points to (%s)", x->name, h->name);
			free(h->name);
			h->name = name;
		}
	}
	bfree(&named);
}

static void
escapes(Prog *p)
{
	p->escapable = bnew(p->locs.n);
	for (int l = 0; l < p->locs.n; l++) {
		Loc *x = &p->locs.v[l];
		bool local = x->kind == L_VAR && !(x->flags & SYMF_STATIC) && !(x->flags & SYMF_ADDRTAKEN);
		if (!local)
			bset(&p->escapable, l);
	}
}

void
solvepts(Prog *p)
{
	Solver s = {0};
	s.p = p;
	VEC(int *) nodesites = {0};
	VEC(Ints *) callsites = {0};
	for (int f = 0; f < p->fns.n; f++) {
		int *ns;
		Ints *cs;
		makesites(p, &p->fns.v[f], &ns, &cs);
		vpush(nodesites, ns);
		vpush(callsites, cs);
	}
	cons(&s, K_BASE, LOC_UNKNOWN, LOC_UNKNOWN);
	for (int f = 0; f < p->fns.n; f++)
		if (p->fns.v[f].f->kind == FN_KERNEL)
			kernelparams(&s, &p->fns.v[f]);
		else if (p->open[f]) /* callers cuflow does not see (callers.c): they may point anywhere */
			entryparams(&s, &p->fns.v[f]);
	int nv = p->locs.n;
	for (int f = 0; f < p->fns.n; f++) {
		PFunc *pf = &p->fns.v[f];
		pf->base = nv;
		nv += pf->f->nodes.n;
		for (int n = 0; n < pf->f->nodes.n; n++)
			nodecons(&s, pf, n, nodesites.v[f][n]);
		for (int i = 0; i < pf->f->ops.n; i++) {
			const Op *o = &pf->f->ops.v[i];
			if (o->kind == O_ASSIGN)
				cons(&s, K_STORE, nodevar(pf, o->a), nodevar(pf, o->b));
			else if (o->kind == O_CALL)
				callcons(&s, pf, &pf->f->calls.v[o->call], &callsites.v[f][o->call]);
		}
	}
	/* globals outside code can see may hold anything once unknown code runs:
	 * a library's own (optarg) after any such call, the program's after a
	 * call to code that can name them */
	for (int l = 0; s.unknowncall && l < p->locs.n; l++) {
		Loc *x = &p->locs.v[l];
		if (x->kind == L_VAR && (x->flags & SYMF_EXTERN) && (x->flags & SYMF_PTR) &&
		    ((x->flags & SYMF_SYSTEM) || s.unknownuser))
			cons(&s, K_BASE, l, LOC_UNKNOWN);
	}
	p->nvars = nv + s.ntemp;
	int n = p->nvars;
	p->pts = xcalloc(n, sizeof *p->pts);
	s.copy = xcalloc(n, sizeof *s.copy);
	s.load = xcalloc(n, sizeof *s.load);
	s.store = xcalloc(n, sizeof *s.store);
	s.done = xcalloc(n, sizeof *s.done);
	s.queued = xcalloc(n, sizeof *s.queued);
	for (int v = 0; v < n; v++) {
		p->pts[v] = bnew(p->locs.n);
		s.done[v] = bnew(p->locs.n);
	}
	for (int i = 0; i < s.cons.n; i++) {
		Cons *c = &s.cons.v[i];
		if (c->a <= -2) /* temporaries go after the nodes */
			c->a = nv + (-2 - c->a);
		if (c->kind != K_BASE && c->b <= -2)
			c->b = nv + (-2 - c->b);
		switch (c->kind) {
		case K_BASE:
			bset(&p->pts[c->a], c->b);
			enqueue(&s, c->a);
			break;
		case K_COPY:
			addedge(&s, &s.copy[c->b], c->b, c->a, 0);
			break;
		case K_LOAD:
			vpush(s.load[c->b], c->a);
			enqueue(&s, c->b);
			break;
		case K_STORE:
			vpush(s.store[c->a], c->b);
			enqueue(&s, c->a);
			break;
		}
	}
	for (int v = 0; v < n; v++)
		if (!bempty(&p->pts[v]))
			enqueue(&s, v);
	solve(&s);
	escapes(p);
	namesites(p);
	Edge *e, *t;
	HASH_ITER(hh, s.edges, e, t) {
		HASH_DEL(s.edges, e);
		free(e);
	}
	for (int v = 0; v < n; v++) {
		vfree(s.copy[v]);
		vfree(s.load[v]);
		vfree(s.store[v]);
		bfree(&s.done[v]);
	}
	free(s.copy);
	free(s.load);
	free(s.store);
	free(s.done);
	free(s.queued);
	vfree(s.work);
	vfree(s.cons);
	for (int f = 0; f < p->fns.n; f++) {
		free(nodesites.v[f]);
		for (int c = 0; c < p->fns.v[f].f->calls.n; c++)
			vfree(callsites.v[f][c]);
		free(callsites.v[f]);
	}
	vfree(nodesites);
	vfree(callsites);
}
