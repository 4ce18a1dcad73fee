/* promote.c: a callee's copies out to its call (issue 18, step 3 of
 * doc/copies.md): CGCM's map promotion (Jablin et al., "Automatic CPU-GPU
 * Communication Management and Optimization", PLDI 2011) for one call. A
 * function whose body starts with uploads and ends with downloads, called
 * once, from a loop, lends those copies to its caller's analysis, which
 * considers them standing at the call; when all of them can then leave the
 * caller's loop, they leave the callee, re-spelled with the call's
 * arguments. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "analysis/analysis.h"
#include "pass/copies.h"

/* Which parameters of g the text of its copies names (named[k]), and does
 * every other name there mean the same at the caller: no local of g, and
 * nothing the caller declares again? */
static bool
copynames(const PFunc *g, const PFunc *ph, const Promo *pr, bool *named)
{
	const Unit *u = g->u;
	for (int i = 0; i < pr->nodes.n; i++) {
		const Stmt *st = &g->f->st.v[pr->nodes.v[i]];
		int j = st->begin, n, at;
		while ((at = nextname(u->src, st->end, &j, &n)) >= 0) {
			int k = paramnamed(g, u->src, at, n);
			if (k >= 0) {
				named[k] = true;
				continue;
			}
			for (int sy = 0; sy < u->syms.n; sy++) {
				const Sym *y = &u->syms.v[sy];
				if ((y->owner == g->f->sym || y->owner == ph->f->sym) && strlen(y->name) == (size_t)n &&
				    !strncmp(y->name, u->src + at, n))
					return false;
			}
		}
	}
	return true;
}

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

/* The parameters of g the copies read or name, as the call's arguments:
 * each a variable or a constant, and no statement of g writes the
 * parameter; every other variable they read a global, every other name
 * meaning the same at the caller (copynames). */
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
	bool *named = xcalloc(f->params.n + 1, sizeof *named);
	bool ok = cl->nargs == f->params.n && copynames(g, ph, pr, named);
	for (int k = 0; k < f->params.n && ok; k++) {
		int l = symloc(p, ui, f->params.v[k]);
		if (l < 0 || (!bhas(&rd, l) && !named[k])) /* sizeof(*h) names h and reads nothing */
			continue;
		bclr(&rd, l);
		ok = !(g->u->syms.v[g->f->sym].refparams & (1u << k));
		for (int v = 0; v < f->st.n && ok; v++)
			ok = !bhas(&g->st[v].wr, l);
		pr->args[k] = calltext(g->u->src, cl->off, st->end, k, cl->nargs);
		if (!strcmp(pr->args[k], "?")) { /* left to its default: no text at the call */
			ok = false;
			break;
		}
		int al = argvar(p, ph, pr->site, pr->args[k]);
		if (al >= 0)
			bset(&pr->argl, al);
		ok = ok && (al >= 0 || cl->argk[k] != LLONG_MIN) && !(k < 32 && (cl->conv >> k & 1)); /* int to short */
	}
	for (int l = bnext(&rd, 0); l >= 0 && ok; l = bnext(&rd, l + 1)) /* else the memory it copies */
		ok = p->locs.v[l].kind != L_VAR || p->locs.v[l].fn < 0;
	bfree(&rd);
	free(named);
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
bool
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
	for (int k = 0; k < pr->nodes.n && !pr->why; k++)
		pr->why = othernames(g, pr->nodes.v[k], pr->nodes.v[k], ph);
	if (pr->why)
		return true;
	if (ph->f->begin < f->end)
		pr->why = fmt("%s() comes before it in the file", ph->u->syms.v[ph->f->sym].name);
	else if (st->kind != ST_PLAIN || st->ncall != 1 || (st->flags & (SF_MACRO | SF_SHARED)) || cl->off != st->begin ||
	         strncmp(g->u->src + cl->off, name, strlen(name)))
		pr->why = xstrdup("its call is not a statement of its own with plain arguments");
	else if (!promoargs(p, g, pr))
		pr->why = xstrdup("its call passes an expression for a parameter the copies use (a variable or a constant "
		                  "would do), leaves it to its default, or passes a value the parameter's type changes (int to short), it writes such a parameter, or the copies name a variable that means another "
		                  "thing at the call (a local of its own, or a name the caller declares again)");
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

void
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
void
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
void
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
bool
promoted(const Promos *pr, const PFunc *pf, int v)
{
	for (int i = 0; i < pr->n; i++)
		for (int k = 0; pr->v[i].taken && pr->v[i].g == pf && k < pr->v[i].nodes.n; k++)
			if (pr->v[i].nodes.v[k] == v)
				return true;
	return false;
}
