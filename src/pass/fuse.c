/* fuse.c: transfer and allocation fusion (issue 19's `fuse` pass;
 * doc/fuse.md), after Kessler, "Global optimization of operand transfer
 * fusion in heterogeneous computing" (SCOPES 2022).
 *
 * Every cudaMemcpy pays a startup of several microseconds whatever its size;
 * copies of buffers that lie side by side on both sides become one copy when
 * they may run at the same time. Per host function:
 *
 * 1. Candidates: blocking `cudaMemcpy(d, h, S, kind);` statements (a `copy`
 *    rule with `sync(copy,N)`, a literal direction) of a whole buffer: d is
 *    a variable that one cudaMalloc-like statement of the function set, h
 *    one that a malloc-like declaration set, both with size text S. Such a
 *    pair of allocations is a member when cuflow sees every use of them (see
 *    memberbar: no unseen code, no pointer comparison, only copies, memsets,
 *    launches and one plain free each, their variables and sizes set once).
 * 2. Windows (Kessler's earliest-latest intervals, within a block): a copy
 *    may move down to the place of a later copy of the same direction while
 *    the statements it passes touch neither its bytes nor what the device
 *    work it waited for uses, and do not jump, exit, read a clock or call
 *    code cuflow cannot see; and up to an earlier one past statements that do
 *    not produce or use its bytes, past device work only when nothing after
 *    its old place observes that work before a wait (see upward).
 * 3. The affinity graph: members whose copies' windows overlap, weighted by
 *    the places they share; per connected component a maximum-weight
 *    Hamiltonian path (exact for up to 12 members, greedy from every start
 *    beyond) is the layout order.
 * 4. Each copy takes a place in its window so that the copies at each place
 *    form the fewest runs of consecutive members (local search from the
 *    original, the latest and the earliest places; single and whole-place
 *    moves).
 * 5. A run pays when its sizes are not constants (the startup is saved and
 *    the guard gaps cost nothing measurable) or when the startups it saves
 *    are at least 1% of its time (fusebench's constants below); members in no
 *    fused run leave the layout.
 * 6. The rewrite: one cudaMalloc and one malloc per group, members at
 *    256-byte aligned offsets in layout order with a guard gap of at least
 *    256 bytes after each (a kernel's small overrun lands in the gap, not in a
 *    neighbour); each run becomes `cudaMemcpy(d_first, h_first, (size_t)((char
 *    *)d_last - (char *)d_first) + S_last, kind)`; the frees become one, at
 *    the last of them. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "analysis/analysis.h"

/* fusebench (tests/gpu/fuse/fusebench.cu) on an H200: the startup of a
 * blocking pageable copy, and the pageable bandwidths of pinbench. */
#define STARTUP 7000.0 /* ns */
#define UPBW 7.1       /* bytes per ns */
#define DOWNBW 11.0
#define PAYS 0.01      /* the saved startups' share of the run's time */
#define EXACT 12       /* members up to which the layout path is exact */

/* One side of a member: its allocation, either a value stored into the
 * variable (al, a host allocation in any spelling: the call, or new[], is
 * replaced) or a call setting it through its address (out: cudaMalloc,
 * cudaMallocHost; the statement is replaced); and its free. */
typedef struct {
	int loc, sym, varloc;
	int node, call;    /* the allocation's statement, and its call (-1: new[]) */
	int al;            /* its Alloc, or -1 for an out-parameter call */
	bool pinned;       /* a page-locked host buffer (cudaMallocHost) */
	bool zero;         /* its memory starts zeroed (calloc, new T[n]()) */
	char *size;        /* its bytes, as an expression */
	char *flags;       /* cudaHostAlloc's flags argument, or NULL */
	int free;          /* its free statement's node, or -1 */
	int fcall, fdel;   /* the free's call or Delete, -1 for the other */
} Side;

typedef struct {
	Side h, d;
	char *why;
	int whyline;
	int comp, rank; /* connected component, place in its layout (-1: out) */
} Mem;

typedef struct {
	int node, call, list, pos, dir, m; /* call: the copy's, of its statement's calls */
	Ints win;  /* the places it may take: copies of the same block and direction, its own first */
	int at;    /* the place chosen: the copy it joins, as an index of Fz.x */
	char *why;
	int whyline;
	const char *stop; /* what ends its window, at line stopline */
	int stopline;
	char *upstop; /* what ends it upward, or NULL */
	bool fused;
	bool unfit; /* its statement is more than the copy: kept, and no place for others */
} Xfer;

typedef struct {
	Prog *p;
	PFunc *pf;
	const Func *f;
	const Unit *u;
	Plan *plan;
	VEC(Mem) m;
	VEC(Xfer) x; /* every candidate copy; each is also a place the others may join */
} Fz;

static void
bar(char **why, int *line, int at, char *w)
{
	if (*why) {
		free(w);
		return;
	}
	*why = w;
	*line = at;
}

static bool
haseff(const Rule *r, int what, int arg, int space)
{
	for (int i = 0; r && i < r->neff; i++)
		if (r->eff[i].what == what && r->eff[i].arg == arg && (space < 0 || r->eff[i].space == space))
			return true;
	return false;
}

/* The direction of call c if it is a blocking copy `copy(a, b, S, kind)`
 * between the host and the device (1 up, 2 down), or 0. */
static int
copydir(const Fz *z, const Call *c)
{
	const Rule *r = callrule(z->p, z->pf, c);
	if (!r || r->kind != RK_COPY || (r->flags & RF_ASYNC) || c->nargs != 4 || !haseff(r, EF_SYNC, 3, SY_COPY) ||
	    !haseff(r, EF_WRITE, 0, -1) || !haseff(r, EF_READ, 1, -1))
		return 0;
	return c->argk[3] == 1 || c->argk[3] == 2 ? (int)c->argk[3] : 0;
}

/* The direction of statement v's blocking copy (0: none) and its call in
 * *call; *why when the statement is more than `copy(a, b, S, kind);`, which
 * the pass cannot take alone: it keeps the copy and says so. */
static int
copystmt(const Fz *z, int v, int *call, const char **why)
{
	const Stmt *st = &z->f->st.v[v];
	*why = NULL;
	if (st->kind != ST_PLAIN || !(st->flags & SF_INMAIN))
		return 0;
	int dir = 0;
	for (int i = 0; i < st->ncall && !dir; i++)
		if ((dir = copydir(z, &z->f->calls.v[st->call0 + i])))
			*call = st->call0 + i;
	if (!dir)
		return 0;
	if (st->flags & SF_MACRO)
		*why = "its statement is a macro's (a CHECK(...) around it), whose text the pass does not change";
	else if (st->flags & SF_DIRECTIVE)
		*why = "a preprocessor directive is inside its statement";
	else if (!callalone(z->u, st, &z->f->calls.v[*call], false))
		*why = "its statement does more than the copy (a check of its result, an assignment, a comma), and "
		       "the pass fuses copies that are statements of their own";
	else if (st->ncall != 1)
		*why = "an argument calls a function (v.data(), a getter): the pass fuses buffers held in pointer "
		       "variables";
	return dir;
}

/* The variable a value node loads, or -1. */
static int
loadvar(const Func *f, int node)
{
	const Node *n = &f->nodes.v[node];
	if (n->kind != N_LOAD || f->nodes.v[n->a].kind != N_VAR)
		return -1;
	return f->nodes.v[n->a].sym;
}

static char *
squeeze(const char *s)
{
	char *t = xstrdup(s), *o = t;
	for (; *s; s++)
		if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
			*o++ = *s;
	*o = 0;
	return t;
}

static bool
sametxt(const char *a, const char *b)
{
	char *x = squeeze(a), *y = squeeze(b);
	bool same = !strcmp(x, y);
	free(x);
	free(y);
	return same;
}

/* A factor of one, squeezed. */
static bool
unit(const char *x)
{
	static const char *const one[] = {"1", "sizeof(char)", "sizeof(unsignedchar)", "sizeof(signedchar)",
	                                  "sizeof(uint8_t)", "sizeof(int8_t)"};
	for (size_t k = 0; k < sizeof one / sizeof *one; k++)
		if (!strcmp(x, one[k]))
			return true;
	return false;
}

static void
freeall(Strs *s)
{
	for (int k = 0; k < s->n; k++)
		free(s->v[k]);
	s->n = 0;
}

static int
cmpstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Add the factors of product q (squeezed) to f, parenthesised products
 * flattened and factors of one dropped; false when q has an operator other
 * than `*` outside parentheses (a parenthesised sum is one factor). */
static bool
factors(const char *q, int n, Strs *f)
{
	int depth = 0, from = 0;
	for (int i = 0; i <= n; i++) {
		char c = i < n ? q[i] : '*';
		if (c == '(' || c == '[')
			depth++;
		else if (c == ')' || c == ']')
			depth--;
		else if (depth == 0 && c != '*' && !isident(c) && c != '.')
			return false;
		if (depth || c != '*')
			continue;
		if (i == from)
			return false;
		char *x = xstrndup(q + from, (size_t)(i - from));
		Strs in = {0};
		if (x[0] == '(' && closeparen(x, 0, i - from) == i - from && factors(x + 1, i - from - 2, &in)) {
			for (int k = 0; k < in.n; k++)
				vpush(*f, in.v[k]);
			free(x);
		} else {
			freeall(&in);
			if (unit(x))
				free(x);
			else
				vpush(*f, x);
		}
		vfree(in);
		from = i + 1;
	}
	return true;
}

/* A product's factors in one order: n*sizeof(float) and sizeof(float)*n
 * are one size. Anything but a product is left as it is. */
static char *
product(char *q)
{
	Strs f = {0};
	if (factors(q, strlen(q), &f) && f.n >= 1) {
		qsort(f.v, f.n, sizeof *f.v, cmpstr);
		size_t len = 1;
		for (int i = 0; i < f.n; i++)
			len += strlen(f.v[i]) + 1;
		char *r = xmalloc(len);
		r[0] = 0;
		for (int i = 0; i < f.n; i++)
			strcat(strcat(r, i ? "*" : ""), f.v[i]);
		free(q);
		q = r;
	}
	freeall(&f);
	vfree(f);
	return q;
}

/* Size text t, compared: blanks and (size_t) casts dropped, a local of the
 * function that only its declaration sets replaced by its initialiser
 * (size_t s = n * sizeof(float); then s), a product's factors sorted. */
static char *
sizeform(const Fz *z, const char *t, int depth)
{
	char *q = squeeze(t);
	for (char *c; (c = strstr(q, "(size_t)"));)
		memmove(c, c + 8, strlen(c + 8) + 1);
	bool ident = *q && !(*q >= '0' && *q <= '9');
	for (const char *c = q; *c && ident; c++)
		ident = isident(*c);
	for (int v = 2; ident && depth < 4 && v < z->f->st.n; v++) {
		const Stmt *st = &z->f->st.v[v];
		for (int d = 0; d < st->decls.n && d < st->dbeg.n; d++) {
			const Sym *y = &z->u->syms.v[st->decls.v[d]];
			if (strcmp(y->name, q) || y->kind != SYM_LOCAL)
				continue;
			int l = symloc(z->p, unitidx(z->p, z->u), st->decls.v[d]), writes = 0;
			for (int w = 2; l >= 0 && w < z->f->st.n; w++)
				writes += bhas(&z->pf->st[w].wr, l);
			const char *eq = memchr(z->u->src + st->dbeg.v[d], '=', st->dend.v[d] - st->dbeg.v[d]);
			if (writes != 1 || !eq || eq[1] == '=')
				continue;
			char *init = xstrndup(eq + 1, (size_t)(z->u->src + st->dend.v[d] - eq - 1));
			char *r = sizeform(z, init, depth + 1);
			free(init);
			free(q);
			return r;
		}
	}
	return product(q);
}

/* Are the two size texts the same value, as far as the text tells? */
static bool
samesize(const Fz *z, const char *a, const char *b)
{
	char *x = sizeform(z, a, 0), *y = sizeform(z, b, 0);
	bool same = !strcmp(x, y);
	free(x);
	free(y);
	return same;
}

/* Only `;` (and blanks) in [a, b). */
static bool
onlysemi(const char *src, int a, int b)
{
	int semi = 0;
	for (int j = a; j < b; j++)
		if (src[j] == ';')
			semi++;
		else if (!strchr(" \t\r\n", src[j]))
			return false;
	return semi == 1;
}

/* A size with no side effect: no assignment, increment or call of its own. */
static bool
puresize(const char *s)
{
	for (int i = 0; s[i]; i++)
		if ((s[i] == '+' && s[i + 1] == '+') || (s[i] == '-' && s[i + 1] == '-') ||
		    (s[i] == '=' && (i == 0 || !strchr("=!<>", s[i - 1])) && s[i + 1] != '='))
			return false;
	return true;
}

/* ---------------------------------------------------------------- members */

/* Can code cuflow cannot see reach the variable itself: is its address
 * stored in memory, or passed to a call other than one allocation? */
static bool
addrescapes(const Fz *z, int varloc)
{
	const Prog *p = z->p;
	for (int l = 0; l < p->locs.n; l++)
		if (bhas(&p->pts[l], varloc))
			return true;
	int once = 0;
	for (int fi = 0; fi < p->fns.n; fi++) {
		const PFunc *g = &p->fns.v[fi];
		for (int ci = 0; g->st && ci < g->f->calls.n; ci++) {
			const Call *c = &g->f->calls.v[ci];
			bool hit = c->self >= 0 && bhas(&p->pts[nodevar(g, c->self)], varloc);
			for (int a = 0; a < c->nargs && !hit; a++)
				hit = bhas(&p->pts[nodevar(g, c->argv[a])], varloc);
			const Rule *r = hit && g == z->pf && c->kind == C_DIRECT ? rules_find(p->rules, c->name) : NULL;
			if (hit && !(r && haseff(r, EF_ALLOC, 0, -1) && once++ == 0))
				return true;
		}
	}
	return false;
}

/* Does statement v only declare variable sym with a null initialiser
 * (float *d = NULL; before cudaMalloc(&d, n))? That sets nothing fusing
 * changes. */
static bool
nullinit(const Fz *z, int v, int sym)
{
	const Stmt *st = &z->f->st.v[v];
	bool decl = false;
	for (int i = 0; i < st->decls.n; i++)
		decl |= st->decls.v[i] == sym;
	for (int o = st->op0; decl && o < st->op0 + st->nop; o++) {
		const Op *op = &z->f->ops.v[o];
		if (op->kind == O_ASSIGN && z->f->nodes.v[op->a].kind == N_VAR && z->f->nodes.v[op->a].sym == sym)
			return false;
	}
	return decl && st->ncall == 0;
}

/* The one statement of the function that writes the variable, a null
 * initialiser aside: its allocation; or -1 (none, or more than one: *unk,
 * one that may through code cuflow cannot see). */
static int
setter(const Fz *z, int sym, int varloc, int *unk)
{
	int at = -1, n = 0;
	bool reach = bhas(&z->p->escapable, varloc) && addrescapes(z, varloc);
	for (int v = 2; v < z->f->st.n; v++) {
		const Eff *e = &z->pf->st[v];
		if (bhas(&e->wr, LOC_UNKNOWN) && reach && (e->ex & EX_UNKNOWN))
			*unk = v;
		if ((bhas(&e->wr, varloc) && !nullinit(z, v, sym)) || (bhas(&e->wr, LOC_UNKNOWN) && reach))
			at = v, n++;
	}
	return n == 1 ? at : -1;
}

/* An out-parameter allocation, `alloc([(void **)]&p, S);` (cudaMalloc,
 * cudaMallocHost: a rule's alloc(*0, space) of two arguments), as the
 * whole statement. */
static char *
outside(const Fz *z, Side *s, int space)
{
	const Stmt *st = &z->f->st.v[s->node];
	if (st->kind != ST_PLAIN || st->ncall != 1 || (st->flags & SF_MACRO))
		return xstrdup("is allocated inside a macro or a statement that does more than allocate it");
	if (st->flags & SF_DIRECTIVE)
		return xstrdup("has a preprocessor directive inside its allocation");
	const Call *c = &z->f->calls.v[st->call0];
	const Rule *r = callrule(z->p, z->pf, c);
	if (!r || !haseff(r, EF_ALLOC, 0, space) || (c->nargs != 2 && (space != SP_PINNED || c->nargs != 3)))
		return fmt("is not allocated by a %s call of two arguments (%s)", space == SP_DEVICE ? "cudaMalloc-like" :
		           "cudaMallocHost-like", c->name);
	const Node *a = &z->f->nodes.v[c->argv[0]];
	if (a->kind != N_ADDR || z->f->nodes.v[a->a].kind != N_VAR || z->f->nodes.v[a->a].sym != s->sym)
		return fmt("is allocated through an expression other than &%s", z->u->syms.v[s->sym].name);
	if (c->off != st->begin || !onlysemi(z->u->src, c->end, st->end))
		return xstrdup("is allocated by a statement that does more than the allocation");
	s->call = st->call0;
	s->al = -1;
	s->pinned = space == SP_PINNED;
	s->size = calltext(z->u->src, c->off, st->end, 1, c->nargs);
	s->flags = c->nargs == 3 ? calltext(z->u->src, c->off, st->end, 2, c->nargs) : NULL; /* cudaHostAlloc */
	if (s->flags && !strcmp(s->flags, "?") && callargc(z->u->src, c->off, st->end) == 2) { /* the C++ cudaMallocHost(&p, n) leaves its flags to their default */
		free(s->flags);
		s->flags = NULL;
	}
	if (!strcmp(s->size, "?") || (s->flags && !strcmp(s->flags, "?")))
		return xstrdup("is allocated by a call whose arguments its text does not tell apart (a comma between "
		               "template arguments)");
	return NULL;
}

/* The device side: an out-parameter cudaMalloc. */
static char *
devside(const Fz *z, Side *s)
{
	return outside(z, s, SP_DEVICE);
}

/* The host side: an allocation stored into the variable, in any spelling
 * (malloc, calloc, new T[n], casts, several declarators, an assignment),
 * or an out-parameter cudaMallocHost. */
static char *
hostside(const Fz *z, Side *s)
{
	for (int i = 0; i < z->f->allocs.n; i++) {
		const Alloc *a = &z->f->allocs.v[i];
		if (a->node != s->node || a->sym != s->sym)
			continue;
		if (a->macro || (z->f->st.v[s->node].flags & SF_DIRECTIVE))
			return xstrdup("is allocated through a macro or around a preprocessor directive");
		s->al = i;
		s->call = a->call;
		s->zero = a->zero;
		s->size = allocbytes(z->u, a);
		return NULL;
	}
	return outside(z, s, SP_PINNED);
}

/* Does the parenthesised type ending at byte r-1 of s (its ')' or a
 * named cast's '>') name no pointer: a cast of an address to an integer,
 * ((uintptr_t)p % 4096, reinterpret_cast<size_t>(p)), whose value a fused
 * block changes? */
static bool
intcast(const char *s, int a, int r)
{
	char close = s[r], open = close == ')' ? '(' : '<';
	int depth = 0;
	for (int i = r; i >= a; i--) {
		depth += (s[i] == close) - (s[i] == open);
		if (s[i] == '*' || s[i] == '&' || s[i] == ';' || s[i] == '{' || s[i] == '}')
			return false;
		if (depth == 0)
			return close == ')' || (i >= a + 16 && !strncmp(s + i - 16, "reinterpret_cast", 16));
	}
	return false;
}

/* Is the variable compared as a pointer (==, !=, <, >, <=, >=, !) or
 * cast to an integer in [a, b) of u? Subscripts and member access do not
 * count. */
static bool
compared(const Unit *u, int a, int b, const char *name)
{
	size_t n = strlen(name);
	const char *s = u->src;
	for (int i = a; i + (int)n <= b; i++) {
		if (strncmp(s + i, name, n) || (i > 0 && isident(s[i - 1])) || isident(s[i + n]))
			continue;
		int l = i - 1, r = i + (int)n;
		while (l >= a && (s[l] == ' ' || s[l] == '\t'))
			l--;
		while (r < b && (s[r] == ' ' || s[r] == '\t'))
			r++;
		if (r < b && (s[r] == '[' || (s[r] == '-' && s[r + 1] == '>')))
			continue;
		bool right = r + 1 < b && ((s[r] == '=' && s[r + 1] == '=') || (s[r] == '!' && s[r + 1] == '=') ||
		                           ((s[r] == '<' || s[r] == '>') && s[r + 1] != s[r]));
		bool left = l > a && ((s[l] == '=' && s[l - 1] == '=') || (s[l] == '=' && s[l - 1] == '!') ||
		                      ((s[l] == '<' || s[l] == '>') && s[l - 1] != s[l] && s[l - 1] != '-') ||
		                      (s[l] == '!' && s[l + 1] != '='));
		if (right || left)
			return true;
		if (l > a && s[l] == ')' && intcast(s, a, l))
			return true;
		if (l > a && s[l] == '(') { /* reinterpret_cast<T>(p) */
			int m = l - 1;
			while (m > a && (s[m] == ' ' || s[m] == '\t'))
				m--;
			if (s[m] == '>' && intcast(s, a, m))
				return true;
		}
	}
	return false;
}

/* Does any variable that may point to the site get compared as a pointer? */
static bool
comparesite(const Fz *z, int loc)
{
	const Prog *p = z->p;
	for (int fi = 0; fi < p->fns.n; fi++) {
		const PFunc *g = &p->fns.v[fi];
		int ui = unitidx(p, g->u);
		for (int k = 0; k < g->u->syms.n; k++) {
			const Sym *y = &g->u->syms.v[k];
			int l = (y->kind == SYM_LOCAL || y->kind == SYM_PARAM) && y->owner == g->f->sym ? symloc(p, ui, k) : -1;
			if (l >= 0 && bhas(&p->pts[l], loc) &&
			    ((y->flags & SYMF_ADDRVAL) || compared(g->u, g->f->begin, g->f->end, y->name)))
				return true;
		}
	}
	return false;
}

/* Every call of the program that touches the site: copies, memsets,
 * launches, host-only library calls and the program's own functions may;
 * one plain free in this function; anything else keeps it apart. */
static char *
touches(const Fz *z, Side *s, bool dev, int *line, const Unit **u)
{
	const Prog *p = z->p;
	s->free = -1;
	for (int fi = 0; fi < p->fns.n; fi++) {
		const PFunc *g = &p->fns.v[fi];
		if (!g->st || (g->f->kind != FN_HOST && g->f->kind != FN_HOSTDEVICE))
			continue;
		for (int ci = 0; ci < g->f->calls.n; ci++) {
			const Call *c = &g->f->calls.v[ci];
			bool hit = false;
			for (int a = 0; a < c->nargs && !hit; a++)
				hit = bhas(&p->pts[nodevar(g, c->argv[a])], s->loc);
			if (!hit || c->kind == C_LAUNCH || (c->kind == C_DIRECT && calledfn(p, unitidx(p, g->u), c) >= 0))
				continue;
			const Rule *r = c->kind == C_DIRECT ? rules_find(p->rules, c->name) : NULL;
			*line = c->line;
			*u = g->u;
			if (!r)
				return fmt("is passed to %s, which cuflow cannot see", c->name);
			if (haseff(r, EF_FREE, 0, -1)) {
				int v = callnode(g->f, ci);
				if (g != z->pf || s->free >= 0 || c->nargs != 1 || loadvar(g->f, c->argv[0]) != s->sym || v < 0 ||
				    g->f->st.v[v].ncall != 1 || c->off != g->f->st.v[v].begin ||
				    !onlysemi(z->u->src, c->end, g->f->st.v[v].end) ||
				    (g->f->st.v[v].flags & (SF_MACRO | SF_DIRECTIVE)))
					return fmt("is freed by %s other than once, by a statement of its own in %s()", c->name,
					           z->u->syms.v[z->f->sym].name);
				s->free = v;
				s->fcall = ci;
				s->fdel = -1;
				continue;
			}
			if (r->kind == RK_COPY && (r->flags & RF_ASYNC))
				return fmt("is copied by %s, which may still run when the host goes on", c->name);
			if (r->kind == RK_COPY || r->kind == RK_MEMSET || (!dev && (r->kind == RK_HOST || r->kind == RK_PURE ||
			                                                            r->kind == RK_IO)))
				if (!haseff(r, EF_ALLOC, ARG_RET, -1) && !haseff(r, EF_ALLOC, 0, -1))
					continue;
			return fmt("is passed to %s", c->name);
		}
	}
	for (int fi = 0; fi < p->fns.n; fi++) { /* delete[]: new[]'s free */
		const PFunc *g = &p->fns.v[fi];
		for (int i = 0; g->st && i < g->f->dels.n; i++) {
			const Delete *d = &g->f->dels.v[i];
			if (!bhas(&p->pts[nodevar(g, d->val)], s->loc))
				continue;
			const Stmt *st = &g->f->st.v[d->node];
			*line = st->line;
			*u = g->u;
			if (g != z->pf || s->free >= 0 || !d->array || dev || s->pinned || s->call >= 0 ||
			    loadvar(g->f, d->val) != s->sym || d->b != st->begin || !onlysemi(z->u->src, d->e, st->end) ||
			    (st->flags & (SF_MACRO | SF_DIRECTIVE)))
				return fmt("is freed by delete other than once, as delete[] of new[] by a statement of its own in %s()",
				           z->u->syms.v[z->f->sym].name);
			s->free = d->node;
			s->fdel = i;
			s->fcall = -1;
		}
	}
	*line = 0;
	return NULL;
}

/* why, about *line of u: a line of another file is named in the text. */
static char *
infile(const Fz *z, char *why, const Unit *u, int *line)
{
	if (!why || !u || u == z->u)
		return why;
	char *w = fmt("%s (%s:%d)", why, relpath(u->path), *line);
	free(why);
	*line = 0;
	return w;
}

/* Why one side of a member cannot be fused, or NULL. */
static char *
sidebar(const Fz *z, Side *s, bool dev, int *line)
{
	const Sym *y = &z->u->syms.v[s->sym];
	*line = z->f->st.v[s->node].line;
	if (y->kind != SYM_LOCAL || y->owner != z->f->sym || !(y->flags & SYMF_PTR) ||
	    (y->flags & (SYMF_ARRAY | SYMF_REF | SYMF_STATIC | SYMF_VOLATILE)))
		return fmt("is not held in a plain local pointer of %s()", z->u->syms.v[z->f->sym].name);
	if (z->pf->loop[s->node] >= 0)
		return xstrdup("is allocated in a loop");
	if (addrescapes(z, s->varloc)) /* it may change behind cuflow's back */
		return xstrdup("has its pointer's address stored in memory or passed to a call other than its allocation");
	char *why = dev ? devside(z, s) : hostside(z, s);
	if (why)
		return why;
	if (!puresize(s->size))
		return xstrdup("has a size with a side effect");
	const Unit *uu = NULL;
	if ((why = touches(z, s, dev, line, &uu)))
		return infile(z, why, uu, line);
	int ul = 0;
	char *u = unseenat(z->p, s->loc, &ul, &uu);
	const char *hid = u ? NULL : hiddenptr(z->p, s->loc, &ul, &uu);
	if (hid)
		u = fmt("is named in code another configuration compiles (as %s), which may free or copy it", hid);
	if ((u = infile(z, u, uu, &ul))) {
		*line = ul;
		return u;
	}
	if (comparesite(z, s->loc))
		return xstrdup("is compared as a pointer or converted to an integer (through its variable or another that may point to it)");
	return NULL;
}

static int
memberof(Fz *z, int hloc, int dloc)
{
	for (int i = 0; i < z->m.n; i++)
		if (z->m.v[i].h.loc == hloc && z->m.v[i].d.loc == dloc)
			return i;
	return -1;
}

static bool
editedstmt(const Fz *z, int v)
{
	const Stmt *st = &z->f->st.v[v];
	int from = linestart(z->u->src, st->begin); /* another pass inserts whole lines, before the indentation */
	for (int c = 0; c < z->plan->n; c++)
		for (int k = 0; z->plan->v[c].u == z->u && k < z->plan->v[c].edits.n; k++) {
			const Edit *e = &z->plan->v[c].edits.v[k];
			if (e->off <= st->end && e->off + e->len >= from)
				return true;
		}
	return false;
}

/* Are the n bytes at s a name? */
static bool
isname(const char *s, int n)
{
	for (int i = 0; i < n; i++)
		if (!isident(s[i]) || (i == 0 && s[i] >= '0' && s[i] <= '9'))
			return false;
	return n > 0;
}

/* An argument's text without the casts and parentheses around it: a cast
 * changes the pointer's type, not the buffer it points to; &x[0] is x. */
static char *
bare(const char *t)
{
	char *s = squeeze(t);
	for (bool again = true; again;) {
		int n = strlen(s), close;
		again = false;
		if (s[0] == '(' && (close = closeparen(s, 0, n)) > 0) {
			if (close == n) { /* (x) */
				memmove(s, s + 1, n - 2);
				s[n - 2] = 0;
				again = true;
			} else if (s[close - 2] == '*') { /* (T *)x */
				memmove(s, s + close, n - close + 1);
				again = true;
			}
		} else if (s[0] == '&' && n > 4 && !strcmp(s + n - 3, "[0]") && isname(s + 1, n - 4)) { /* &x[0] */
			memmove(s, s + 1, n - 4);
			s[n - 4] = 0;
			again = true;
		} else if (strstr(s, "_cast<") && s[n - 1] == ')') { /* static_cast<T *>(x) */
			char *open = strstr(s, ">(");
			if (open && closeparen(s, open + 1 - s, n) == n) {
				memmove(s, open + 1, n - (open + 1 - s) + 1);
				again = true;
			}
		}
	}
	return s;
}

/* Why a copy's argument is not a variable the pass can fuse: what it is. */
static char *
notplain(const char *t, bool host)
{
	char *b = bare(t), *why;
	if (b[0] == '&')
		why = fmt("its %s side, %s, is the address of a variable, not a buffer", host ? "host" : "device", t);
	else if (strstr(b, "->") || strchr(b, '.'))
		why = fmt("its %s side, %s, is held in a struct member; the pass fuses buffers held in local variables",
		          host ? "host" : "device", t);
	else if (strpbrk(b, "+-[("))
		why = fmt("its %s side, %s, is not the start of a buffer held in a variable", host ? "host" : "device", t);
	else
		why = fmt("its %s side, %s, is an array, not a heap buffer", host ? "host" : "device", t);
	free(b);
	return why;
}

/* The member a candidate copy moves, made on first sight; -1 with x->why. */
static int
fillmember(Fz *z, Xfer *x)
{
	const Call *c = &z->f->calls.v[x->call];
	int ui = unitidx(z->p, z->u);
	int hv = loadvar(z->f, c->argv[x->dir == 1 ? 1 : 0]), dv = loadvar(z->f, c->argv[x->dir == 1 ? 0 : 1]);
	const Stmt *st = &z->f->st.v[x->node];
	char *ht = calltext(z->u->src, st->begin, st->end, x->dir == 1 ? 1 : 0, c->nargs),
	     *dt = calltext(z->u->src, st->begin, st->end, x->dir == 1 ? 0 : 1, c->nargs);
	char *hb = bare(ht), *db = bare(dt);
	bool hplain = hv >= 0 && !strcmp(hb, z->u->syms.v[hv].name), dplain = dv >= 0 && !strcmp(db, z->u->syms.v[dv].name);
	free(hb);
	free(db);
	char *np = hplain && dplain ? NULL : notplain(hplain ? dt : ht, !hplain);
	free(ht);
	free(dt);
	if (np) {
		x->why = np;
		return -1;
	}
	const Bits *hp = &z->p->pts[symloc(z->p, ui, hv)], *dp = &z->p->pts[symloc(z->p, ui, dv)];
	int hl = bnext(hp, 0), dl = bnext(dp, 0);
	if (hl < 0 || dl < 0 || bnext(hp, hl + 1) >= 0 || bnext(dp, dl + 1) >= 0 || z->p->locs.v[hl].kind != L_HEAP ||
	    z->p->locs.v[dl].kind != L_HEAP ||
	    (z->p->locs.v[hl].space != SP_HOST && z->p->locs.v[hl].space != SP_PINNED) ||
	    z->p->locs.v[dl].space != SP_DEVICE) {
		x->why = fmt("%s and %s do not each point to one heap buffer of this function (a host and a device "
		             "allocation)",
		             z->u->syms.v[hv].name, z->u->syms.v[dv].name);
		return -1;
	}
	int i = memberof(z, hl, dl);
	if (i >= 0)
		return i;
	Mem m = {.h = {.loc = hl, .sym = hv, .varloc = symloc(z->p, ui, hv)},
	         .d = {.loc = dl, .sym = dv, .varloc = symloc(z->p, ui, dv)},
	         .comp = -1,
	         .rank = -1};
	int unk = -1;
	m.h.node = setter(z, hv, m.h.varloc, &unk);
	m.d.node = setter(z, dv, m.d.varloc, &unk);
	m.h.free = m.d.free = -1;
	for (int k = 0; k < z->m.n; k++)
		if (z->m.v[k].h.loc == hl || z->m.v[k].d.loc == dl) {
			bar(&m.why, &m.whyline, 0, xstrdup("is copied to or from two different buffers"));
			bar(&z->m.v[k].why, &z->m.v[k].whyline, 0, xstrdup("is copied to or from two different buffers"));
		}
	if (unk >= 0)
		bar(&m.why, &m.whyline, z->f->st.v[unk].line,
		    fmt("%s calls %s, which cuflow cannot see and which may change the buffers' pointers",
		        z->u->syms.v[z->f->sym].name, z->pf->st[unk].unk ? z->pf->st[unk].unk : "code"));
	if (m.h.node < 0 || m.d.node < 0)
		bar(&m.why, &m.whyline, 0,
		    fmt("%s is set by more than one statement of %s()", z->u->syms.v[m.h.node < 0 ? hv : dv].name,
		        z->u->syms.v[z->f->sym].name));
	int line;
	char *why = m.why ? NULL : sidebar(z, &m.h, false, &line);
	if (why)
		bar(&m.why, &m.whyline, line, fmt("the host buffer %s %s", z->u->syms.v[hv].name, why));
	why = m.why ? NULL : sidebar(z, &m.d, true, &line);
	if (why)
		bar(&m.why, &m.whyline, line, fmt("the device buffer %s %s", z->u->syms.v[dv].name, why));
	if (!m.why && !samesize(z, m.h.size, m.d.size))
		bar(&m.why, &m.whyline, z->f->st.v[m.d.node].line,
		    fmt("its host and device allocations differ in size (%s, %s)", m.h.size, m.d.size));
	if (!m.why && (editedstmt(z, m.h.node) || editedstmt(z, m.d.node) || (m.h.free >= 0 && editedstmt(z, m.h.free)) ||
	               (m.d.free >= 0 && editedstmt(z, m.d.free))))
		bar(&m.why, &m.whyline, 0, xstrdup("an allocation or free of it is text another pass changes"));
	vpush(z->m, m);
	return z->m.n - 1;
}

/* ---------------------------------------------------------------- windows */

static bool
ok(const Fz *z, const Xfer *x)
{
	return x->m >= 0 && !x->why && !z->m.v[x->m].why;
}

/* May copy x move down past node v? NULL, or what stops it. *kio: a
 * printing kernel may be in flight (then no output may pass). */
static const char *
passes(const Fz *z, const Xfer *x, const Bits *prd, const Bits *pwr, int v, bool *kio, bool waitsall)
{
	const Prog *p = z->p;
	const Stmt *st = &z->f->st.v[v];
	const Eff *e = &z->pf->st[v], *t = &z->pf->st[x->node];
	if (st->kind == ST_RETURN || st->kind == ST_BREAK || st->kind == ST_CONTINUE || st->kind == ST_GOTO ||
	    st->kind == ST_LABEL || st->kind == ST_OPAQUE ||
	    (st->flags & (SF_JUMP | SF_DIRECTIVE | SF_HIDDEN | SF_NORETURN | SF_THROW | SF_ASM | SF_VOLATILE)))
		return "may jump, or holds a directive or code cuflow does not decompose";
	if (e->ex & EX_UNKNOWN)
		return "calls code cuflow cannot see";
	if (e->ex & (EX_EXIT | EX_THROW))
		return "may end the program";
	if (e->ex & (EX_TIMER | EX_UNSAFE | EX_VOLATILE | EX_MANAGED | EX_CONFIG))
		return "reads a clock, or touches volatile or managed memory, or differs between configurations";
	if ((e->ex & EX_IO) && *kio)
		return "prints while a printing kernel may run (the copy's wait orders the output)";
	*kio |= (e->ex & EX_KIO) != 0;
	if ((!MUTANT(p->opts, 11) && conflicts(p, &e->wr, &t->rd)) || conflicts(p, &e->wr, &t->wr) || conflicts(p, &e->rd, &t->wr) ||
	    conflicts(p, &e->pwr, &t->rd) || conflicts(p, &e->pwr, &t->wr) || conflicts(p, &e->prd, &t->wr))
		return "touches the bytes the copy reads or writes";
	if (conflicts(p, pwr, &e->rd) || conflicts(p, pwr, &e->wr) || conflicts(p, prd, &e->wr))
		if (!(e->ex & EX_SYNC) || !waitsall)
			return "touches memory of the device work the copy waits for";
	return NULL;
}

/* A directive in [a, b) that may change what text means past it: a
 * conditional (other configurations compile other code there), or a
 * #define or #undef of a name the text uses. */
static bool
dirhit(const Unit *u, int a, int b, const char *text)
{
	if (conddirective(u, a, b) >= 0)
		return true;
	for (int i = 0; i < u->directives.n; i++) {
		int d = u->directives.v[i];
		if (d < a || d >= b)
			continue;
		const char *s = u->src + d;
		while (*s == ' ' || *s == '\t' || *s == '#')
			s++;
		if (strncmp(s, "define", 6) && strncmp(s, "undef", 5))
			continue;
		s += strcspn(s, " \t");
		s += strspn(s, " \t");
		size_t n = 0;
		while (isident(s[n]))
			n++;
		for (const char *t = text; n && *t; t++)
			if (!strncmp(t, s, n) && !isident(t[n]) && (t == text || !isident(t[-1])))
				return true;
	}
	return false;
}

static char *
stmttext(const Fz *z, int v)
{
	const Stmt *st = &z->f->st.v[v];
	return xstrndup(z->u->src + st->begin, (size_t)(st->end - st->begin));
}

/* May node v be a copy this pass moves? */
static bool
moves(const Fz *z, int v)
{
	for (int i = 0; i < z->x.n; i++)
		if (z->x.v[i].node == v)
			return ok(z, &z->x.v[i]);
	return false;
}

/* Is location l device memory, or an object of device code (a kernel's
 * locals), which the host cannot touch but through the CUDA API? */
static bool
devonly(const Prog *p, int l)
{
	const Loc *o = &p->locs.v[l];
	if (o->space == SP_DEVICE)
		return true;
	int k = o->fn >= 0 ? p->fns.v[o->fn].f->kind : FN_HOST;
	return o->kind != L_UNKNOWN && (k == FN_KERNEL || k == FN_DEVICE);
}

/* Does the device work w (read prd, written pwr; kio: it may print) stay
 * unobserved from list position k on, up to the first wait for all of it
 * that no pass moves? (A blocking copy that moved up no longer waits for
 * the work it passed.) */
static bool
unobserved(const Fz *z, const List *l, int k, const Bits *prd, const Bits *pwr, bool kio)
{
	for (; k < l->first.n; k++)
		for (int v = l->first.v[k]; v <= l->last.v[k]; v++) {
			const Stmt *st = &z->f->st.v[v];
			const Eff *e = &z->pf->st[v];
			if (moves(z, v)) /* its own window keeps it after the work it reads */
				continue;
			if ((e->ex & (EX_DEVSYNC | EX_DEFSYNC)) && l->first.v[k] == l->last.v[k])
				return true;
			if (st->kind == ST_RETURN || st->kind == ST_BREAK || st->kind == ST_CONTINUE || st->kind == ST_GOTO ||
			    st->kind == ST_LABEL || st->kind == ST_OPAQUE || (st->flags & (SF_JUMP | SF_DIRECTIVE | SF_HIDDEN)) ||
			    (e->ex & (EX_UNKNOWN | EX_EXIT | EX_THROW | EX_TIMER | EX_UNSAFE | EX_VOLATILE | EX_MANAGED |
			              EX_CONFIG | EX_SYNC)) ||
			    ((e->ex & EX_IO) && kio) || conflicts(z->p, pwr, &e->rd) || conflicts(z->p, pwr, &e->wr) ||
			    conflicts(z->p, prd, &e->wr))
				return false;
		}
	/* The block ends before a wait. Device memory alone, no output, and no
	   other stream or unseen code in the function: only copies and syncs,
	   ordered after the work on the legacy stream, can observe it. */
	if (kio || (z->pf->sum.ex & (EX_STREAMOP | EX_UNKNOWN)))
		return false;
	const Bits *both[] = {prd, pwr};
	for (int k2 = 0; k2 < 2; k2++)
		for (int l2 = bnext(both[k2], 0); l2 >= 0; l2 = bnext(both[k2], l2 + 1))
			if (!devonly(z->p, l2))
				return false;
	return true;
}

/* The anchors above x it may move up to (Kessler's earliest point): past
 * statements that do not produce its source or touch its destination, do not
 * jump or print beside a printing kernel; past device work only when what
 * follows x's place up to the next wait does not observe that work, since x
 * no longer waits for it there. Never where another stream's work may be
 * in flight: above a sync that waited for it, the copy would race it. */
static void
upward(Fz *z, Xfer *x)
{
	const List *l = &z->f->lists.v[x->list];
	const Pend *in = &z->pf->in[x->node];
	if (in->sany || !bempty(&in->srd) || !bempty(&in->swr) || (z->pf->st[x->node].ex & EX_STREAMOP))
		return;
	int nl = z->p->locs.n;
	Bits none = bnew(nl), wrd = bnew(nl), wwr = bnew(nl); /* the device work x moves above */
	bool kio = false, wkio = false;
	char *text = stmttext(z, x->node);
	for (int k = x->pos - 1; k >= 0; k--) {
		const Stmt *at = &z->f->st.v[l->first.v[k]];
		if (dirhit(z->u, at->end, z->f->st.v[x->node].begin, text))
			break;
		const char *stop = NULL;
		for (int v = l->first.v[k]; v <= l->last.v[k] && !stop; v++) {
			const Eff *e = &z->pf->st[v];
			const Pend *pv = &z->pf->in[v];
			stop = passes(z, x, &none, &none, v, &kio, false);
			if (!stop && (e->ex & EX_IO) && (pv->ex & EX_KIO))
				stop = "prints while a printing kernel may run (the copy's wait orders the output)";
			if (!stop && (pv->sany || !bempty(&pv->srd) || !bempty(&pv->swr)))
				stop = "has work on another stream in flight before it, which a copy on the legacy stream above it "
				       "would not wait for if that stream is non-blocking";
			bor(&wrd, &e->prd);
			bor(&wwr, &e->pwr);
			wkio |= (e->ex & EX_KIO) != 0;
		}
		if (stop) {
			x->upstop = fmt("line %d %s", at->line, stop);
			break;
		}
		if ((!bempty(&wrd) || !bempty(&wwr) || wkio) && !unobserved(z, l, x->pos + 1, &wrd, &wwr, wkio)) {
			x->upstop = fmt("above line %d, the device work it passes would go on unwaited for while the host "
			                "after it runs",
			                at->line);
			break;
		}
		for (int i = 0; i < z->x.n; i++) {
			const Xfer *y = &z->x.v[i];
			if (y->list == x->list && y->pos == k && y->dir == x->dir && ok(z, y) && y->m != x->m)
				vpush(x->win, i);
		}
	}
	free(text);
	bfree(&none);
	bfree(&wrd);
	bfree(&wwr);
}

/* x's window: the anchors (same block, same direction) it may move to. */
static void
window(Fz *z, Xfer *x)
{
	const List *l = &z->f->lists.v[x->list];
	int nl = z->p->locs.n;
	Bits prd = bnew(nl), pwr = bnew(nl);
	pendwork(z->p, &z->pf->in[x->node], &prd, &pwr);
	bool kio = (z->pf->in[x->node].ex & EX_KIO) != 0, go = true;
	const Pend *in = &z->pf->in[x->node];
	bool other = in->sany || !bempty(&in->srd) || !bempty(&in->swr); /* work on other streams may be in flight */
	vpush(x->win, (int)(x - z->x.v));
	char *text = stmttext(z, x->node);
	for (int k = x->pos + 1; k < l->first.n && go; k++) {
		const Stmt *at = &z->f->st.v[l->first.v[k]];
		if (dirhit(z->u, z->f->st.v[x->node].end, at->begin, text)) {
			x->stop = "follows a preprocessor conditional, or a #define or #undef of a name the copy uses";
			x->stopline = at->line;
			break;
		}
		for (int i = 0; i < z->x.n; i++) {
			const Xfer *y = &z->x.v[i];
			if (y->list == x->list && y->pos == k && y->dir == x->dir && ok(z, y) && y->m != x->m)
				vpush(x->win, i);
		}
		for (int v = l->first.v[k]; v <= l->last.v[k] && go; v++) {
			/* a wait for all that work (a blocking copy on the legacy stream): it
			   needs none of it done before; past it none is left, unless it may move */
			const Eff *e = &z->pf->st[v];
			bool all = (e->ex & EX_DEVSYNC) || ((e->ex & EX_DEFSYNC) && !other);
			if ((x->stop = passes(z, x, &prd, &pwr, v, &kio, all))) {
				x->stopline = z->f->st.v[v].line;
				go = false;
			} else if (all && l->first.v[k] == l->last.v[k] && !moves(z, v)) {
				bclear(&prd);
				bclear(&pwr);
			}
		}
	}
	free(text);
	bfree(&prd);
	bfree(&pwr);
	upward(z, x);
}

/* ---------------------------------------------------------------- layout */

typedef struct {
	int n;
	double *w;  /* n*n affinities */
	int *order; /* the layout: positions -> local indices */
} Comp;

static double
pathweight(const Comp *c, const int *ord)
{
	double s = 0;
	for (int i = 0; i + 1 < c->n; i++)
		s += c->w[ord[i] * c->n + ord[i + 1]];
	return s;
}

/* A maximum-weight Hamiltonian path: Held-Karp for small components, the
 * best greedy path from every start beyond (Kessler uses a randomised
 * heuristic; this one is deterministic). */
static void
hampath(Comp *c)
{
	int n = c->n;
	c->order = xcalloc(n, sizeof *c->order);
	if (n <= EXACT) {
		size_t full = (size_t)1 << n;
		double *dp = xmalloc(full * n * sizeof *dp);
		int *from = xmalloc(full * n * sizeof *from);
		for (size_t s = 0; s < full * n; s++)
			dp[s] = -1, from[s] = -1;
		for (int i = 0; i < n; i++)
			dp[((size_t)1 << i) * n + i] = 0;
		for (size_t s = 1; s < full; s++)
			for (int i = 0; i < n; i++) {
				double d = dp[s * n + i];
				if (d < 0)
					continue;
				for (int j = 0; j < n; j++) {
					size_t t = s | ((size_t)1 << j);
					if (t == s || dp[t * n + j] >= d + c->w[i * n + j])
						continue;
					dp[t * n + j] = d + c->w[i * n + j];
					from[t * n + j] = i;
				}
			}
		int end = 0;
		for (int i = 1; i < n; i++)
			if (dp[(full - 1) * n + i] > dp[(full - 1) * n + end])
				end = i;
		size_t s = full - 1;
		for (int k = n - 1; k >= 0; k--) {
			c->order[k] = end;
			int prev = from[s * n + end];
			s &= ~((size_t)1 << end);
			end = prev;
		}
		free(dp);
		free(from);
		return;
	}
	int *ord = xcalloc(n, sizeof *ord);
	bool *used = xcalloc(n, sizeof *used);
	double best = -1;
	for (int s0 = 0; s0 < n; s0++) {
		memset(used, 0, n * sizeof *used);
		ord[0] = s0;
		used[s0] = true;
		for (int k = 1; k < n; k++) {
			int nx = -1;
			for (int j = 0; j < n; j++)
				if (!used[j] && (nx < 0 || c->w[ord[k - 1] * n + j] > c->w[ord[k - 1] * n + nx]))
					nx = j;
			ord[k] = nx;
			used[nx] = true;
		}
		double w = pathweight(c, ord);
		if (w > best) {
			best = w;
			memcpy(c->order, ord, n * sizeof *ord);
		}
	}
	free(ord);
	free(used);
}

/* ---------------------------------------------------------------- places */

static int
cmpint(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* The copies at each place form how many runs of consecutive members? (A
 * copy of a member out of the layout is a run of its own.) */
static int
runcount(const Fz *z, const Ints *xs)
{
	int total = 0, *r = xcalloc(xs->n + 1, sizeof *r);
	for (int i = 0; i < xs->n; i++) { /* a place whose own copy left is no place */
		int a = z->x.v[xs->v[i]].at;
		if (a != xs->v[i] && z->x.v[a].at != a)
			total += 1000;
	}
	bool *done = xcalloc(xs->n + 1, sizeof *done);
	for (int i = 0; i < xs->n; i++) {
		if (done[i])
			continue;
		int n = 0;
		const Xfer *a = &z->x.v[xs->v[i]];
		for (int j = i; j < xs->n; j++) {
			const Xfer *b = &z->x.v[xs->v[j]];
			if (done[j] || b->at != a->at || b->dir != a->dir)
				continue;
			done[j] = true;
			int rk = z->m.v[b->m].rank;
			r[n++] = rk < 0 ? -1000000 - j * 2 : rk;
		}
		qsort(r, n, sizeof *r, cmpint);
		for (int k = 0; k < n; k++)
			total += k == 0 || r[k] != r[k - 1] + 1;
	}
	free(r);
	free(done);
	return total;
}

static int
moved(const Fz *z, const Ints *xs)
{
	int n = 0;
	for (int i = 0; i < xs->n; i++)
		n += z->x.v[xs->v[i]].at != xs->v[i];
	return n;
}

static bool
inwin(const Xfer *x, int a)
{
	for (int i = 0; i < x->win.n; i++)
		if (x->win.v[i] == a)
			return true;
	return false;
}

/* Local search over the places of the component's copies xs. */
static void
improve(Fz *z, const Ints *xs)
{
	int best = runcount(z, xs), bm = moved(z, xs);
	for (int round = 0, better = 1; better && round < 64; round++) {
		better = 0;
		for (int i = 0; i < xs->n; i++) {
			Xfer *x = &z->x.v[xs->v[i]];
			int keep = x->at;
			for (int w = 0; w < x->win.n; w++) {
				int was = x->at, a = x->win.v[w];
				x->at = a;
				int c = runcount(z, xs), m = moved(z, xs);
				if (c < best || (c == best && m < bm))
					best = c, bm = m, keep = a, better = 1;
				x->at = was;
			}
			x->at = keep;
		}
		for (int a = 0; a < z->x.n; a++) /* a whole place to another */
			for (int b = 0; b < z->x.n; b++) {
				if (b == a)
					continue;
				bool can = false, all = true;
				for (int i = 0; i < xs->n && all; i++) {
					const Xfer *x = &z->x.v[xs->v[i]];
					if (x->at == a)
						can = true, all = inwin(x, b);
				}
				if (!can || !all)
					continue;
				for (int i = 0; i < xs->n; i++)
					if (z->x.v[xs->v[i]].at == a)
						z->x.v[xs->v[i]].at = -2 - b;
				int c = runcount(z, xs), m = moved(z, xs);
				bool take = c < best || (c == best && m < bm);
				for (int i = 0; i < xs->n; i++)
					if (z->x.v[xs->v[i]].at == -2 - b)
						z->x.v[xs->v[i]].at = take ? b : a;
				if (take)
					best = c, bm = m, better = 1;
			}
	}
}

/* The place of x's window that starts latest (how > 0) or earliest. */
static int
extreme(const Fz *z, const Xfer *x, int how)
{
	int best = x->win.v[0];
	for (int i = 1; i < x->win.n; i++) {
		int a = z->f->st.v[z->x.v[x->win.v[i]].node].begin, b = z->f->st.v[z->x.v[best].node].begin;
		if (how > 0 ? a > b : a < b)
			best = x->win.v[i];
	}
	return best;
}

/* Places from the original ones, the latest ones (Kessler's tight choice)
 * and the earliest (his greedy one), each improved; the best. */
static void
places(Fz *z, const Ints *xs)
{
	int *best = xcalloc(xs->n + 1, sizeof *best), bc = INT_MAX, bm = INT_MAX;
	for (int start = 0; start < 3; start++) {
		for (int i = 0; i < xs->n; i++) {
			const Xfer *x = &z->x.v[xs->v[i]];
			z->x.v[xs->v[i]].at = start == 0 ? xs->v[i] : extreme(z, x, start == 1 ? 1 : -1);
		}
		improve(z, xs);
		int c = runcount(z, xs), m = moved(z, xs);
		if (c < bc || (c == bc && m < bm)) {
			bc = c, bm = m;
			for (int i = 0; i < xs->n; i++)
				best[i] = z->x.v[xs->v[i]].at;
		}
	}
	for (int i = 0; i < xs->n; i++)
		z->x.v[xs->v[i]].at = best[i];
	free(best);
}

/* ---------------------------------------------------------------- runs */

typedef struct {
	int at, dir;
	int lo, hi; /* ranks */
	Ints xs;    /* its copies, by rank */
} Fused;
typedef VEC(Fused) FusedV;

static int
xofrank(const Fz *z, const Ints *xs, int at, int dir, int rank)
{
	for (int i = 0; i < xs->n; i++) {
		const Xfer *x = &z->x.v[xs->v[i]];
		if (x->at == at && x->dir == dir && z->m.v[x->m].rank == rank)
			return xs->v[i];
	}
	return -1;
}

/* The runs of two or more copies of the layout's members. */
static void
fillruns(const Fz *z, const Ints *xs, int nrank, FusedV *out)
{
	for (int a = 0; a < z->x.n; a++)
		for (int dir = 1; dir <= 2; dir++)
			for (int r = 0; r < nrank;) {
				int k = r;
				while (k < nrank && xofrank(z, xs, a, dir, k) >= 0)
					k++;
				if (k - r >= 2) {
					Fused run = {.at = a, .dir = dir, .lo = r, .hi = k - 1};
					for (int j = r; j < k; j++)
						vpush(run.xs, xofrank(z, xs, a, dir, j));
					vpush(*out, run);
				}
				r = k > r ? k : r + 1;
			}
}

static void
freeruns(FusedV *rs)
{
	for (int i = 0; i < rs->n; i++)
		vfree(rs->v[i].xs);
	vfree(*rs);
}

/* Does the run save at least PAYS of its time? Sizes that are not
 * constants: yes in a loop (the gaps cost nothing measurable), no outside
 * the function's loops, where it saves a few startups a call (as pinpays
 * decides; a caller's loop is not looked at). */
static bool
runpays(const Fz *z, const Fused *r, char **why)
{
	double bytes = 0;
	int k = r->xs.n;
	for (int i = 0; i < k; i++) {
		const Call *c = &z->f->calls.v[z->x.v[r->xs.v[i]].call];
		if (c->argk[2] != LLONG_MIN) {
			bytes += (double)c->argk[2];
			continue;
		}
		if (z->pf->loop[z->x.v[r->at].node] >= 0)
			return true;
		*why = fmt("fusing does not pay: the copies run once per call of %s(), outside its loops, and their sizes are "
		           "not constants: one copy instead of %d saves about %.0f us a call",
		           z->u->syms.v[z->f->sym].name, k, (k - 1) * STARTUP / 1e3);
		return false;
	}
	double t = bytes / (r->dir == 1 ? UPBW : DOWNBW) + k * STARTUP;
	if ((k - 1) * STARTUP >= PAYS * t)
		return true;
	*why = fmt("fusing does not pay: one copy instead of %d saves %.0f us of the %.2f ms its %.0f bytes take, less "
	           "than %.0f%%",
	           k, (k - 1) * STARTUP / 1e3, t / 1e6, bytes, PAYS * 100);
	return false;
}

/* ---------------------------------------------------------------- rewrite */

/* S + 511 rounded down to 256: S's slot, aligned, with a guard gap. */
static void
pad(Buf *b, const char *size)
{
	bool plain = true;
	for (const char *s = size; *s && plain; s++)
		plain = isident(*s) || strchr(" *().", *s);
	bprintf(b, plain ? "(%s + 511) / 256 * 256" : "((%s) + 511) / 256 * 256", size);
}

typedef struct {
	int n;
	int *by; /* rank -> member */
} Layout;

static int firstalloc(const Fz *z, const Layout *lay, bool dev);

static const Side *
side(const Fz *z, int m, bool dev)
{
	return dev ? &z->m.v[m].d : &z->m.v[m].h;
}

/* The slots of ranks [a, b) as terms after op, equal sizes counted once
 * ("k * slot"). */
static void
slots(Buf *b, const Fz *z, const Layout *lay, int a, int e, bool dev, const char *op)
{
	for (int k = a; k < e; k++) {
		const char *s = side(z, lay->by[k], dev)->size;
		bool seen = false;
		for (int j = a; j < k && !seen; j++)
			seen = sametxt(side(z, lay->by[j], dev)->size, s);
		if (seen)
			continue;
		int n = 1;
		for (int j = k + 1; j < e; j++)
			n += sametxt(side(z, lay->by[j], dev)->size, s);
		bputs(b, op);
		if (n > 1)
			bprintf(b, "%d * (", n);
		pad(b, s);
		if (n > 1)
			bputs(b, ")");
	}
}

/* The offset of rank r from rank q: +/- the slots between. */
static void
offset(Buf *b, const Fz *z, const Layout *lay, int q, int r, bool dev)
{
	slots(b, z, lay, q < r ? q : r, q < r ? r : q, dev, q < r ? " + " : " - ");
}

static char *
name(const Fz *z, int sym)
{
	return z->u->syms.v[sym].name;
}

/* Does a host member of the layout start zeroed (calloc, new T[n]())? Then
 * the block does (calloc). */
static bool
anyzero(const Fz *z, const Layout *lay)
{
	for (int k = 0; k < lay->n; k++)
		if (z->m.v[lay->by[k]].h.zero)
			return true;
	return false;
}

/* The declaration right before out-parameter allocation st that declares
 * only its variable sym, null or uninitialised (`float *b = NULL;` above
 * `cudaMallocHost(&b, n);`), as its type and name (`float *`, `b`): the two
 * become one declaration. False when it is not so simple. */
static bool
nulldecl(const Fz *z, const Stmt *st, int sym, int *prev, char **type)
{
	if (st->list < 0 || st->pos < 1)
		return false;
	const List *l = &z->f->lists.v[st->list];
	int v = l->first.v[st->pos - 1];
	const Stmt *d = &z->f->st.v[v];
	const char *src = z->u->src;
	if (v != l->last.v[st->pos - 1] || !nullinit(z, v, sym) || d->decls.n != 1 || d->spec < 0 || d->dbeg.n != 1 ||
	    (d->flags & SF_MACRO))
		return false;
	for (int i = d->end; i < st->begin; i++)
		if (!strchr(" \t\r\n", src[i]))
			return false;
	int b = d->dbeg.v[0], e = b;
	while (src[e] == '*' || src[e] == ' ')
		e++;
	const char *name = z->u->syms.v[sym].name;
	size_t n = strlen(name);
	if (e == b || strncmp(src + e, name, n) || (src[e + n] != ' ' && src[e + n] != '=' && src[e + n] != ';'))
		return false;
	int se = d->spec;
	while (se > d->begin && strchr(" \t\r\n", src[se - 1]))
		se--;
	int stars = 0;
	for (int i = b; i < e; i++)
		stars += src[i] == '*';
	*type = fmt("%.*s %.*s", se - d->begin, src + d->begin, stars, "****************");
	*prev = v;
	return stars <= 16;
}

/* Where member m is allocated on one side: its allocation's bytes, or its
 * statement's (two declarators of one declaration share the statement:
 * float *b = malloc(s), *a = malloc(s); b allocated first). */
static int
allocpos(const Fz *z, int m, bool dev)
{
	const Side *s = side(z, m, dev);
	return s->al >= 0 ? z->f->allocs.v[s->al].vb : z->f->st.v[s->node].begin;
}

/* The allocation of member m on one side: the base (the first allocated)
 * gets the whole block, the others an offset from the nearest member in
 * the layout allocated before. An out-parameter call's statement is
 * replaced; an allocation stored as a value has its call replaced (its
 * casts stay), new T[n] its whole value. */
static void
allocedit(const Fz *z, const Layout *lay, int m, bool dev, Edits *e)
{
	const Side *s = side(z, m, dev);
	const Stmt *st = &z->f->st.v[s->node];
	const char *src = z->u->src, *mn = name(z, s->sym);
	int rank = z->m.v[m].rank, ref = 0;
	bool base = m == firstalloc(z, lay, dev);
	int at = allocpos(z, m, dev);
	for (int k = 0; !base && k < lay->n; k++) /* the nearest rank allocated before m */
		if (allocpos(z, lay->by[k], dev) < at && abs(k - rank) < abs(ref - rank))
			ref = k;
	if (!base && allocpos(z, lay->by[ref], dev) >= at)
		for (int k = 0; k < lay->n; k++)
			if (allocpos(z, lay->by[k], dev) < at)
				ref = k;
	Buf off = {0}, total = {0}, b = {0};
	offset(&off, z, lay, ref, rank, dev);
	slots(&total, z, lay, 0, lay->n, dev, " + ");
	const char *tot = bstr(&total) + 3; /* past the first " + " */
	const char *rn = name(z, side(z, lay->by[ref], dev)->sym);
	if (s->al < 0) { /* an out-parameter call: the statement */
		const Call *c = &z->f->calls.v[s->call];
		int prev;
		char *type;
		if (base) {
			int open = c->off + (int)strcspn(src + c->off, "(");
			char *a0 = calltext(src, c->off, st->end, 0, c->nargs);
			bprintf(&b, "%.*s(%s, %s%s%s);", open - c->off, src + c->off, a0, tot, s->flags ? ", " : "",
			        s->flags ? s->flags : "");
			if (off.n)
				bprintf(&b, "\n%s = (decltype(%s))((char *)%s%s);", mn, mn, mn, bstr(&off));
			free(a0);
			replacestmt(z->u, st->begin, st->end, bstr(&b), e);
		} else if (nulldecl(z, st, s->sym, &prev, &type)) { /* declared right above: one declaration */
			bprintf(&b, "%s%s = (%s)((char *)%s%s);", type, mn, type, rn, bstr(&off));
			replacestmt(z->u, z->f->st.v[prev].begin, st->end, bstr(&b), e);
			free(type);
		} else {
			bprintf(&b, "%s = (decltype(%s))((char *)%s%s);", mn, mn, rn, bstr(&off));
			replacestmt(z->u, st->begin, st->end, bstr(&b), e);
		}
	} else {
		const Alloc *a = &z->f->allocs.v[s->al];
		int tb = a->sb, te = a->se;
		while (tb < te && strchr(" \t\r\n", src[tb]))
			tb++;
		while (te > tb && strchr(" \t\r\n", src[te - 1]))
			te--;
		char *type = a->kind == AL_NEW ? xstrndup(src + tb, (size_t)(te - tb)) : NULL;
		char *block = base ? (anyzero(z, lay) ? fmt("calloc(1, %s)", tot) : fmt("malloc(%s)", tot)) : xstrdup(rn);
		if (type) /* new T[n]: the whole value, typed */
			bprintf(&b, off.n || !base ? "(%s *)((char *)%s%s)" : "(%s *)%s%s", type, block, bstr(&off));
		else { /* the call, under the program's casts: a C cast takes char *, static_cast void * */
			int k = z->f->calls.v[s->call].off;
			while (k > a->vb && strchr(" \t\r\n", src[k - 1]))
				k--;
			bool ccast = k > a->vb && src[k - 1] == ')';
			bprintf(&b, off.n || !base ? (ccast ? "((char *)%s%s)" : "(void *)((char *)%s%s)") : "%s%s", block,
			        bstr(&off));
		}
		int at = type ? a->vb : z->f->calls.v[s->call].off, to = type ? a->ve : z->f->calls.v[s->call].end;
		addedit(e, at, to - at, xstrdup(bstr(&b)));
		free(type);
		free(block);
	}
	vfree(total);
	vfree(off);
	vfree(b);
}

/* Deletes statement v (and its line where it is alone there). */
static void
cutline(const Fz *z, int v, Edits *e)
{
	const Stmt *st = &z->f->st.v[v];
	cutstmt(z->u, st->begin, st->end, NULL, NULL, e);
}

/* The frees of one side: the last frees the block through the layout's
 * first member, the others go. A delete[] of the block becomes free()
 * (the block is malloc'd). */
static void
freesedit(const Fz *z, const Layout *lay, bool dev, Edits *e)
{
	const Side *last = NULL;
	for (int k = 0; k < lay->n; k++) {
		const Side *s = side(z, lay->by[k], dev);
		if (s->free >= 0 && (!last || z->f->st.v[s->free].begin > z->f->st.v[last->free].begin))
			last = s;
	}
	if (!last)
		return;
	for (int k = 0; k < lay->n; k++) {
		const Side *s = side(z, lay->by[k], dev);
		if (s != last)
			cutline(z, s->free, e);
	}
	const char *first = name(z, side(z, lay->by[0], dev)->sym);
	if (last->fdel >= 0) {
		const Delete *d = &z->f->dels.v[last->fdel];
		addedit(e, d->b, d->e - d->b, fmt("free(%s)", first));
	} else if (last->sym != side(z, lay->by[0], dev)->sym) {
		const Call *c = &z->f->calls.v[last->fcall];
		int open = c->off + (int)strcspn(z->u->src + c->off, "(");
		addedit(e, open, c->end - open, fmt("(%s)", first));
	}
}

/* One run's copy. */
static void
runtext(Buf *b, const Fz *z, const Layout *lay, const Fused *r)
{
	const Xfer *x0 = &z->x.v[r->xs.v[0]];
	const Call *c = &z->f->calls.v[x0->call];
	int first = lay->by[r->lo], last = lay->by[r->hi];
	const char *df = name(z, z->m.v[first].d.sym), *hf = name(z, z->m.v[first].h.sym);
	char *kind = calltext(z->u->src, c->off, z->f->st.v[x0->node].end, 3, c->nargs);
	bprintf(b, "%s(%s, %s, (size_t)((char *)%s - (char *)%s) + %s, %s);", c->name, r->dir == 1 ? df : hf,
	        r->dir == 1 ? hf : df, name(z, z->m.v[last].d.sym), df, z->m.v[last].d.size, kind);
	free(kind);
}

/* ---------------------------------------------------------------- groups */

/* Why the group's allocations and frees cannot become one, or NULL: each
 * side's allocations in one block, the sizes computable at the first, every
 * member freed (in one block, nothing between that jumps) or none. */
static char *
groupbar(const Fz *z, const Layout *lay, bool dev, int *line)
{
	const Side *b = side(z, firstalloc(z, lay, dev), dev);
	const Stmt *bs = &z->f->st.v[b->node];
	int nfree = 0, flist = -2, fa = -1, fz = -1;
	int n = z->f->st.n, ui = unitidx(z->p, z->u);
	bool *seen = xcalloc(n, sizeof *seen);
	Ints work = {0};
	vpush(work, b->node);
	while (work.n) { /* what runs after the base allocation */
		int v = work.v[--work.n];
		for (int i = 0; i < z->pf->succ[v].n; i++)
			if (!seen[z->pf->succ[v].v[i]]) {
				seen[z->pf->succ[v].v[i]] = true;
				vpush(work, z->pf->succ[v].v[i]);
			}
	}
	vfree(work);
	char *why = NULL;
	for (int k = 0; k < lay->n && !why; k++) {
		const Side *s = side(z, lay->by[k], dev);
		const Stmt *st = &z->f->st.v[s->node];
		*line = st->line;
		if (st->list != bs->list)
			why = fmt("%s is allocated in another block than %s", name(z, s->sym), name(z, b->sym));
		else if (dirhit(z->u, bs->begin, st->begin, s->size))
			why = fmt("a preprocessor conditional, or a #define or #undef of a name its size uses, lies between the "
			          "allocations of %s and %s",
			          name(z, b->sym), name(z, s->sym));
		const Bits *rd = &z->pf->st[s->node].rd;
		for (int v = 2; v < n && !why; v++)
			if (seen[v] && conflicts(z->p, &z->pf->st[v].wr, rd)) {
				*line = z->f->st.v[v].line;
				why = fmt("a variable of %s's size may change after the allocations", name(z, s->sym));
			}
		for (int v = 2; v < n && !why; v++) /* declared after the first allocation: not there yet */
			for (int d = 0; d < z->f->st.v[v].decls.n && !why; d++) {
				int l = symloc(z->p, ui, z->f->st.v[v].decls.v[d]);
				if (l >= 0 && bhas(rd, l) && z->f->st.v[v].begin >= bs->begin)
					why = fmt("%s's size uses %s, declared after the first allocation", name(z, s->sym),
					          locname(z->p, l));
			}
		if (s->free >= 0) {
			nfree++;
			const Stmt *fs = &z->f->st.v[s->free];
			if (flist != -2 && fs->list != flist)
				why = xstrdup("frees them in different blocks");
			flist = fs->list;
			fa = fa < 0 || fs->pos < fa ? fs->pos : fa;
			fz = fs->pos > fz ? fs->pos : fz;
		}
		const Side *s0 = side(z, lay->by[0], dev);
		if (!dev && k > 0 && s->pinned != s0->pinned)
			why = xstrdup("its host buffers are page-locked and pageable both: one block cannot be");
		else if (!dev && k > 0 && (!s->flags != !s0->flags || (s->flags && strcmp(s->flags, s0->flags))))
			why = xstrdup("its host buffers are allocated with different flags: one block cannot be");
	}
	free(seen);
	if (!why && nfree && nfree != lay->n)
		why = xstrdup("frees some of them and not others");
	const List *l = flist >= 0 ? &z->f->lists.v[flist] : NULL;
	if (!why && l && conddirective(z->u, z->f->st.v[l->first.v[fa]].begin, z->f->st.v[l->first.v[fz]].begin) >= 0)
		why = xstrdup("a preprocessor conditional lies between its frees");
	for (int k = fa + 1; !why && l && k < fz; k++)
		for (int v = l->first.v[k]; v <= l->last.v[k] && !why; v++) {
			const Stmt *st = &z->f->st.v[v];
			if (st->kind != ST_PLAIN || (st->flags & (SF_JUMP | SF_NORETURN | SF_THROW)) ||
			    (z->pf->st[v].ex & (EX_EXIT | EX_THROW | EX_UNKNOWN))) {
				*line = st->line;
				why = xstrdup("something between its frees may jump or end the program");
			}
		}
	return why;
}

/* The rewrite of one component's fused runs, as one change. */
static void
emitgroup(Fz *z, const Layout *lay, const FusedV *rs)
{
	const Xfer *x0 = &z->x.v[rs->v[0].xs.v[0]];
	Change ch = stmtchange(PASS_FUSE, CH_MOVE, z->u, name(z, z->f->sym), &z->f->st.v[x0->node], "cudaMemcpy");
	ch.how = FU_FUSE;
	Edits *e = &ch.edits;
	for (int k = 0; k < lay->n; k++) {
		allocedit(z, lay, lay->by[k], false, e);
		allocedit(z, lay, lay->by[k], true, e);
	}
	freesedit(z, lay, false, e);
	freesedit(z, lay, true, e);
	for (int a = 0; a < z->x.n; a++) { /* each place: its runs stand where its copy stood */
		Buf t = {0};
		const Stmt *st = &z->f->st.v[z->x.v[a].node];
		for (int i = 0; i < rs->n; i++)
			if (rs->v[i].at == a) {
				if (t.n)
					bputs(&t, "\n");
				runtext(&t, z, lay, &rs->v[i]);
			}
		bool joins = false; /* that copy is one of them: the runs replace it */
		for (int i = 0; i < rs->n; i++)
			for (int j = 0; j < rs->v[i].xs.n; j++)
				joins |= rs->v[i].xs.v[j] == a;
		if (t.n && joins)
			replacestmt(z->u, st->begin, st->end, bstr(&t), e);
		else if (t.n)
			insertbefore(z->u, st->begin, bstr(&t), 0, e);
		vfree(t);
	}
	for (int i = 0; i < rs->n; i++)
		for (int j = 0; j < rs->v[i].xs.n; j++) {
			int xi = rs->v[i].xs.v[j];
			z->x.v[xi].fused = true;
			vpush(ch.members, z->f->st.v[z->x.v[xi].node].line);
			if (xi != rs->v[i].at)
				cutline(z, z->x.v[xi].node, e);
		}
	ch.overlap = ch.members.n;
	ch.calls = rs->n;
	qsort(ch.members.v, ch.members.n, sizeof *ch.members.v, cmpint);
	Buf s = {0};
	for (int k = 0; k < lay->n; k++)
		bprintf(&s, "%s%s/%s", k ? ", " : "", name(z, z->m.v[lay->by[k]].d.sym), name(z, z->m.v[lay->by[k]].h.sym));
	bputs(&s, " now lie in one device and one host allocation, in that order, 256-byte aligned with a guard gap of at "
	          "least 256 bytes after each; ");
	for (int i = 0; i < rs->n; i++) {
		const Fused *r = &rs->v[i];
		bprintf(&s, "%s%s of", i ? "; " : "", r->dir == 1 ? "the uploads" : "the downloads");
		for (int j = 0; j < r->xs.n; j++)
			bprintf(&s, "%s %s", j ? (j == r->xs.n - 1 ? " and" : ",") : "",
			        name(z, z->m.v[z->x.v[r->xs.v[j]].m].d.sym));
		bprintf(&s, " run as one where the copy at line %d stood", z->f->st.v[z->x.v[r->at].node].line);
	}
	bputs(&s, ": the copies moved pass nothing that touches their bytes or what the device work before them uses, "
	          "and no device work a copy moved above is observed before the next wait; every allocation, free and use of these buffers is seen, none is compared as a pointer or converted to an integer, and the "
	          "sizes do not change after the allocations");
	ch.safe = bstr(&s);
	ch.bytes = xstrdup(z->m.v[lay->by[0]].d.size);
	ch.target = z->f->st.v[z->x.v[rs->v[0].at].node].line;
	vpush(*z->plan, ch);
}

/* ---------------------------------------------------------------- driver */

/* Union-find root. */
static int
root(int *up, int i)
{
	while (up[i] != i)
		i = up[i] = up[up[i]];
	return i;
}

/* The copies xs of one component: places, then the runs that pay; members
 * in no run leave the layout (its ranks close up) until none does. */
static void
settle(Fz *z, const Ints *xs, int *nrank, FusedV *rs)
{
	for (;;) {
		places(z, xs);
		fillruns(z, xs, *nrank, rs);
		bool reset = false;
		for (int i = 0; i < rs->n; i++) {
			char *why = NULL;
			if (runpays(z, &rs->v[i], &why))
				continue;
			for (int j = 0; j < rs->v[i].xs.n; j++) {
				Xfer *x = &z->x.v[rs->v[i].xs.v[j]];
				x->at = rs->v[i].xs.v[j];
				bar(&x->why, &x->whyline, 0, xstrdup(why));
			}
			free(why);
			reset = true;
		}
		if (reset) {
			freeruns(rs);
			fillruns(z, xs, *nrank, rs);
		}
		bool *inrun = xcalloc(*nrank + 1, sizeof *inrun);
		for (int i = 0; i < rs->n; i++)
			for (int k = rs->v[i].lo; k <= rs->v[i].hi; k++)
				inrun[k] = true;
		for (int i = 0; i < xs->n; i++) { /* a copy in no run stays where it is */
			Xfer *x = &z->x.v[xs->v[i]];
			bool in = false;
			for (int r = 0; r < rs->n && !in; r++)
				for (int j = 0; j < rs->v[r].xs.n; j++)
					in |= rs->v[r].xs.v[j] == xs->v[i];
			if (!in)
				x->at = xs->v[i];
		}
		int *to = xcalloc(*nrank + 1, sizeof *to), n = 0;
		for (int k = 0; k < *nrank; k++)
			to[k] = inrun[k] ? n++ : -1;
		bool dropped = n < *nrank;
		if (dropped) {
			bool *done = xcalloc(z->m.n, sizeof *done);
			for (int i = 0; i < xs->n; i++) {
				Mem *m = &z->m.v[z->x.v[xs->v[i]].m];
				if (!done[z->x.v[xs->v[i]].m] && m->rank >= 0)
					m->rank = to[m->rank];
				done[z->x.v[xs->v[i]].m] = true;
			}
			free(done);
		}
		free(inrun);
		free(to);
		*nrank = n;
		if (!dropped || !n)
			return;
		freeruns(rs);
	}
}

/* The layout of the component's members, and each side's first allocation. */
static Layout
layoutof(const Fz *z, const Ints *mems, int nrank)
{
	Layout lay = {.n = nrank, .by = xcalloc(nrank + 1, sizeof *lay.by)};
	for (int i = 0; i < mems->n; i++)
		if (z->m.v[mems->v[i]].rank >= 0)
			lay.by[z->m.v[mems->v[i]].rank] = mems->v[i];
	return lay;
}

static int
firstalloc(const Fz *z, const Layout *lay, bool dev)
{
	int b = lay->by[0];
	for (int k = 1; k < lay->n; k++)
		if (allocpos(z, lay->by[k], dev) < allocpos(z, b, dev))
			b = lay->by[k];
	return b;
}

/* With --passes=pin too, would pin make the host buffers page-locked? Then
 * fusing them now makes a pageable block: leave them to pin, and fuse them
 * page-locked in the next round (driver/fixpoint.c). */
static char *
pinnext(const Fz *z, const Layout *lay, const FusedV *rs)
{
	if (!(z->p->passes & (1u << PASS_PIN)) || side(z, lay->by[0], false)->pinned)
		return NULL;
	long long size = 0;
	int nup = 0, ndown = 0;
	bool loop = false;
	for (int k = 0; k < lay->n; k++) { /* the device side's size: its cudaMalloc is the one spelling */
		int dc = z->m.v[lay->by[k]].d.call;
		const Call *c = dc >= 0 ? &z->f->calls.v[dc] : NULL;
		long long b = c && c->nargs > 1 ? c->argk[1] : LLONG_MIN;
		size = size == LLONG_MIN || b == LLONG_MIN ? LLONG_MIN : size + ((b + 511) / 256 * 256);
	}
	for (int i = 0; i < rs->n; i++) {
		rs->v[i].dir == 1 ? nup++ : ndown++;
		loop |= z->pf->loop[z->x.v[rs->v[i].at].node] >= 0;
	}
	for (int k = 0; k < lay->n; k++) { /* a spelling pin cannot replace (auto, a const pointer): no next round */
		const Side *h = side(z, lay->by[k], false);
		char *bar = h->al >= 0 ? allocbar(z->pf->u, &z->f->st.v[h->node], &z->f->allocs.v[h->al]) : NULL;
		if (bar) {
			free(bar);
			return NULL;
		}
	}
	char *no = pinpays(size, nup, ndown, loop);
	if (no) {
		free(no);
		return NULL;
	}
	return xstrdup("pin makes its host buffers page-locked first (fused in the next round)");
}

static void
fusecomp(Fz *z, const Ints *mems, const double *w, int n)
{
	Comp c = {.n = mems->n, .w = xcalloc((size_t)mems->n * mems->n, sizeof *c.w)};
	for (int i = 0; i < c.n; i++)
		for (int j = 0; j < c.n; j++)
			c.w[i * c.n + j] = w[mems->v[i] * n + mems->v[j]];
	hampath(&c);
	int *byalloc = xcalloc(c.n, sizeof *byalloc); /* ties go to the order of the allocations */
	for (int i = 0; i < c.n; i++)
		byalloc[i] = i;
	for (int i = 1; i < c.n; i++)
		for (int j = i; j > 0 && z->m.v[mems->v[byalloc[j]]].h.node < z->m.v[mems->v[byalloc[j - 1]]].h.node; j--) {
			int t = byalloc[j];
			byalloc[j] = byalloc[j - 1];
			byalloc[j - 1] = t;
		}
	if (pathweight(&c, byalloc) >= pathweight(&c, c.order))
		memcpy(c.order, byalloc, c.n * sizeof *byalloc);
	else if (z->m.v[mems->v[c.order[0]]].h.node > z->m.v[mems->v[c.order[c.n - 1]]].h.node)
		for (int i = 0; i < c.n / 2; i++) {
			int t = c.order[i];
			c.order[i] = c.order[c.n - 1 - i];
			c.order[c.n - 1 - i] = t;
		}
	free(byalloc);
	for (int k = 0; k < c.n; k++)
		z->m.v[mems->v[c.order[k]]].rank = k;
	Ints xs = {0};
	for (int i = 0; i < z->x.n; i++) {
		Xfer *x = &z->x.v[i];
		if (!ok(z, x) || z->m.v[x->m].comp != z->m.v[mems->v[0]].comp)
			continue;
		vpush(xs, i);
		int k = 0; /* its places: copies of the component only */
		for (int j = 0; j < x->win.n; j++) {
			const Xfer *y = &z->x.v[x->win.v[j]];
			if (z->m.v[y->m].comp == z->m.v[x->m].comp)
				x->win.v[k++] = x->win.v[j];
		}
		x->win.n = k;
	}
	int nrank = c.n;
	FusedV rs = {0};
	settle(z, &xs, &nrank, &rs);
	Layout lay = layoutof(z, mems, nrank);
	char *why = rs.n ? pinnext(z, &lay, &rs) : NULL;
	int line = 0;
	for (int dev = 0; dev < 2 && rs.n && !why; dev++)
		why = groupbar(z, &lay, dev, &line);
	if (why)
		for (int k = 0; k < lay.n; k++)
			bar(&z->m.v[lay.by[k]].why, &z->m.v[lay.by[k]].whyline, line, xstrdup(why));
	else if (rs.n)
		emitgroup(z, &lay, &rs);
	free(why);
	freeruns(&rs);
	free(lay.by);
	vfree(xs);
	free(c.w);
	free(c.order);
}

static void
keeps(Fz *z)
{
	for (int i = 0; i < z->x.n; i++) {
		Xfer *x = &z->x.v[i];
		bool partner = false;
		for (int j = 0; j < z->x.n && !partner; j++) /* a copy it could join, or one that could join it */
			partner = j != i && z->x.v[j].list == x->list && z->x.v[j].dir == x->dir &&
			          (x->unfit || !z->x.v[j].unfit);
		if (x->fused || !partner)
			continue;
		const Stmt *st = &z->f->st.v[x->node];
		Change ch = stmtchange(PASS_FUSE, CH_KEEP, z->u, name(z, z->f->sym), st, z->f->calls.v[x->call].name);
		const Mem *m = x->m >= 0 ? &z->m.v[x->m] : NULL;
		if (x->why)
			ch.stop = xstrdup(x->why);
		else if (m && m->why) {
			ch.stop = m->whyline ? fmt("%s (line %d)", m->why, m->whyline) : xstrdup(m->why);
		} else {
			const Xfer *y = NULL, *later = NULL; /* an earlier copy that cannot come down to it; the next one */
			for (int j = 0; j < z->x.n; j++) {
				const Xfer *o = &z->x.v[j];
				if (o->list != x->list || o->dir != x->dir)
					continue;
				if (j < i && o->stop && !inwin(o, i))
					y = o;
				if (j > i && !later)
					later = o;
			}
			if (y) {
				ch.stop = fmt("%s, so the copy at line %d cannot come down to this one", y->stop,
				              z->f->st.v[y->node].line);
				ch.stopline = y->stopline;
			} else if (x->stop && later) {
				ch.stop = fmt("%s, so this copy cannot move down to the one at line %d", x->stop,
				              z->f->st.v[later->node].line);
				ch.stopline = x->stopline;
			} else
				ch.stop = xstrdup("no copy of another buffer of its block may run at the same time");
			if (x->upstop) {
				char *t = ch.stop;
				ch.stop = fmt("%s; it cannot move up: %s", t, x->upstop);
				free(t);
			}
		}
		vpush(*z->plan, ch);
	}
}

static void
fusefn(Prog *p, PFunc *pf, Plan *plan)
{
	Fz z = {.p = p, .pf = pf, .f = pf->f, .u = pf->u, .plan = plan};
	for (int v = 2; v < z.f->st.n; v++) {
		const Stmt *st = &z.f->st.v[v];
		const char *why;
		int call = -1, dir = copystmt(&z, v, &call, &why);
		if (dir && st->list >= 0 && z.f->lists.v[st->list].first.v[st->pos] == v &&
		    z.f->lists.v[st->list].last.v[st->pos] == v) {
			Xfer x = {.node = v, .call = call, .list = st->list, .pos = st->pos, .dir = dir, .m = -1};
			x.why = why ? xstrdup(why) : NULL;
			x.unfit = why != NULL;
			vpush(z.x, x);
		}
	}
	for (int i = 0; i < z.x.n; i++) {
		Xfer *x = &z.x.v[i];
		x->at = i;
		if (x->why)
			continue;
		if (editedstmt(&z, x->node))
			x->why = xstrdup("it is text another pass changes");
		else if ((x->m = fillmember(&z, x)) >= 0 && !z.m.v[x->m].why) {
			const Stmt *st = &z.f->st.v[x->node];
			char *size = calltext(z.u->src, st->begin, st->end, 2, -1);
			if (!samesize(&z, size, z.m.v[x->m].d.size))
				x->why = fmt("it copies %s bytes, not the whole buffer (%s)", size, z.m.v[x->m].d.size);
			free(size);
		}
	}
	for (int i = 0; i < z.x.n; i++)
		if (ok(&z, &z.x.v[i]))
			window(&z, &z.x.v[i]);
	int n = z.m.n, *up = xcalloc(n + 1, sizeof *up);
	double *w = xcalloc((size_t)n * n + 1, sizeof *w);
	for (int i = 0; i < n; i++)
		up[i] = i;
	for (int i = 0; i < z.x.n; i++) /* affinity: the places two members' copies share */
		for (int j = i + 1; j < z.x.n; j++) {
			const Xfer *a = &z.x.v[i], *b = &z.x.v[j];
			if (!ok(&z, a) || !ok(&z, b) || a->m == b->m || a->list != b->list || a->dir != b->dir)
				continue;
			const Mem *ma = &z.m.v[a->m], *mb = &z.m.v[b->m];
			if (z.f->st.v[ma->h.node].list != z.f->st.v[mb->h.node].list ||
			    z.f->st.v[ma->d.node].list != z.f->st.v[mb->d.node].list)
				continue;
			int shared = 0;
			for (int k = 0; k < a->win.n; k++)
				shared += inwin(b, a->win.v[k]);
			if (!shared)
				continue;
			w[a->m * n + b->m] += shared;
			w[b->m * n + a->m] += shared;
			up[root(up, a->m)] = root(up, b->m);
		}
	for (int i = 0; i < n; i++)
		z.m.v[i].comp = root(up, i);
	for (int r = 0; r < n; r++) {
		Ints mems = {0};
		for (int i = 0; i < n; i++)
			if (z.m.v[i].comp == r && !z.m.v[i].why)
				vpush(mems, i);
		if (mems.n >= 2)
			fusecomp(&z, &mems, w, n);
		vfree(mems);
	}
	keeps(&z);
	free(up);
	free(w);
	for (int i = 0; i < z.m.n; i++) {
		free(z.m.v[i].why);
		free(z.m.v[i].h.size);
		free(z.m.v[i].h.flags);
		free(z.m.v[i].d.size);
	}
	for (int i = 0; i < z.x.n; i++) {
		free(z.x.v[i].why);
		free(z.x.v[i].upstop);
		vfree(z.x.v[i].win);
	}
	vfree(z.m);
	vfree(z.x);
}

void
fusecopies(Prog *p, Plan *plan)
{
	for (int fi = 0; fi < p->fns.n; fi++) {
		PFunc *pf = &p->fns.v[fi];
		if (pf->st && pf->in && (pf->f->kind == FN_HOST || pf->f->kind == FN_HOSTDEVICE))
			fusefn(p, pf, plan);
	}
}
