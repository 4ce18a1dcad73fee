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
 * others start with what their call sites hold. */
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

static void
addsite(Prog *p, int g, int f, int v)
{
	vpush(p->sites[g], f);
	vpush(p->sites[g], v);
}

/* Functions named like the unresolved dependent call c: any may be it. */
static void
openbyname(Prog *p, const Call *c)
{
	for (int g = 0; g < p->fns.n; g++) {
		const Sym *s = &p->fns.v[g].u->syms.v[p->fns.v[g].f->sym];
		if (c->name && (!strcmp(s->name, c->name) || (s->qualname && !strcmp(s->qualname, c->name))))
			p->open[g] = true;
	}
}

static void
scancalls(Prog *p, int f)
{
	PFunc *pf = &p->fns.v[f];
	int ui = unitidx(p, pf->u);
	for (int ci = 0; ci < pf->f->calls.n; ci++) {
		const Call *c = &pf->f->calls.v[ci];
		int v = callnode(pf->f, ci);
		if (c->kind == C_LAUNCH)
			continue;
		if (c->kind == C_DEPENDENT && c->ncands <= 0) {
			openbyname(p, c);
			continue;
		}
		for (int k = 0; k < (c->kind == C_DEPENDENT ? c->ncands : 1); k++) {
			Call d = c->kind == C_DEPENDENT ? candcall(pf->u, c, k) : *c;
			int g = calledfn(p, ui, &d);
			if (g < 0) { /* virtual, or a rule stands for the body: its own callers are not all seen */
				g = d.callee >= 0 ? symfn(p, ui, d.callee) : -1;
				if (g >= 0)
					p->open[g] = true;
			} else if (g == f || v < 0)
				p->open[g] = true; /* recursion, or a call outside any statement */
			else
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
unseennames(const Prog *p, bool *main)
{
	Name *set = NULL;
	for (int k = 0; p->nunits && k < p->units[0]->nunseen; k++) {
		const Unit *x = p->units[0]->unseen[k];
		int end = (int)x->len;
		for (int at = 0, t; (t = nexttoken(x->src, &at, end)) >= 0;) {
			int n = at - t, c = at;
			while (c < end && strchr(" \t\r\n", x->src[c]))
				c++;
			*main |= n == 4 && !strncmp(x->src + t, "main", 4) && c < end && x->src[c] == '(';
			Name *e;
			HASH_FIND(hh, set, x->src + t, n, e);
			if (!e && isident(x->src[t]) && !(x->src[t] >= '0' && x->src[t] <= '9')) {
				e = xcalloc(1, sizeof *e);
				e->name = xstrndup(x->src + t, n);
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
	bool hasmain = false;
	for (int f = 0; f < n; f++)
		hasmain |= ismainfn(&p->fns.v[f]);
	Name *unseen = unseennames(p, &hasmain);
	for (int f = 0; f < n; f++)
		scancalls(p, f);
	for (int i = 0; i < p->nunits; i++)
		for (int y = 0; y < p->units[i]->syms.n; y++) {
			const Sym *x = &p->units[i]->syms.v[y];
			int g = x->kind == SYM_FUNC && (x->flags & SYMF_ADDRTAKEN) ? symfn(p, i, y) : -1;
			if (g >= 0)
				p->open[g] = true;
		}
	for (int f = 0; f < n; f++) {
		const Sym *s = &p->fns.v[f].u->syms.v[p->fns.v[f].f->sym];
		p->open[f] |= !p->sites[f].n || (!hasmain && (s->flags & SYMF_EXTERN));
		for (int i = 0; i < p->nunits && !p->open[f]; i++) /* a call another configuration compiles */
			p->open[f] = hiddenname(p->units[i], s->name) >= 0;
		Name *e = NULL;
		if (!p->open[f] && (s->flags & SYMF_EXTERN))
			HASH_FIND_STR(unseen, s->name, e);
		p->open[f] |= e != NULL;
	}
	freenames(&unseen);
}
