/* callers.c: who calls each function. The call sites of every function
 * with a body (Prog.sites: the calling function and the statement holding
 * the call), and whether those are all its callers (Prog.open is false):
 * they are not when the function is used as a value (called through a
 * pointer, handed to a library), called virtually, called by a name a
 * template leaves unresolved or through a rule that stands for its body,
 * has no caller in the program, is named in an #if group the parse left
 * out (another configuration calls it), is named by a file of the program
 * cuflow did not analyse (no CUDA in it, or refused: its calls are not
 * seen), or has external linkage in a program without main (a library:
 * code cuflow does not see may call it; a file not analysed may hold main). A
 * function with open callers starts with parameters that may point
 * anywhere (pts.c) and with any device work in flight (pending.c); the
 * others start with what their call sites hold. Prog.dead: host code of a
 * program with main that no call names and nothing else may call (an
 * uninstantiated template's helper in a header): it never runs, so what it
 * would do stops nothing. */
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

#include "cuflow.h"
#include "analysis/analysis.h"

static bool
ismainfn(const PFunc *pf)
{
	const Sym *s = &pf->u->syms.v[pf->f->sym];
	return !strcmp(s->name, "main") && !(s->flags & SYMF_METHOD);
}

/* May f run though no call names it: main, device code (launched, not
 * called), methods (constructors and destructors run implicitly, virtual
 * ones are called through a table), operators (called by their syntax)? */
static bool
implicit(const PFunc *pf)
{
	const Sym *s = &pf->u->syms.v[pf->f->sym];
	return ismainfn(pf) || pf->f->kind != FN_HOST || (s->flags & SYMF_METHOD) || pf->f->thissym >= 0 ||
	       strstr(s->name, "operator") || strchr(s->name, '~');
}

static void
addsite(Prog *p, int g, int f, int v)
{
	vpush(p->sites[g], f);
	vpush(p->sites[g], v);
}

/* Functions named like the unresolved dependent call c: any may be it. */
static void
openbyname(Prog *p, const Call *c, bool *ext)
{
	for (int g = 0; g < p->fns.n; g++) {
		const Sym *s = &p->fns.v[g].u->syms.v[p->fns.v[g].f->sym];
		if (c->name && (!strcmp(s->name, c->name) || (s->qualname && !strcmp(s->qualname, c->name))))
			p->open[g] = ext[g] = true;
	}
}

/* The call sites of f's calls; ext: callees that calls cuflow does not
 * see may reach (all but recursion, which opens a function's entry state
 * without calling it from outside). */
static void
scancalls(Prog *p, int f, bool *ext)
{
	PFunc *pf = &p->fns.v[f];
	int ui = unitidx(p, pf->u);
	for (int ci = 0; ci < pf->f->calls.n; ci++) {
		const Call *c = &pf->f->calls.v[ci];
		int v = callnode(pf->f, ci);
		if (c->kind == C_LAUNCH)
			continue;
		if (c->kind == C_DEPENDENT && c->ncands <= 0) {
			openbyname(p, c, ext);
			continue;
		}
		for (int k = 0; k < (c->kind == C_DEPENDENT ? c->ncands : 1); k++) {
			Call d = c->kind == C_DEPENDENT ? candcall(pf->u, c, k) : *c;
			int g = calledfn(p, ui, &d);
			if (g < 0) { /* virtual, or a rule stands for the body: its own callers are not all seen */
				g = d.callee >= 0 ? symfn(p, ui, d.callee) : -1;
				if (g >= 0)
					p->open[g] = ext[g] = true;
			} else if (g == f || v < 0) { /* recursion, or a call outside any statement */
				p->open[g] = true;
				ext[g] |= v < 0;
			} else
				addsite(p, g, f, v);
		}
	}
}

typedef struct {
	char *name;
	UT_hash_handle hh;
} Name;

/* The identifiers the files of the program cuflow did not analyse spell
 * (every unit of a program shares the list); *main: one of them is
 * followed by '(' as main's definition is. */
static Name *
unseennames(const Prog *p, bool *main, bool *all)
{
	Name *set = NULL;
	for (int k = 0; p->nunits && k < p->units[0]->nunseen; k++) {
		const Unit *x = p->units[0]->unseen[k];
		const char *src = x->scan ? x->scan : x->src;
		int end = x->scan ? (int)x->scanlen : (int)x->len;
		*all |= x->opaque; /* a header of it was not found: it may spell any name */
		*main |= x->opaque;
		for (int at = 0, t; (t = nexttoken(src, &at, end)) >= 0;) {
			int n = at - t, c = at;
			while (c < end && strchr(" \t\r\n", src[c]))
				c++;
			*main |= n == 4 && !strncmp(src + t, "main", 4) && c < end && src[c] == '(';
			Name *e;
			HASH_FIND(hh, set, src + t, n, e);
			if (!e && isident(src[t]) && !(src[t] >= '0' && src[t] <= '9')) {
				e = xcalloc(1, sizeof *e);
				e->name = xstrndup(src + t, n);
				HASH_ADD_KEYPTR(hh, set, e->name, n, e);
			}
		}
	}
	return set;
}

static void
freenames(Name **set)
{
	Name *e, *t;
	HASH_ITER(hh, *set, e, t) {
		HASH_DEL(*set, e);
		free(e->name);
		free(e);
	}
}

void
fillcallers(Prog *p)
{
	int n = p->fns.n;
	p->sites = xcalloc(n + 1, sizeof *p->sites);
	p->open = xcalloc(n + 1, sizeof *p->open);
	p->dead = xcalloc(n + 1, sizeof *p->dead);
	bool hasmain = false;
	for (int f = 0; f < n; f++)
		hasmain |= ismainfn(&p->fns.v[f]);
	bool all = false;
	Name *unseen = unseennames(p, &hasmain, &all);
	bool *ext = xcalloc(n + 1, sizeof *ext);
	for (int f = 0; f < n; f++)
		scancalls(p, f, ext);
	for (int i = 0; i < p->nunits; i++)
		for (int y = 0; y < p->units[i]->syms.n; y++) {
			const Sym *x = &p->units[i]->syms.v[y];
			int g = x->kind == SYM_FUNC && (x->flags & SYMF_ADDRTAKEN) ? symfn(p, i, y) : -1;
			if (g >= 0)
				p->open[g] = ext[g] = true;
		}
	for (int f = 0; f < n; f++) {
		const Sym *s = &p->fns.v[f].u->syms.v[p->fns.v[f].f->sym];
		bool seen = !ext[f]; /* every call of it is among its sites, or is its own */
		p->open[f] |= !p->sites[f].n || (!hasmain && (s->flags & SYMF_EXTERN));
		bool hidden = false;
		for (int i = 0; i < p->nunits && !hidden; i++) /* a call another configuration compiles */
			hidden = hiddenname(p->units[i], s->name) >= 0;
		p->open[f] |= hidden;
		Name *e = NULL;
		if (s->flags & SYMF_EXTERN)
			HASH_FIND_STR(unseen, s->name, e);
		bool called = e || (all && (s->flags & SYMF_EXTERN));
		p->open[f] |= called;
		p->dead[f] = hasmain && seen && !hidden && !called && !implicit(&p->fns.v[f]);
	}
	/* The greatest set of such functions whose every call site lies in one
	 * of them: an overload only its uncalled sibling calls runs no more. */
	for (bool changed = true; changed;) {
		changed = false;
		for (int f = 0; f < n; f++)
			for (int i = 0; p->dead[f] && i < p->sites[f].n; i += 2)
				if (!p->dead[p->sites[f].v[i]]) {
					p->dead[f] = false;
					changed = true;
				}
	}
	freenames(&unseen);
	free(ext);
}

/* ---------------------------------------------------------------- text that moves between functions */

/* The variables IR node n of f names (to out). */
static void
nodesyms(const Func *f, int n, Ints *out, int depth)
{
	if (n < 0 || depth > 64)
		return;
	const Node *x = &f->nodes.v[n];
	if (x->kind == N_VAR && x->sym >= 0)
		vpush(*out, x->sym);
	if (x->kind == N_DEREF || x->kind == N_LOAD || x->kind == N_ADDR || x->kind == N_JOIN)
		nodesyms(f, x->a, out, depth + 1);
	if (x->kind == N_JOIN)
		nodesyms(f, x->b, out, depth + 1);
}

/* The symbols statements [first, last] of f name, through their ops and
 * their calls' arguments. */
void
stmtsyms(const Func *f, int first, int last, Ints *out)
{
	for (int v = first; v <= last; v++) {
		const Stmt *st = &f->st.v[v];
		for (int i = st->op0; i < st->op0 + st->nop; i++) {
			nodesyms(f, f->ops.v[i].a, out, 0);
			nodesyms(f, f->ops.v[i].b, out, 0);
		}
		for (int c = st->call0; c < st->call0 + st->ncall; c++) {
			const Call *cl = &f->calls.v[c];
			for (int i = 0; i < cl->nargs; i++)
				nodesyms(f, cl->argv[i], out, 0);
			nodesyms(f, cl->self, out, 0);
		}
	}
}

/* The namespace or class a qualified name lies in ("" at file scope). */
static int
scopelen(const char *q)
{
	const char *e = NULL;
	for (const char *s = q ? strstr(q, "::") : NULL; s; s = strstr(s + 2, "::"))
		e = s;
	return e ? (int)(e - q) : 0;
}

static bool
samescope(const char *a, const char *b)
{
	int n = scopelen(a), m = scopelen(b);
	return n == m && (!n || !strncmp(a, b, n));
}

/* Why the text of statements [first, last] of function from, written
 * again in function to (a sync out of a callee or into one, a copy
 * promoted to a caller), may name other things there, or NULL: a variable
 * named inside a macro's body (the move replaces and checks only the
 * names it sees written), a member reached through this, or a global or
 * function found from inside a namespace or class that lookup from to's
 * scope may not find. Locals and parameters are the caller's checks. */
char *
othernames(const PFunc *from, int first, int last, const PFunc *to)
{
	const Func *f = from->f;
	const Unit *u = from->u;
	for (int v = first; v <= last; v++) {
		if (f->st.v[v].flags & SF_MACRONAME)
			return fmt("line %d names a variable inside a macro's body, which may mean another thing in %s()",
			           f->st.v[v].line, to->u->syms.v[to->f->sym].name);
		if (f->st.v[v].flags & SF_LOCALTYPE)
			return fmt("line %d names a template parameter or a type %s() declares, which %s() does not have",
			           f->st.v[v].line, u->syms.v[f->sym].name, to->u->syms.v[to->f->sym].name);
		if ((f->st.v[v].flags & SF_TYPENAME) && (to->f->flags & FNF_LOCALTYPES))
			return fmt("line %d names a type, and %s() declares types of its own, which may hide it",
			           f->st.v[v].line, to->u->syms.v[to->f->sym].name);
	}
	/* a macro #defined or #undefined after the earlier function's start
	 * may give a name of the text another meaning where it lands */
	int from0 = f->begin < to->f->begin ? f->begin : to->f->begin;
	bool same = u == to->u && f->inmain && to->f->inmain;
	for (int at = f->st.v[first].begin, t; same && (t = nexttoken(u->src, &at, f->st.v[last].end)) >= 0;)
		if (isident(u->src[t]) && redefinedafter(u, u->src + t, at - t, from0))
			return fmt("line %d names %.*s, which a #define or #undef between %s() and %s() may make mean another thing",
			           f->st.v[first].line, at - t, u->src + t, u->syms.v[f->sym].name, to->u->syms.v[to->f->sym].name);
	Ints syms = {0};
	stmtsyms(f, first, last, &syms);
	const char *fq = u->syms.v[f->sym].qualname, *tq = to->u->syms.v[to->f->sym].qualname;
	char *why = NULL;
	for (int i = 0; i < syms.n && !why; i++) {
		const Sym *x = &u->syms.v[syms.v[i]];
		if (x->kind == SYM_THIS)
			why = fmt("it names a member of %s's object, which %s() does not have", u->syms.v[f->sym].name,
			          to->u->syms.v[to->f->sym].name);
		else if ((x->kind == SYM_GLOBAL || x->kind == SYM_FUNC) && !(x->flags & SYMF_SYSTEM) && !samescope(fq, tq) &&
		         (scopelen(x->qualname) || scopelen(tq)))
			why = fmt("it names %s, which %s() in another namespace or class may not find by that name",
			          x->qualname ? x->qualname : x->name, to->u->syms.v[to->f->sym].name);
	}
	vfree(syms);
	return why;
}
