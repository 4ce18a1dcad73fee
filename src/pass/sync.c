/* sync.c: hetero-sync motion within a function (Basu and Vedurada, "GSOHC:
 * Global Synchronization Optimization in Heterogeneous Computing", ECOOP
 * 2025, sections 2-4).
 *
 * A sync statement (a blocking copy, a device/stream/event sync, cudaFree)
 * moves down its own block, past whole sibling statements, to just before
 * the first one it must not pass, so host work overlaps the device work in
 * flight. The scan gives GSOHC's safe region (Def. 6): no passed statement
 * depends on the sync, through any alias, nor touches what the device work
 * it waits for uses. Each passed statement must also always complete and
 * only be entered from the sync's side (post-dominance and dominance, the
 * refined region of Def. 7 and Alg. 1), and the target stays in the sync's
 * block, so in its loop (the loop rule of 3.2) and on every path exactly
 * once: the unified region (Def. 8) is the farthest such point. Adjacent
 * syncs move as a group, keeping their order.
 *
 * Syncs are taken last to first, on the block's current order, so that a
 * sync stopped by a later one sees where that one went; a sync that reaches
 * another absorbs it. The result is a fixed point: a second run finds every
 * sync already stopped by what stops it now. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "analysis/analysis.h"

typedef struct {
	Eff e;            /* union over its nodes */
	int first, last;  /* its CFG nodes */
	int next;         /* where control goes when it completes: the next item or the block's end */
	int begin, end;   /* its text */
	bool sync;        /* a sync statement that may move */
	int nstmt, ncall; /* host statements and calls in it */
} Item;

typedef struct {
	Prog *p;
	PFunc *pf;
	Func *f;
	const Unit *u;
	Plan *plan;
	const List *l;
	Item *it;
	int n;
	int *cur;    /* items in their current order */
	int *change; /* per item: its Change in the plan, or -1 */
	char **indent; /* per moved item: the indentation it was given */
	const char *fname;
	int passret; /* out of a callee: the item of the body's final return, which the sync may pass, or -1 */
} S;

/* ---------------------------------------------------------------- text */

/* Names the code cuflow cannot see into, and the call that reaches it. */
static char *
unseen(const char *verb, const Eff *e)
{
	const char *u = e->unk ? e->unk : e->what ? e->what : "?";
	if (e->unkvia)
		return fmt("%s %s, which calls code cuflow cannot see into (%s)", verb, e->unkvia, u);
	return fmt("%s code cuflow cannot see into (%s)", verb, u);
}

/* ---------------------------------------------------------------- items */

/* The sync call a statement makes itself (not through a helper), or NULL. */
static const char *
directsync(const Prog *p, const Func *f, int node)
{
	const Stmt *st = &f->st.v[node];
	for (int c = st->call0; c < st->call0 + st->ncall; c++) {
		const Call *cl = &f->calls.v[c];
		const Rule *r = cl->kind == C_DIRECT ? rules_find(p->rules, cl->name) : NULL;
		if (!r || (r->kind != RK_SYNC && r->kind != RK_COPY && r->kind != RK_FREE) || (r->flags & RF_ASYNC))
			continue;
		for (int i = 0; i < r->neff; i++)
			if (hostwaits(&r->eff[i], cl->argk, cl->nargs))
				return cl->name;
	}
	return NULL;
}

static bool
issyncunit(const Prog *p, const Func *f, const Eff *e, int node)
{
	const Stmt *s = &f->st.v[node];
	return s->kind == ST_PLAIN && (e->ex & EX_SYNC) &&
	       !(e->ex & (EX_OTHERDEV | EX_LAUNCH | EX_ASYNC | EX_UNKNOWN | EX_UNSAFE)) && directsync(p, f, node);
}

/* Moved by a pass that ran before (copies): its record speaks for it. */
static bool
taken(const S *s, int node)
{
	for (int c = 0; c < s->plan->n; c++) {
		const Change *ch = &s->plan->v[c];
		if (ch->pass != PASS_SYNC && ch->kind == CH_MOVE && ch->u == s->u && ch->begin == s->f->st.v[node].begin)
			return true;
	}
	return false;
}

static void
fillitems(S *s)
{
	const List *l = s->l;
	s->n = l->first.n;
	s->it = xcalloc(s->n + 1, sizeof *s->it);
	s->cur = xcalloc(s->n + 1, sizeof *s->cur);
	s->change = xcalloc(s->n + 1, sizeof *s->change);
	s->indent = xcalloc(s->n + 1, sizeof *s->indent);
	int nl = s->p->locs.n;
	for (int i = 0; i < s->n; i++) {
		Item *x = &s->it[i];
		s->cur[i] = i;
		s->change[i] = -1;
		x->first = l->first.v[i];
		x->last = l->last.v[i];
		x->next = i + 1 < s->n ? l->first.v[i + 1] : l->endnode;
		x->e.rd = bnew(nl);
		x->e.wr = bnew(nl);
		x->begin = s->f->st.v[x->first].begin;
		x->end = x->begin;
		for (int v = x->first; v <= x->last; v++) {
			Eff *e = &s->pf->st[v];
			const Stmt *st = &s->f->st.v[v];
			bor(&x->e.rd, &e->rd);
			bor(&x->e.wr, &e->wr);
			x->e.ex |= e->ex;
			effnotes(&x->e, e);
			if (st->end > x->end)
				x->end = st->end;
			if (st->begin < x->begin)
				x->begin = st->begin;
			if (st->kind == ST_PLAIN || st->kind == ST_COND || st->kind == ST_RETURN)
				x->nstmt++;
			for (int c = st->call0; c < st->call0 + st->ncall; c++) /* a defaulted constructor is no work */
				x->ncall += s->f->calls.v[c].kind != C_DEFAULTED;
		}
		x->sync = x->first == x->last && issyncunit(s->p, s->f, &s->pf->st[x->first], x->first) && !taken(s, x->first) &&
		          !(s->f->st.v[x->first].flags & SF_JUMP); /* a macro's jump: its target is not in the CFG */
	}
}

/* ---------------------------------------------------------------- blockers */

typedef struct {
	Eff e;     /* the group's effects */
	Pend in;   /* device work in flight at its members */
	Ints m;    /* its members, in order */
	int regend; /* end of the text passed so far */
	bool named; /* into a callee: the sync's names were checked against the callee's (intotext) */
} Group;

static const char *
locdesc(const Prog *p, int l)
{
	return l == LOC_UNKNOWN ? "memory cuflow cannot see" : locname(p, l);
}

/* The first statement in item x whose effects meet the sets: its line. */
static int
whereconflict(const S *s, const Item *x, const Bits *w, const Bits *r)
{
	for (int v = x->first; v <= x->last; v++) {
		const Eff *e = &s->pf->st[v];
		if ((w && (conflicts(s->p, w, &e->rd) || conflicts(s->p, w, &e->wr))) || (r && conflicts(s->p, r, &e->wr)))
			return s->f->st.v[v].line;
	}
	return s->f->st.v[x->first].line;
}

static const char *
jumpin(const S *s, const Item *x, int *ln)
{
	for (int v = x->first; v <= x->last; v++) {
		const Stmt *st = &s->f->st.v[v];
		*ln = st->line;
		switch (st->kind) {
		case ST_RETURN:
			return "a return";
		case ST_BREAK:
			return "a break";
		case ST_CONTINUE:
			return "a continue";
		case ST_GOTO:
			return "a goto";
		case ST_LABEL:
			return "a label a jump may reach";
		}
		if (st->flags & SF_JUMP)
			return "a jump inside a macro";
		if (s->pf->st[v].ex & EX_EXIT)
			return "a call that may end the program";
	}
	*ln = s->f->st.v[x->first].line;
	return "control flow that may leave early";
}

/* Does every execution of x complete normally, entered only from the sync's side? */
static bool
passable(const S *s, int syncnode, const Item *x)
{
	const PFunc *pf = s->pf;
	if (!dominates(&pf->pdom, x->next, x->first))
		return false;
	for (int v = x->first; v <= x->last; v++)
		if (!dominates(&pf->dom, syncnode, v))
			return false;
	return pf->loop[x->first] == pf->loop[syncnode];
}

/* Does an edge leave x for anywhere but the statement after it (a goto
 * back above the sync, a break out of the sync's loop, a return)? Then
 * passing x runs the sync after code that control may reach first, even
 * when every path comes back through x's successor (sync_goto_back: a
 * backward "if (c) goto again;" read the downloaded buffer at the label
 * before the moved copy ran). A goto to the label right after it jumps
 * over the text the sync would be put in before that label. */
static bool
leaves(const S *s, const Item *x)
{
	for (int v = x->first; v <= x->last; v++) {
		const Ints *succ = &s->f->st.v[v].succ;
		if (s->f->st.v[v].kind == ST_GOTO)
			return true;
		for (int j = 0; j < succ->n; j++)
			if ((succ->v[j] < x->first || succ->v[j] > x->last) && succ->v[j] != x->next)
				return true;
	}
	return false;
}

/* Does x hold a jump inside a macro, or a label one may reach? The CFG
 * lacks such jumps' edges. */
static bool
macrojump(const S *s, const Item *x)
{
	bool label = false, jumps = false;
	for (int v = x->first; v <= x->last; v++) {
		if (s->f->st.v[v].flags & SF_JUMP)
			return true;
		label |= s->f->st.v[v].kind == ST_LABEL;
	}
	for (int v = 2; label && v < s->f->st.n; v++)
		jumps |= (s->f->st.v[v].flags & SF_JUMP) != 0;
	return jumps;
}

static bool
shadows(const S *s, const Group *g, const Item *x, const char **name)
{
	const Stmt *st = &s->f->st.v[x->first];
	for (int i = 0; i < st->decls.n; i++) {
		const char *n = s->u->syms.v[st->decls.v[i]].name;
		size_t nl = strlen(n);
		for (int k = 0; k < g->m.n; k++) {
			const Item *m = &s->it[g->m.v[k]];
			for (const char *t = s->u->src + m->begin; (t = strstr(t, n)) && t < s->u->src + m->end; t++) {
				char before = t > s->u->src ? t[-1] : ' ', after = t[nl];
				if (!isident(before) && !isident(after)) {
					*name = n;
					return true;
				}
			}
		}
	}
	return false;
}

/* Under device work that code of another configuration may have left in
 * flight (EX_HIDDEN: hidden.c), item x may touch only the function's own
 * variables whose address nothing takes and that no left-out group names:
 * no device work reaches anything else. Why it stops the group, or NULL. */
static char *
hiddenblock(const S *s, const Group *g, const Item *x)
{
	int l = g->in.ex & EX_HIDDEN ? hiddenreach(s->p, s->u, &x->e) : -1;
	if (l == -1)
		return NULL;
	int at = hiddenwork(s->p->rules, s->u, s->f->begin, s->it[g->m.v[0]].begin);
	char *from = at >= 0 ? fmt("the #if group at line %d", unitline(s->u, at)) : xstrdup("a function it may follow");
	char *why = l == -2 ? fmt("prints or touches volatile memory while device work that code another configuration "
	                          "compiles (%s) may leave in flight is unfinished", from)
	                    : fmt("accesses %s, which device work that code another configuration compiles (%s) may "
	                          "leave in flight can reach", locdesc(s->p, l), from);
	free(from);
	return why;
}

/* Why the group must stop before item x, or NULL. */
static char *
blocker(S *s, Group *g, int xi, int *ln)
{
	const Prog *p = s->p;
	const Item *x = &s->it[xi];
	const Eff *e = &x->e;
	int xl = s->f->st.v[x->first].line;
	*ln = xl;
	int d = directivein(s->u, g->regend, x->end);
	if (d >= 0) {
		*ln = unitline(s->u, d);
		return xstrdup("is a preprocessor directive: the code may differ in other configurations");
	}
	if (xi > 0 && gapword(s->u, s->it[xi - 1].end, x->begin)) /* BARRIER as _Pragma("omp barrier"), ATOMIC_WRITE flag = 1; */
		return xstrdup("is led by a macro that expands to nothing or to a _Pragma (an OpenMP barrier or atomic, "
		               "say), which cuflow does not see");
	char *hid = hiddenblock(s, g, x);
	if (hid)
		return hid;
	const char *m = cfgmacro(s->u, x->begin, x->end);
	if (m)
		return fmt("uses %s, which another configuration expands otherwise (an #if/#else around its #define or "
		           "one it names, or assert and NDEBUG)",
		           m);
	if ((e->ex | g->e.ex) & EX_CONFIG) {
		const Eff *c = e->ex & EX_CONFIG ? e : &g->e;
		*ln = c->cfgline ? c->cfgline : xl;
		return fmt("calls %s, whose body has, or whose definition lies in, #if/#ifdef: the code may differ in other configurations",
		           c->cfg ? c->cfg : "a function");
	}
	if (e->ex & (EX_UNKNOWN | EX_UNSAFE)) {
		*ln = e->unkline ? e->unkline : xl;
		return unseen("calls", e);
	}
	if (e->ex & EX_DEVOP) {
		*ln = e->whatline ? e->whatline : xl;
		return fmt("has another CUDA operation (%s), which must stay ordered after the sync", e->what ? e->what : "?");
	}
	if ((e->ex & EX_TIMER) && !p->opts->timers) {
		*ln = e->whatline ? e->whatline : xl;
		return fmt("reads a clock (%s), which times the device work (--move-past-timers allows it)",
		           e->what ? e->what : "?");
	}
	int l = MUTANT(p->opts, 8) ? -1 : conflictloc(p, &g->e.wr, &e->rd);
	const char *how = "reads";
	if (l < 0 && (l = conflictloc(p, &g->e.wr, &e->wr)) >= 0)
		how = "writes";
	if (l < 0 && (l = conflictloc(p, &g->e.rd, &e->wr)) >= 0)
		how = "overwrites";
	if (l >= 0) {
		*ln = whereconflict(s, x, &g->e.wr, &g->e.rd);
		return fmt("%s %s, which the sync %s", how, locdesc(p, l),
		           !strcmp(how, "overwrites") ? "reads" : "writes");
	}
	if (e->ex & EX_MANAGED) {
		*ln = whereconflict(s, x, &e->rd, NULL);
		return xstrdup("accesses managed memory, which the host may use only after a sync");
	}
	Bits pw = bnew(p->locs.n), pr = bnew(p->locs.n);
	pendwork(p, &g->in, &pr, &pw);
	l = conflictloc(p, &pw, &e->rd);
	if (l < 0)
		l = conflictloc(p, &pw, &e->wr);
	if (l < 0)
		l = conflictloc(p, &pr, &e->wr);
	if (l >= 0)
		*ln = whereconflict(s, x, &pw, &pr);
	bfree(&pw);
	bfree(&pr);
	if (l >= 0)
		return fmt("accesses %s, which device work still in flight uses", locdesc(p, l));
	if ((g->in.ex & EX_KIO) && (e->ex & EX_IO))
		return xstrdup("prints while device work that may print (printf, assert, trap) is in flight; the sync flushes its output");
	if ((g->e.ex & EX_EXIT) && (e->ex & (EX_IO | EX_VOLATILE)))
		return xstrdup("produces output, which must not come before the sync's error check, which may exit");
	if (e->ex & EX_VOLATILE)
		return xstrdup("accesses volatile memory");
	if (e->ex & EX_THROW)
		return xstrdup("may throw an exception");
	const char *name;
	if (!g->named && shadows(s, g, x, &name))
		return fmt("declares %s, a name the sync uses", name);
	if ((!passable(s, s->it[g->m.v[0]].first, x) || macrojump(s, x) || leaves(s, x)) && xi != s->passret) {
		const char *j = jumpin(s, x, ln);
		return fmt("has %s, so control may not reach the statement after it", j);
	}
	return NULL;
}

/* ---------------------------------------------------------------- moves */

/* The work in flight at a member joins the group's. */
static void
addin(Group *g, const Pend *in)
{
	bor(&g->in.drd, &in->drd);
	bor(&g->in.dwr, &in->dwr);
	bor(&g->in.srd, &in->srd);
	bor(&g->in.swr, &in->swr);
	g->in.dany |= in->dany;
	g->in.sany |= in->sany;
	g->in.entry |= in->entry;
	g->in.dentry |= in->dentry;
	g->in.ex |= in->ex;
}

static void
groupadd(S *s, Group *g, int xi)
{
	Item *x = &s->it[xi];
	vpush(g->m, xi);
	bor(&g->e.rd, &x->e.rd);
	bor(&g->e.wr, &x->e.wr);
	g->e.ex |= x->e.ex;
	effnotes(&g->e, &x->e);
	addin(g, &s->pf->in[x->first]);
	if (x->end > g->regend)
		g->regend = x->end;
}

static bool
inflight(const Pend *in)
{
	return in->dany || in->sany || !bempty(&in->dwr) || !bempty(&in->swr) || !bempty(&in->drd) ||
	       !bempty(&in->srd);
}

static const char *
callname(const S *s, int node)
{
	const char *n = directsync(s->p, s->f, node);
	return n ? n : "sync";
}

static int
newchange(S *s, int kind, int xi, char *stop, int stopline)
{
	int v = s->it[xi].first;
	Change c = stmtchange(PASS_SYNC, kind, s->u, s->fname, &s->f->st.v[v], callname(s, v));
	c.stop = stop;
	c.stopline = stopline;
	vpush(*s->plan, c);
	return s->plan->n - 1;
}

/* Text checks on a member: no directive inside, not part of a macro
 * expansion that holds other statements. */
static char *
movable(const S *s, const Item *x)
{
	const Stmt *st = &s->f->st.v[x->first];
	if (st->flags & SF_SHARED)
		return xstrdup("it shares its macro expansion with another statement");
	if (directivein(s->u, x->begin, x->end) >= 0)
		return xstrdup("a preprocessor directive lies inside it");
	return NULL;
}

/* Where the group goes: before item cur[j] (its leading comments too) or
 * before the block's closing brace, but never past a preprocessor directive
 * or a macro after the last passed statement: then right after that
 * statement.
 * -1 if that spot is not at a line start. */
static int
insertpoint(const S *s, int j, char **indent)
{
	const Unit *u = s->u;
	const Item *prev = &s->it[s->cur[j - 1]];
	int at;
	if (j < s->n) {
		const Item *t = &s->it[s->cur[j]];
		*indent = indentof(u->src, u->len, t->begin);
		at = blankbefore(u, t->begin) ? leadcomments(u, t->begin) : t->begin; /* mid-line: emitmove breaks it */
	} else {
		int brace = s->l->end - 1;
		if (brace < 0 || u->src[brace] != '}')
			return -1;
		*indent = indentof(u->src, u->len, prev->begin);
		at = blankbefore(u, brace) ? linestart(u->src, brace) : brace;
	}
	if (directivein(u, prev->end, at) >= 0 || gapword(u, prev->end, at)) {
		at = stmtlineend(u, prev->end);
		free(*indent);
		*indent = indentof(u->src, u->len, prev->begin);
	}
	return at;
}

/* The group's text, reindented, and the edits deleting it where it was. */
static char *
grouptext(S *s, Group *g, const char *indent, Change *c)
{
	Buf text = {0};
	for (int k = 0; k < g->m.n; k++) {
		const Item *x = &s->it[g->m.v[k]];
		cutstmt(s->u, x->begin, x->end, indent, &text, &c->edits);
		free(s->indent[g->m.v[k]]);
		s->indent[g->m.v[k]] = xstrdup(indent);
	}
	return bstr(&text);
}

static void
emitmove(S *s, Group *g, int j, int at, const char *indent, int ci)
{
	Change *c = &s->plan->v[ci];
	for (int k = 0; k < g->m.n; k++)
		vpush(c->members, s->f->st.v[s->it[g->m.v[k]].first].line);
	char *text = grouptext(s, g, indent, c);
	if (blankbefore(s->u, at)) {
		Edit ins = {at, 0, text, ci, false, NULL};
		vpush(c->edits, ins);
	} else { /* before code that does not start its line: on lines of its own */
		insertlines(s->u, at, true, text, ci, &c->edits);
		free(text);
	}
	c->toend = j >= s->n;
	c->target = unitline(s->u, at); /* the original line it now precedes */
}

/* A loop among the item's statements. */
static bool
hasloop(const S *s, const Item *x)
{
	for (int v = x->first; v <= x->last; v++)
		if (s->pf->loop[v] == v)
			return true;
	return false;
}

/* The device work in flight at node n that the report names: the nearest
 * launch or asynchronous operation on every path to n (its dominators),
 * unless a full sync comes after it; NULL when it comes from elsewhere. */
static char *
inflightname(const S *s, int n)
{
	for (int v = s->pf->dom.idom[n], k = 0; v > 0 && v != n && k < 1000; n = v, v = s->pf->dom.idom[v], k++) {
		const Eff *e = &s->pf->st[v];
		bool work = (e->ex & EX_LAUNCH) || ((e->ex & EX_ASYNC) && !bempty(&e->pwr)); /* not an event record */
		if (work && e->what && !(e->ex & EX_UNKNOWN))
			return fmt("%s (line %d)", e->what, e->whatline);
		if (e->ex & (EX_DEVSYNC | EX_DEFSYNC | EX_UNKNOWN))
			return NULL;
	}
	return NULL;
}

/* The group stopped just before syncs that moved in this run: it joins their
 * move, going in front of them at their new place. */
static void
joinmove(S *s, Group *g, int t, int nstmt, int ncall)
{
	int ci = s->change[t];
	Change *c = &s->plan->v[ci];
	char *text = grouptext(s, g, s->indent[t], c);
	for (int k = 0; k < c->edits.n; k++) {
		Edit *e = &c->edits.v[k];
		if (e->len == 0) {
			char *both = fmt("%s%s", text, e->text);
			free(e->text);
			e->text = both;
		}
	}
	free(text);
	Ints m = {0};
	for (int k = 0; k < g->m.n; k++)
		vpush(m, s->f->st.v[s->it[g->m.v[k]].first].line);
	for (int k = 0; k < c->members.n; k++)
		vpush(m, c->members.v[k]);
	vfree(c->members);
	c->members = m;
	const Item *x = &s->it[g->m.v[0]];
	c->line = s->f->st.v[x->first].line;
	c->endline = s->f->st.v[x->first].endline;
	c->begin = s->f->st.v[x->first].begin;
	c->end = s->f->st.v[x->first].end;
	free(c->call);
	c->call = xstrdup(callname(s, x->first));
	c->overlap = nstmt;
	c->calls = ncall;
	for (int k = 0; k < g->m.n; k++)
		s->change[g->m.v[k]] = ci;
}

static void
reorder(S *s, Group *g, int pos, int j)
{
	/* the block's order after the move: passed items, then the group */
	int *out = xcalloc(s->n + 1, sizeof *out), k = 0;
	for (int i = 0; i < pos; i++)
		out[k++] = s->cur[i];
	for (int i = pos; i < j; i++) {
		bool member = false;
		for (int m = 0; m < g->m.n; m++)
			member |= s->cur[i] == g->m.v[m];
		if (!member)
			out[k++] = s->cur[i];
	}
	for (int m = 0; m < g->m.n; m++)
		out[k++] = g->m.v[m];
	for (int i = j; i < s->n; i++)
		out[k++] = s->cur[i];
	if (s->n) /* memcpy with a null pointer is undefined even for no bytes */
		memcpy(s->cur, out, s->n * sizeof *out);
	free(out);
}

static void
groupfree(Group *g)
{
	bfree(&g->e.rd);
	bfree(&g->e.wr);
	bfree(&g->in.drd);
	bfree(&g->in.dwr);
	bfree(&g->in.srd);
	bfree(&g->in.swr);
	vfree(g->m);
}

static void
move(S *s, int xi)
{
	int pos = 0;
	while (s->cur[pos] != xi)
		pos++;
	char *why = movable(s, &s->it[xi]);
	if (why) {
		s->change[xi] = newchange(s, CH_KEEP, xi, why, 0);
		return;
	}
	int nl = s->p->locs.n;
	Group g = {0};
	g.e.rd = bnew(nl);
	g.e.wr = bnew(nl);
	g.in.drd = bnew(nl);
	g.in.dwr = bnew(nl);
	g.in.srd = bnew(nl);
	g.in.swr = bnew(nl);
	g.regend = s->it[xi].end;
	groupadd(s, &g, xi);
	int j = pos + 1, passed = 0, lastpass = pos, stopline = 0, nstmt = 0, ncall = 0;
	bool work = false; /* a loop or a call among the passed statements: host work worth overlapping */
	char *stop = NULL;
	for (; j < s->n; j++) {
		int x = s->cur[j];
		if (s->it[x].sync && !movable(s, &s->it[x]) && directivein(s->u, g.regend, s->it[x].end) < 0) {
			groupadd(s, &g, x);
			continue;
		}
		stop = blocker(s, &g, x, &stopline);
		/* the statements of one macro expansion (ACC(3): r += f(); r += h[3])
		 * are passed all or none: the sync goes before or after the macro */
		for (int k = j + 1; !stop && k < s->n && s->it[s->cur[k]].begin == s->it[x].begin; k++)
			if (!(s->it[s->cur[k]].sync && !movable(s, &s->it[s->cur[k]])))
				stop = blocker(s, &g, s->cur[k], &stopline);
		if (stop)
			break;
		passed++;
		lastpass = j;
		nstmt += s->it[x].nstmt;
		ncall += s->it[x].ncall;
		work |= s->it[x].ncall > 0 || hasloop(s, &s->it[x]);
		if (s->it[x].end > g.regend)
			g.regend = s->it[x].end;
	}
	if (!stop) {
		stop = xstrdup("ends its block");
		stopline = unitline(s->u, s->l->end - 1);
	}
	/* members absorbed after the last passed statement stay where they are */
	while (g.m.n > 1) {
		int last = g.m.v[g.m.n - 1], k = 0;
		while (s->cur[k] != last)
			k++;
		if (k < lastpass)
			break;
		g.m.n--;
	}
	j = lastpass + 1;
	int t = j < s->n ? s->cur[j] : -1;
	bool join = t >= 0 && s->change[t] >= 0 && s->plan->v[s->change[t]].kind == CH_MOVE;
	char *indent = NULL;
	int at = join ? 0 : passed ? insertpoint(s, j, &indent) : -1;
	if (passed && at < 0) {
		free(stop);
		stop = xstrdup("its block does not end in a closing brace of the file (a macro writes it)");
		stopline = 0;
	}
	bool useful = false;
	for (int m = 0; m < g.m.n; m++)
		useful |= inflight(&s->pf->in[s->it[g.m.v[m]].first]);
	if (!passed || at < 0 || !useful || !work) {
		if (passed && at >= 0 && (!useful || !work)) {
			free(stop);
			stop = !useful ? xstrdup("no device work is in flight here, so moving it overlaps nothing")
			               : fmt("it would pass only %d simple statement%s (no loop, no call), which buys nothing",
			                     nstmt, nstmt == 1 ? "" : "s");
			stopline = 0;
		}
		s->change[xi] = newchange(s, CH_KEEP, xi, stop, stopline);
		free(indent);
		groupfree(&g);
		return;
	}
	if (join) {
		joinmove(s, &g, t, nstmt, ncall);
		free(stop);
		reorder(s, &g, pos, j);
		groupfree(&g);
		return;
	}
	int ci = newchange(s, CH_MOVE, xi, stop, stopline);
	for (int m = 1; m < g.m.n; m++) { /* carried members give up their own records */
		int old = s->change[g.m.v[m]];
		if (old >= 0)
			s->plan->v[old].kind = -1;
	}
	s->plan->v[ci].overlap = nstmt;
	s->plan->v[ci].calls = ncall;
	s->plan->v[ci].inflight = inflightname(s, s->it[xi].first);
	emitmove(s, &g, j, at, indent, ci);
	reorder(s, &g, pos, j);
	for (int m = 0; m < g.m.n; m++)
		s->change[g.m.v[m]] = ci;
	free(indent);
	groupfree(&g);
}

static void
freeitems(S *s)
{
	for (int i = 0; i < s->n; i++) {
		bfree(&s->it[i].e.rd);
		bfree(&s->it[i].e.wr);
	}
	for (int i = 0; i < s->n; i++)
		free(s->indent[i]);
	free(s->it);
	free(s->cur);
	free(s->change);
	free(s->indent);
}

/* A sync this pass will not consider, and why (conditions, labels, macros). */
static void
keepothers(S *s)
{
	for (int v = 2; v < s->f->st.n; v++) {
		const Stmt *st = &s->f->st.v[v];
		const Eff *e = &s->pf->st[v];
		if (!(e->ex & EX_SYNC) || !(st->flags & SF_INMAIN) || !directsync(s->p, s->f, v))
			continue;
		if (st->list >= 0 && st->kind == ST_PLAIN && issyncunit(s->p, s->f, e, v))
			continue; /* a block's item: move() decides */
		const char *why = st->kind == ST_COND ? "its result decides a branch or loop"
		                  : st->kind != ST_PLAIN ? "it is part of a larger statement"
		                  : st->list < 0    ? "it is a labelled statement or a loop's own part"
		                  : (e->ex & (EX_UNKNOWN | EX_UNSAFE)) ? NULL
		                                                       : "the same statement also launches or enqueues device work";
		Change c = stmtchange(PASS_SYNC, CH_KEEP, s->u, s->fname, st, callname(s, v));
		c.stop = why ? xstrdup(why) : unseen("the same statement calls", e);
		vpush(*s->plan, c);
	}
}

static const char *
refusal(const PFunc *pf)
{
	if (pf->f->why)
		return pf->f->why;
	if (pf->f->flags & FNF_TRY)
		return "the function catches exceptions";
	for (int v = 0; v < pf->f->st.n; v++)
		if (pf->st[v].ex & EX_UNSAFE)
			return "the function calls setjmp or longjmp, or asks whether device work has ended (cudaStreamQuery, "
			       "cudaEventQuery): its answer depends on what runs";
	return NULL;
}

static void
syncfn(Prog *p, PFunc *pf, Plan *plan)
{
	S s = {0};
	s.passret = -1;
	s.p = p;
	s.pf = pf;
	s.f = pf->f;
	s.u = pf->u;
	s.plan = plan;
	s.fname = pf->u->syms.v[pf->f->sym].name;
	const char *no = refusal(pf);
	int first = plan->n;
	keepothers(&s);
	for (int li = 0; li < s.f->lists.n; li++) {
		s.l = &s.f->lists.v[li];
		fillitems(&s);
		for (int i = s.n - 1; i >= 0; i--) {
			if (!s.it[i].sync || !(s.f->st.v[s.it[i].first].flags & SF_INMAIN))
				continue;
			if (no)
				s.change[i] = newchange(&s, CH_KEEP, i, xstrdup(no), 0);
			else
				move(&s, i);
		}
		freeitems(&s);
	}
	/* drop the records of carried members, keep source order */
	int k = first;
	for (int i = first; i < plan->n; i++)
		if (plan->v[i].kind >= 0)
			plan->v[k++] = plan->v[i];
		else
			free(plan->v[i].stop), free(plan->v[i].call);
	plan->n = k;
}

/* ---------------------------------------------------------------- out of a callee */

/* GSOHC section 3.2's callee-to-caller motion (issue 33): a helper's last
 * sync, which nothing after it in the helper needs (it reaches the end of
 * the body), leaves the helper for each call site, and there moves down
 * past what the caller does next as far as it may. The helper's callers
 * must all be seen (callers.c) and lie after it in its file; the sync must
 * run on every path through the helper (it post-dominates the entry),
 * name only the helper's parameters, which the helper never writes, and
 * what the callers see too; each call passes plain expressions of
 * variables the caller does not write before the new place. A site where
 * the sync cannot go farther gets it right after the call. */

typedef struct {
	int fn, node;   /* the caller and its call statement */
	int at;         /* where the sync goes, -1: nowhere */
	char *indent;
	int passed, nstmt, ncall, target, stopline;
	bool work, loop; /* it passes a loop or a call; a loop */
	char *stop;
} Site;

/* The list that is f's body. */
static const List *
bodylist(const Func *f)
{
	for (int li = 0; li < f->lists.n; li++)
		if (f->lists.v[li].owner < 0)
			return &f->lists.v[li];
	return NULL;
}

/* The helper's last sync item, if every item after it lets it pass (a
 * final return too, unless what it returns conflicts): its index, or -1. */
static int
trailingsync(S *s)
{
	int xi = -1;
	for (int i = s->n - 1; i >= 0 && xi < 0; i--)
		if (s->it[i].sync)
			xi = i;
	if (xi < 0 || movable(s, &s->it[xi]))
		return -1;
	int nl = s->p->locs.n, ln;
	Group g = {.e = {.rd = bnew(nl), .wr = bnew(nl)},
	           .in = {.drd = bnew(nl), .dwr = bnew(nl), .srd = bnew(nl), .swr = bnew(nl)}};
	g.regend = s->it[xi].end;
	groupadd(s, &g, xi);
	const Stmt *last = s->n ? &s->f->st.v[s->it[s->n - 1].first] : NULL;
	s->passret = last && last->kind == ST_RETURN && s->it[s->n - 1].first == s->it[s->n - 1].last ? s->n - 1 : -1;
	for (int j = xi + 1; j < s->n && xi >= 0; j++) {
		char *why = s->it[j].sync ? xstrdup("another sync") : blocker(s, &g, j, &ln);
		if (why)
			xi = -1;
		free(why);
	}
	s->passret = -1;
	groupfree(&g);
	return xi;
}

/* Does the text [a, b) name a local of f (not a parameter)? */
static bool
nameslocal(const Unit *u, const Func *f, int a, int b)
{
	for (int at = a, t; (t = nexttoken(u->src, &at, b)) >= 0;)
		for (int y = 0; y < u->syms.n; y++) {
			const Sym *x = &u->syms.v[y];
			if (x->kind == SYM_LOCAL && x->owner == f->sym && (int)strlen(x->name) == at - t &&
			    !strncmp(u->src + t, x->name, at - t))
				return true;
		}
	return false;
}

/* Is the name (len bytes at w) a parameter of f, a function of unit u? */
static bool
isparam(const Unit *u, const Func *f, const char *w, int len)
{
	for (int i = 0; i < f->params.n; i++) {
		const char *pn = u->syms.v[f->params.v[i]].name;
		if ((int)strlen(pn) == len && !strncmp(w, pn, len))
			return true;
	}
	return false;
}

/* A name in the text [a, b) of the helper's sync, not one of its
 * parameters, that caller c (in unit cu) declares for itself (it would
 * mean another thing there), or NULL. */
static const char *
callershadows(const S *h, int a, int b, const Unit *cu, const Func *c)
{
	const Unit *u = h->u;
	for (int at = a, t; (t = nexttoken(u->src, &at, b)) >= 0;)
		for (int y = 0; !isparam(h->u, h->f, u->src + t, at - t) && y < cu->syms.n; y++) {
			const Sym *x = &cu->syms.v[y];
			if ((x->kind == SYM_LOCAL || x->kind == SYM_PARAM) && x->owner == c->sym &&
			    (int)strlen(x->name) == at - t && !strncmp(u->src + t, x->name, at - t))
				return x->name;
		}
	return NULL;
}

/* Is the token at t[k] a member's name (after . or -> or ::)? It names
 * no variable: a parameter d substituted in d->d made pd->pd. */
static bool
membertoken(const char *t, int k)
{
	while (k > 0 && strchr(" \t\r\n", t[k - 1]))
		k--;
	return k > 0 && (t[k - 1] == '.' || (k > 1 && ((t[k - 2] == '-' && t[k - 1] == '>') || (t[k - 2] == ':' && t[k - 1] == ':'))));
}

/* Where the unit's own text #defines the name (len bytes at w): the
 * directive's offset, or -1. */
static int
definedat(const Unit *u, const char *w, int len)
{
	for (int i = 0; i < u->directives.n; i++) {
		int d = u->directives.v[i], n, at;
		const char *dw = directiveword(u, d, &n);
		if (!dw || n != 6 || strncmp(dw, "define", 6))
			continue;
		at = (int)(dw - u->src) + n;
		int t = nexttoken(u->src, &at, directiveend(u, d));
		if (t >= 0 && at - t == len && !strncmp(u->src + t, w, len))
			return d;
	}
	return -1;
}

/* Is the name (len bytes at w) declared, or #defined, in the unit's own
 * text only after the start of function g? There it would not be seen. */
static bool
declaredafter(const Unit *u, const char *w, int len, const Func *g)
{
	bool seen = false, before = false;
	for (int y = 0; y < u->syms.n; y++) {
		const Sym *z = &u->syms.v[y];
		if (z->kind == SYM_LOCAL || z->kind == SYM_PARAM || (int)strlen(z->name) != len || strncmp(z->name, w, len))
			continue;
		seen = true;
		before |= (z->flags & SYMF_SYSTEM) || z->line < g->line;
	}
	if (seen)
		return !before;
	return definedat(u, w, len) > g->begin;
}

/* Why a name in a sync's text (n bytes), written in unit u, may not mean
 * in function c of another unit cu what it means in u (a sync that moves
 * to a caller or a callee in another file of the program), or NULL: each
 * must be a parameter of function pf of unit pu (the helper's, which the
 * call's arguments replace, or the callee's, which now stand in the text),
 * the toolkit's (declared in a system header, or a cuda-prefixed constant
 * neither file #defines), a keyword, or a function or variable of external
 * linkage that cu declares before c. A macro of the program's own could be
 * defined otherwise there: cuflow does not see macros across files. */
static char *
foreignname(const Unit *u, const char *text, int n, const Unit *pu, const Func *pf, const Unit *cu, const Func *c)
{
	for (int at = 0, t; (t = nexttoken(text, &at, n)) >= 0;) {
		const char *w = text + t;
		int len = at - t;
		if (!isident(*w) || isdigit((unsigned char)*w) || isparam(pu, pf, w, len))
			continue;
		static const char *const keywords[] = {"sizeof", "alignof", "const", "unsigned", "signed", "char", "short",
		                                       "int", "long", "float", "double", "bool", "void", "true", "false",
		                                       "nullptr", "struct", "static_cast", "reinterpret_cast", NULL};
		bool ok = isword(w, len, keywords);
		const Sym *x = NULL;
		for (int y = 0; !ok && !x && y < u->syms.n; y++)
			if ((u->syms.v[y].kind == SYM_GLOBAL || u->syms.v[y].kind == SYM_FUNC) && u->syms.v[y].name &&
			    (int)strlen(u->syms.v[y].name) == len && !strncmp(u->syms.v[y].name, w, len))
				x = &u->syms.v[y];
		if (x && (x->flags & SYMF_SYSTEM))
			ok = true;
		else if (x && (x->flags & SYMF_EXTERN)) {
			for (int y = 0; !ok && y < cu->syms.n; y++)
				ok = cu->syms.v[y].usr && x->usr && !strcmp(cu->syms.v[y].usr, x->usr);
			ok = ok && !declaredafter(cu, w, len, c);
		} else if (!x && !ok)
			ok = (!strncmp(w, "cuda", 4) || !strncmp(w, "CUDA", 4)) && definedat(u, w, len) < 0 &&
			     definedat(cu, w, len) < 0;
		ok = ok && !redefinedafter(cu, w, len, 0); /* a macro of that file (#define cudaMemcpy(...)) */
		if (!ok)
			return fmt("it names %.*s, which cuflow cannot tell means the same in %s before %s()", len, w,
			           relpath(cu->path), cu->syms.v[c->sym].name);
	}
	return NULL;
}

/* Is the parameter written anywhere in the helper? */
static bool
paramwritten(const Prog *p, const PFunc *pf, int sym)
{
	int l = symloc(p, unitidx(p, pf->u), sym);
	for (int v = 0; l >= 0 && v < pf->f->st.n; v++)
		if (bhas(&pf->st[v].wr, l))
			return true;
	return false;
}

/* Is the argument text a plain expression (names, numbers, operators,
 * sizeof; no call, assignment, increment, dereference, subscript or member) whose
 * variables the caller's statements [from, to) of list items do not
 * write? Not a reference, nor a member a method names bare. */
static bool
stablearg(const S *c, const char *arg, int from, int to)
{
	if (strstr(arg, "++") || strstr(arg, "--") || strstr(arg, "->") || strchr(arg, '[') || strchr(arg, '"') ||
	    strchr(arg, '\'') || strchr(arg, '?'))
		return false;
	for (const char *q = arg; *q; q++) {
		if (*q == '=' && q[1] != '=' && (q == arg || !strchr("=!<>", q[-1])))
			return false;
		const char *b = q;
		while (*q == '*' && b > arg && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (*q == '*' && (b == arg || !(isident(b[-1]) || b[-1] == ')')))
			return false; /* *p: memory the caller may change before the new place */
	}
	int n = (int)strlen(arg);
	bool method = c->u->syms.v[c->f->sym].flags & SYMF_METHOD;
	for (int at = 0, t; (t = nexttoken(arg, &at, n)) >= 0;) {
		if (arg[t] == '#')
			return false;
		int i = at;
		while (arg[i] == ' ')
			i++;
		if (arg[i] == '(' && strncmp(arg + t, "sizeof", 6))
			return false; /* a call */
		bool var = false;
		for (int y = 0; y < c->u->syms.n; y++) {
			const Sym *x = &c->u->syms.v[y];
			if ((int)strlen(x->name) != at - t || strncmp(arg + t, x->name, at - t) ||
			    (x->kind != SYM_GLOBAL && x->owner != c->f->sym))
				continue;
			if (x->flags & SYMF_REF)
				return false; /* int &len = n: its referent may change */
			var = true;
			int l = symloc(c->p, unitidx(c->p, c->u), y);
			for (int k = from; l >= 0 && k < to; k++)
				for (int v = c->it[k].first; v <= c->it[k].last; v++)
					if (bhas(&c->pf->st[v].wr, l))
						return false;
		}
		if (!var && method)
			return false; /* a member named bare (cur for this->cur): no location of its own */
	}
	return true;
}

/* The sync's text for a site: base (cut with no indent) with indent on
 * each line, each parameter of the helper replaced by the call's argument
 * (parenthesised unless a name). NULL when an argument is missing. */
static char *
sitetext(const S *h, const char *base, const Unit *cu, const Call *call, const char *indent)
{
	Buf raw = {0}, out = {0};
	for (const char *l = base; *l;) {
		const char *e = strchr(l, '\n');
		int len = e ? (int)(e - l) + 1 : (int)strlen(l);
		if (len > 1)
			bputs(&raw, indent);
		bputn(&raw, l, len);
		l += len;
	}
	const char *t = bstr(&raw);
	int n = raw.n, done = 0;
	bool ok = true;
	for (int at = 0, k; ok && (k = nexttoken(t, &at, n)) >= 0;)
		for (int i = 0; i < h->f->params.n && !membertoken(t, k); i++) {
			const char *pn = h->u->syms.v[h->f->params.v[i]].name;
			if ((int)strlen(pn) != at - k || strncmp(t + k, pn, at - k))
				continue;
			if (i >= call->nargs) {
				ok = false;
				break;
			}
			char *a = calltext(cu->src, call->off, call->end, i, call->nargs);
			if (!strcmp(a, "?")) { /* a default argument: no text to write */
				free(a);
				ok = false;
				break;
			}
			bputn(&out, t + done, k - done);
			bool name = false; /* a variable's name, not a macro's (#define CNT n - 1000) */
			for (int y = 0; !name && y < cu->syms.n; y++)
				name = cu->syms.v[y].name && !strcmp(cu->syms.v[y].name, a) && cu->syms.v[y].kind != SYM_FUNC;
			bprintf(&out, name ? "%s" : "(%s)", a);
			free(a);
			done = at;
		}
	bputn(&out, t + done, n - done);
	free(raw.v);
	if (!ok) {
		free(out.v);
		return NULL;
	}
	return bstr(&out);
}

/* Does statement v of pf, but for its call ci (whose arguments it still
 * reads), touch what the sync's effects se do (the rest of the statement
 * runs on the other side of the moved sync: acc += f(h) + h[5])? */
static bool
restclash(const Prog *p, const PFunc *pf, int v, int ci, const Eff *se)
{
	bool *skip = xcalloc(pf->f->calls.n + 1, sizeof *skip);
	skip[ci] = true;
	Eff e;
	effnew(&e, p->locs.n);
	stmteffbut(p, pf, v, skip, &e);
	bool clash = conflictloc(p, &se->wr, &e.rd) >= 0 || conflictloc(p, &se->wr, &e.wr) >= 0 ||
	             conflictloc(p, &se->rd, &e.wr) >= 0 || (e.ex & (EX_IO | EX_VOLATILE | EX_MANAGED | EX_UNKNOWN));
	efffree(&e);
	free(skip);
	return clash;
}

/* The call of the helper in statement v of the caller, if it is the
 * statement's only call and runs whenever the statement does. */
static const Call *
sitecall(const Prog *p, const PFunc *c, int v, int helper)
{
	const Stmt *st = &c->f->st.v[v];
	if (st->ncall != 1 || st->kind != ST_PLAIN || (st->flags & (SF_MACRO | SF_JUMP | SF_HIDDEN | SF_CONDCALL)))
		return NULL;
	const Call *call = &c->f->calls.v[st->call0];
	return call->kind == C_DIRECT && calledfn(p, unitidx(p, c->u), call) == helper ? call : NULL;
}

/* The sync item xi of s as a group's own effects, with the work in flight
 * at it. */
static void
syncof(Group *g, const S *s, int xi)
{
	bor(&g->e.rd, &s->it[xi].e.rd);
	bor(&g->e.wr, &s->it[xi].e.wr);
	g->e.ex = s->it[xi].e.ex;
	addin(g, &s->pf->in[s->it[xi].first]);
}

/* The group, standing for a sync of another function, down c's items
 * from j: what it passes and what stops it, into z; the item it stops
 * before (c->n: the block's end). */
static int
scanfrom(S *c, Group *g, int j, Site *z)
{
	for (; j < c->n; j++) {
		z->stop = c->it[j].sync ? xstrdup("is another sync, which waits anyway") : blocker(c, g, j, &z->stopline);
		if (c->it[j].sync)
			z->stopline = c->f->st.v[c->it[j].first].line;
		if (z->stop)
			break;
		z->passed++;
		z->nstmt += c->it[j].nstmt;
		z->ncall += c->it[j].ncall;
		z->loop |= hasloop(c, &c->it[j]);
		z->work |= c->it[j].ncall > 0 || z->loop;
	}
	groupfree(g);
	return j;
}

/* Site k: how far the helper's sync item hx may go down the caller's
 * block from after the call, with the work in flight at it in the helper. */
static void
scansite(const S *h, int hx, S *c, int item, Site *z)
{
	int nl = h->p->locs.n;
	Group g = {.e = {.rd = bnew(nl), .wr = bnew(nl)},
	           .in = {.drd = bnew(nl), .dwr = bnew(nl), .srd = bnew(nl), .swr = bnew(nl)}};
	g.regend = c->it[item].end;
	groupadd(c, &g, item); /* what is in flight before the call */
	bclear(&g.e.rd); /* the sync's own effects, not the call's */
	bclear(&g.e.wr);
	syncof(&g, h, hx);
	int j = scanfrom(c, &g, item + 1, z);
	z->at = insertpoint(c, j, &z->indent);
	z->target = z->at >= 0 ? unitline(c->u, z->at) : 0;
}

/* Does a change already in the plan, but change skip, edit the text
 * [a, b] of unit u? */
static bool
editedin(const Plan *plan, const Unit *u, int a, int b, int skip)
{
	for (int i = 0; i < plan->n; i++)
		for (int k = 0; i != skip && plan->v[i].kind >= 0 && k < plan->v[i].edits.n; k++) {
			const Edit *e = &plan->v[i].edits.v[k];
			if (editunit(&plan->v[i], e) == u && e->off <= b && e->off + e->len >= a)
				return true;
		}
	return false;
}

/* The sync pass's record of the helper's sync (a keep, or a move within
 * the helper): its index, or -1. */
static int
ownrecord(const Plan *plan, const S *h, const Item *x)
{
	for (int i = 0; i < plan->n; i++)
		if (plan->v[i].pass == PASS_SYNC && plan->v[i].u == h->u && plan->v[i].begin == h->f->st.v[x->first].begin)
			return i;
	return -1;
}

/* Why the helper's sync cannot leave it through its call sites, or NULL. */
static char *
sitesready(const S *h, int hx, Site *sites, int n, const Plan *plan)
{
	for (int k = 0; k < n; k++) {
		const PFunc *c = &h->p->fns.v[sites[k].fn];
		const Stmt *st = &c->f->st.v[sites[k].node];
		if (sites[k].at < 0)
			return fmt("the call at line %d has no place after it in its block", st->line);
		if (editedin(plan, c->u, st->begin, sites[k].at, -1))
			return fmt("another change edits the code after the call at line %d", st->line);
	}
	const Item *x = &h->it[hx];
	if (editedin(plan, h->u, leadcomments(h->u, x->begin), x->end, ownrecord(plan, h, x)))
		return xstrdup("another change edits the code around it");
	return NULL;
}

static void
sitefree(Site *z)
{
	free(z->indent);
	free(z->stop);
}

/* The sync's text (base) after the call at each site k with pick[k] (all
 * when pick is NULL), with what it overlaps and where, into c and why;
 * false when an argument is missing. */
static bool
siteedits(const S *h, const char *base, Site *z, S *cs, const Call **calls, int ns, const bool *pick, int seq,
          Change *c, Buf *why)
{
	for (int k = 0, first = 1; k < ns; k++) {
		if (pick && !pick[k])
			continue;
		char *text = sitetext(h, base, cs[k].u, calls[k], z[k].indent);
		if (!text)
			return false;
		int from = c->edits.n;
		if (blankbefore(cs[k].u, z[k].at)) {
			Edit ins = {z[k].at, 0, text, seq, false, NULL};
			vpush(c->edits, ins);
		} else { /* before code that shares its line: the line splits there */
			insertlines(cs[k].u, z[k].at, true, text, seq, &c->edits);
			free(text);
		}
		for (int i = from; cs[k].u != h->u && i < c->edits.n; i++) /* a caller in another file */
			c->edits.v[i].u = cs[k].u;
		const char *file = h->p->nunits > 1 ? relpath(cs[k].u->path) : NULL; /* lines of which file */
		c->overlap += z[k].nstmt;
		c->calls += z[k].ncall;
		if (!c->target && z[k].passed) {
			c->target = z[k].target;
			c->targetfn = xstrdup(cs[k].fname);
			c->targetu = cs[k].u != h->u ? cs[k].u : NULL;
		}
		int line = cs[k].f->st.v[z[k].node].line;
		if (file)
			bprintf(why, "%s %s:%d in %s() -> ", first ? "" : ";", file, line, cs[k].fname);
		else
			bprintf(why, "%s line %d in %s() -> ", first ? "" : ";", line, cs[k].fname);
		first = 0;
		if (z[k].passed && file)
			bprintf(why, "%s:%d", file, z[k].target);
		else if (z[k].passed)
			bprintf(why, "line %d", z[k].target);
		else
			bputs(why, "right after the call");
		if (z[k].stop)
			bprintf(why, " (stopped before it: %s%s%d %s)", file ? file : "line ", file ? ":" : "", z[k].stopline,
			        z[k].stop);
		else
			bprintf(why, cs[k].l == bodylist(cs[k].f) ? " (the end of %s())" : " (the end of its block)",
			        cs[k].fname);
		c->chain |= !z[k].stop && cs[k].l == bodylist(cs[k].f);
	}
	return true;
}

/* Delete the helper's sync, insert it at every site, and say where; false
 * when it moved with other syncs inside the helper (they stay together). */
static bool
emitcallee(S *h, int hx, Site *z, S *cs, const Call **calls, int ns, Plan *plan)
{
	const Item *x = &h->it[hx];
	int own = ownrecord(plan, h, x);
	if (own >= 0 && plan->v[own].members.n > 1)
		return false;
	Change c = stmtchange(PASS_SYNC, CH_MOVE, h->u, h->fname, &h->f->st.v[x->first], callname(h, x->first));
	int seq = own >= 0 ? own : plan->n;
	Buf base = {0}, why = {0};
	cutstmt(h->u, x->begin, x->end, "", &base, &c.edits);
	bstr(&base);
	bprintf(&why, "out of %s() into its %d call site%s:", h->fname, ns, ns == 1 ? "" : "s");
	bool ok = siteedits(h, base.v, z, cs, calls, ns, NULL, seq, &c, &why);
	free(base.v);
	if (!ok) {
		free(why.v);
		changefree(&c);
		return false;
	}
	vpush(c.members, c.line);
	c.how = SY_OUT;
	c.safe = bstr(&why);
	c.inflight = xstrdup("the work in flight at its calls");
	if (own >= 0) { /* replaced: the helper's own record goes */
		changefree(&plan->v[own]);
		plan->v[own] = c;
	} else
		vpush(*plan, c);
	return true;
}

static bool
callsitself(const Prog *p, const PFunc *pf)
{
	for (int i = 0; i < pf->f->calls.n; i++)
		if (pf->f->calls.v[i].kind == C_DIRECT && calledfn(p, unitidx(p, pf->u), &pf->f->calls.v[i]) == pf->id)
			return true;
	return false;
}

/* Where the name (a whole token) first appears in text [a, b), or -1. */
static int
nametoken(const char *text, int a, int b, const char *name)
{
	for (int at = a, t; (t = nexttoken(text, &at, b)) >= 0;)
		if (at - t == (int)strlen(name) && !strncmp(text + t, name, at - t))
			return t;
	return -1;
}

/* Does the helper's text from `from`, or a macro of its file that it uses,
 * name word? Why (ending in what), or NULL. */
static char *
namedin(const S *h, int from, const char *word, const char *what)
{
	if (nametoken(h->u->src, from, h->f->end, word) >= 0)
		return fmt("%s() names %s, which %s", h->fname, word, what);
	for (int at = from, t; (t = nexttoken(h->u->src, &at, h->f->end)) >= 0;) {
		int d = definedat(h->u, h->u->src + t, at - t); /* a macro of this file that names it */
		if (d >= 0 && nametoken(h->u->src, d, directiveend(h->u, d), word) >= 0)
			return fmt("%s() uses %.*s, whose definition names %s, which %s", h->fname, at - t, h->u->src + t, word,
			           what);
	}
	return NULL;
}

/* Why the helper cannot be cloned for some of its call sites (GSOHC Fig.
 * 9(b)), or NULL: a template, a method, static locals (a clone would
 * split their state), a directive inside, or a clone's name taken. */
static char *
noclone(const S *h, const char *name)
{
	const Sym *f = &h->u->syms.v[h->f->sym];
	if (f->flags & (SYMF_TEMPLATE | SYMF_METHOD))
		return fmt("%s() is a template or a method", h->fname);
	if (directivein(h->u, h->f->begin, h->f->end) >= 0)
		return fmt("a preprocessor directive lies inside %s()", h->fname);
	static const char *const ownname[] = {"__func__",       "__FUNCTION__",       "__PRETTY_FUNCTION__",
	                                      "__LINE__",       "__builtin_LINE",     "__builtin_FUNCTION"};
	static const char *const state[] = {"static", "thread_local", "_Thread_local"};
	for (size_t i = 0; i < sizeof ownname / sizeof *ownname; i++) {
		char *why = namedin(h, h->f->begin, ownname[i], "a clone would change");
		if (why)
			return why;
	}
	int lo = unitline(h->u, h->f->begin), hi = unitline(h->u, h->f->end);
	for (int y = 0; y < h->u->syms.n; y++) { /* as the parse sees it: through a header's or a nested macro too */
		const Sym *z = &h->u->syms.v[y];
		if (z->kind == SYM_GLOBAL && (z->flags & SYMF_STATIC) && z->line >= lo && z->line <= hi)
			return fmt("%s() keeps %s, a static or thread_local local, which a clone would split", h->fname, z->name);
	}
	for (size_t i = 0; i < sizeof state / sizeof *state; i++) {
		char *why = namedin(h, bodylist(h->f)->begin, state[i],
		                    "a clone would split (a local that keeps its value between calls)");
		if (why)
			return why;
	}
	for (int y = 0; y < h->u->syms.n; y++)
		if (h->u->syms.v[y].name && !strcmp(h->u->syms.v[y].name, name))
			return fmt("the name %s is taken", name);
	return NULL;
}

/* The helper's text with the edits e (offsets in its unit; taken) made
 * and its name replaced by name, static: a clone's definition, on lines of
 * its own (the sync cut out, or put in). */
static char *
clonetext(const S *h, Edits e, const char *name)
{
	const Unit *u = h->u;
	int a = h->f->begin, b = h->f->end;
	for (int i = 0; i < e.n; i++)
		e.v[i].off -= a;
	for (int at = 0, t; (t = nexttoken(u->src + a, &at, b - a)) >= 0;)
		if (at - t == (int)strlen(h->fname) && !strncmp(u->src + a + t, h->fname, at - t)) {
			Edit ren = {t, at - t, xstrdup(name), 0, false, NULL};
			vpush(e, ren);
			break;
		}
	size_t n;
	char *err = NULL;
	char *body = applyedits(u->src + a, b - a, &e, &n, &err);
	freeedits(&e);
	if (!body) {
		free(err);
		return NULL;
	}
	int name0 = nametoken(body, 0, (int)n, name);
	bool isstatic = nametoken(body, 0, name0 < 0 ? 0 : name0, "static") >= 0;
	char *text = fmt("\n%s%s\n", isstatic ? "" : "static ", body);
	free(body);
	return text;
}

/* The helper's sync stays for the sites it must, and a clone without it,
 * beside the helper, serves the sites pick[] that gain: they call the
 * clone, and the sync follows each of them. NULL, or why not. */
static char *
emitclone(S *h, int hx, Site *z, S *cs, const Call **calls, int ns, const bool *pick, char **whys, Plan *plan)
{
	const Item *x = &h->it[hx];
	int own = ownrecord(plan, h, x);
	if (own >= 0 && plan->v[own].kind == CH_MOVE)
		return xstrdup("it moved inside the helper");
	bool *serve = xcalloc(ns + 1, sizeof *serve); /* the clone is static: it serves sites in the helper's file */
	bool any = false;
	for (int k = 0; k < ns; k++)
		any |= serve[k] = pick[k] && cs[k].u == h->u;
	if (!any) {
		free(serve);
		return fmt("a clone would be static in %s, and the sites that gain are in other files", relpath(h->u->path));
	}
	char *name = fmt("%s_nosync", h->fname);
	char *why = noclone(h, name);
	if (!why && (callsitself(h->p, h->pf) || editedin(plan, h->u, h->f->begin, stmtlineend(h->u, h->f->end), -1)))
		why = fmt("%s() calls itself, or another change edits it", h->fname);
	Edits without = {0};
	if (!why)
		cutstmt(h->u, x->begin, x->end, NULL, NULL, &without);
	char *clone = why ? NULL : clonetext(h, without, name);
	if (!why && !clone)
		why = xstrdup("its text cannot be copied");
	if (why) {
		free(name);
		free(serve);
		return why;
	}
	bool *gains = (bool *)pick;
	pick = serve;
	Change c = stmtchange(PASS_SYNC, CH_MOVE, h->u, h->fname, &h->f->st.v[x->first], callname(h, x->first));
	int seq = plan->n;
	insertlines(h->u, h->f->end, false, clone, seq, &c.edits);
	free(clone);
	Buf base = {0}, say = {0};
	Edits cut = {0}; /* the sync stays in the helper: only its text */
	cutstmt(h->u, x->begin, x->end, "", &base, &cut);
	freeedits(&cut);
	bstr(&base);
	int npick = 0;
	for (int k = 0; k < ns; k++)
		if (pick[k] && (calls[k]->nargs != h->f->params.n ||
		                nametoken(cs[k].u->src, calls[k]->off, calls[k]->off + (int)strlen(h->fname) + 1, h->fname) !=
		                    calls[k]->off)) {
			changefree(&c);
			free(name);
			free(serve);
			return fmt("the call at line %d leaves a default argument or names %s() with a qualifier",
			           cs[k].f->st.v[z[k].node].line, h->fname);
		}
	for (int k = 0; k < ns; k++)
		if (pick[k]) {
			Edit ren = {calls[k]->off, (int)strlen(h->fname), xstrdup(name), seq, false, NULL};
			vpush(c.edits, ren);
			npick++;
		}
	bprintf(&say, "out of %s() for %d of its %d call sites, which now call a clone without it, %s() (static, "
	        "after %s()):", h->fname, npick, ns, name, h->fname);
	bool ok = siteedits(h, base.v, z, cs, calls, ns, pick, seq, &c, &say);
	for (int k = 0, first = 1; ok && k < ns; k++)
		if (!pick[k]) {
			bprintf(&say, "%s line %d keeps %s() as it is: %s", first ? "; the others:" : ";",
			        h->p->fns.v[z[k].fn].f->st.v[z[k].node].line, h->fname,
			        whys[k]    ? whys[k]
			        : gains[k] ? "it lies in another file, where the static clone is not seen"
			                   : "the sync would overlap nothing there");
			first = 0;
		}
	free(base.v);
	free(name);
	free(serve);
	if (!ok) {
		free(say.v);
		changefree(&c);
		return xstrdup("a call passes no argument for a parameter the sync uses");
	}
	vpush(c.members, c.line);
	c.how = SY_OUT;
	c.safe = bstr(&say);
	c.inflight = xstrdup("the work in flight at its calls");
	if (own >= 0) { /* the helper's own record: why it stays there */
		char *stop = fmt("%s; it stays in %s() for the %d call%s that keep it", plan->v[own].stop, h->fname,
		                 ns - npick, ns - npick == 1 ? "" : "s");
		free(plan->v[own].stop);
		plan->v[own].stop = stop;
	}
	vpush(*plan, c);
	return NULL;
}

/* Why site k cannot take the sync, or NULL (and the scan done). */
static char *
prepsite(S *h, int hx, PFunc *c, int v, S *cs, const Call **call, Site *z)
{
	const Stmt *st = &c->f->st.v[v];
	z->fn = c->id;
	z->node = v;
	*call = sitecall(h->p, c, v, h->pf->id);
	if (!*call && (st->flags & SF_CONDCALL))
		return fmt("the call at line %d runs on some evaluations of its statement only (?:, && or ||)", st->line);
	if (!*call)
		return fmt("the call at line %d is not a plain statement of its own", st->line);
	if (restclash(h->p, c, v, st->call0, &h->it[hx].e))
		return fmt("the rest of the statement at line %d uses what the sync touches", st->line);
	if (c->u == h->u && c->f->begin < h->f->end)
		return fmt("its caller %s() (line %d) comes before it in the file", c->u->syms.v[c->f->sym].name, st->line);
	if (st->list < 0)
		return fmt("the call at line %d is no statement of a block (a loop's or a branch's own body)", st->line);
	if (!c->f->inmain || !c->succ || refusal(c))
		return fmt("cuflow does not move syncs in its caller %s() (line %d)", c->u->syms.v[c->f->sym].name, st->line);
	const char *sh = callershadows(h, h->it[hx].begin, h->it[hx].end, c->u, c->f);
	if (sh)
		return fmt("its caller %s() declares %s, a name the sync uses", c->u->syms.v[c->f->sym].name, sh);
	char *foreign = c->u == h->u ? NULL
	                             : foreignname(h->u, h->u->src + h->it[hx].begin, h->it[hx].end - h->it[hx].begin,
	                                           h->u, h->f, c->u, c->f);
	if (!foreign)
		foreign = othernames(h->pf, h->it[hx].first, h->it[hx].last, c);
	if (foreign)
		return foreign;
	*cs = (S){.p = h->p, .pf = c, .f = c->f, .u = c->u, .plan = h->plan, .l = &c->f->lists.v[st->list], .passret = -1};
	cs->fname = c->u->syms.v[c->f->sym].name;
	fillitems(cs);
	if (cs->it[st->pos].first != v || cs->it[st->pos].last != v)
		return fmt("the call at line %d is part of a larger statement", st->line);
	scansite(h, hx, cs, st->pos, z);
	for (int i = 0; i < (*call)->nargs; i++) {
		char *a = calltext(c->u->src, (*call)->off, (*call)->end, i, (*call)->nargs);
		const char *pn = i < h->f->params.n ? h->u->syms.v[h->f->params.v[i]].name : "";
		if (i < 32 && ((*call)->conv >> i & 1) && nametoken(h->u->src, h->it[hx].begin, h->it[hx].end, pn) >= 0) {
			char *why = fmt("the call at line %d passes %s, which changes its value as %s() takes it (%s)", st->line,
			                a, h->fname, pn);
			free(a);
			return why;
		}
		bool ok = stablearg(cs, a, st->pos, st->pos + 1 + z->passed);
		if (!ok) {
			bool unsplit = !strcmp(a, "?") && callargc(c->u->src, (*call)->off, (*call)->end) > i;
			char *why = unsplit ? fmt("the text of the call at line %d does not tell its arguments apart (a comma "
			                          "between template arguments, or a comparison)",
			                          st->line)
			            : !strcmp(a, "?") ? fmt("the call at line %d leaves %s to its default", st->line, pn)
			                              : fmt("the call at line %d passes %s, which is no plain expression the "
			                                    "caller keeps",
			                                    st->line, a);
			free(a);
			return why;
		}
		free(a);
	}
	return NULL;
}


/* Can function c, whose last statement the helper's sync hx would become,
 * pass it on to its own callers in the next round (GSOHC's motion up the
 * call chain, at most 4 functions deep as its call strings are), and does
 * some caller up the chain have host work to overlap after its call? */
static bool
passon(const S *h, int hx, PFunc *c, int depth, char **why)
{
	Prog *p = h->p;
	if (depth > 3 || p->open[c->id] || callsitself(p, c) || refusal(c) || (c->sum.ex & (EX_THROW | EX_EXIT | EX_UNSAFE)) ||
	    (c->u->syms.v[c->f->sym].flags & SYMF_METHOD) ||
	    (c->f->st.v[bodylist(c->f)->endnode].flags & SF_SCOPEOBJ))
		return false;
	for (int i = 0; i < c->f->params.n; i++)
		if (paramwritten(p, c, c->f->params.v[i]))
			return false;
	const Ints *sites = &p->sites[c->id];
	const char *cname = c->u->syms.v[c->f->sym].name;
	bool gain = false, allok = true, here = false; /* here: a site that gains is in c's file */
	for (int k = 0; k < sites->n / 2; k++) {
		PFunc *c2 = &p->fns.v[sites->v[2 * k]];
		int v = sites->v[2 * k + 1];
		const Stmt *st = &c2->f->st.v[v];
		const Call *call = sitecall(p, c2, v, c->id);
		if (!call || (c2->u == c->u && c2->f->begin < c->f->end) || st->list < 0 || !c2->f->inmain || !c2->succ ||
		    refusal(c2)) {
			allok = false;
			continue;
		}
		S cs = {.p = p, .pf = c2, .f = c2->f, .u = c2->u, .plan = h->plan, .l = &c2->f->lists.v[st->list],
		        .passret = -1};
		fillitems(&cs);
		Site z = {0};
		bool args = cs.it[st->pos].first == v && cs.it[st->pos].last == v;
		if (args) {
			scansite(h, hx, &cs, st->pos, &z);
			/* the next round's argument checks (prepsite), on every argument: which
			 * ones the sync will name is not known yet */
			for (int i = 0; i < call->nargs && args; i++) {
				char *a = calltext(c2->u->src, call->off, call->end, i, call->nargs);
				args = !(i < 32 && (call->conv >> i & 1)) && stablearg(&cs, a, st->pos, st->pos + 1 + z.passed);
				if (!args && !*why)
					*why = fmt("the call of %s() at line %d passes %s, which is no plain expression the caller keeps "
					           "or changes its value as %s() takes it",
					           cname, st->line, a, cname);
				free(a);
			}
		}
		allok &= args;
		if (args && ((z.passed > 0 && z.work) ||
		             (!z.stop && cs.l == bodylist(c2->f) && !nameslocal(c2->u, c2->f, call->off, call->end) &&
		              passon(h, hx, c2, depth + 1, why)))) {
			gain = true;
			here |= c2->u == c->u;
		}
		sitefree(&z);
		freeitems(&cs);
	}
	if (gain && !allok) { /* the sites that gain would call a clone of c (tryout, emitclone) */
		S cx = {.p = p, .pf = c, .f = c->f, .u = c->u, .plan = h->plan, .fname = cname};
		char *name = fmt("%s_nosync", cname);
		char *nc = here ? noclone(&cx, name) : fmt("a clone of %s() would be static in %s, and the sites that gain "
		                                           "are in other files",
		                                           cname, relpath(c->u->path));
		if (nc && !*why)
			*why = nc;
		else
			free(nc);
		gain = !nc;
		free(name);
	}
	return gain;
}

/* Why the helper's sync item hx (it reaches the helper's end) cannot leave
 * it for its call sites, or NULL when it did (the plan has the move). */
static char *
tryout(S *h, int hx)
{
	Prog *p = h->p;
	const Ints *sites = &p->sites[h->pf->id];
	const Item *x = &h->it[hx];
	if (p->open[h->pf->id] && callsitself(p, h->pf))
		return fmt("%s() calls itself", h->fname);
	if (p->open[h->pf->id])
		return fmt("%s() may have callers cuflow does not see (used as a value or named in an initialiser or "
		           "default argument, no caller here, or one in code it "
		           "does not analyse: a left-out #if group, a file without CUDA or refused, outside the program)",
		           h->fname);
	if (h->u->syms.v[h->f->sym].flags & SYMF_METHOD)
		return fmt("%s() is a method: cuflow does not map its object and parameters to its callers' text", h->fname);
	if (!dominates(&h->pf->pdom, x->first, 0))
		return fmt("some path through %s() skips it", h->fname);
	if (h->f->st.v[bodylist(h->f)->endnode].flags & SF_SCOPEOBJ)
		return fmt("objects of %s() end after it, at its return, and their destructors may use what it waits for "
		           "(a class that is not plain old data: a local, or a parameter passed by value)",
		           h->fname);
	if (nameslocal(h->u, h->f, x->begin, x->end))
		return fmt("it names a local of %s(), which its callers do not see", h->fname);
	for (int i = 0; i < h->f->params.n; i++)
		if (paramwritten(p, h->pf, h->f->params.v[i]))
			return fmt("%s() writes its parameter %s", h->fname, h->u->syms.v[h->f->params.v[i]].name);
	int ns = sites->n / 2;
	Site *z = xcalloc(ns + 1, sizeof *z);
	S *cs = xcalloc(ns + 1, sizeof *cs);
	const Call **calls = xcalloc(ns + 1, sizeof *calls);
	char **whys = xcalloc(ns + 1, sizeof *whys);
	bool *gains = xcalloc(ns + 1, sizeof *gains);
	char *why = NULL, *up = NULL; /* up: what stops the sync further up the call chain */
	int nok = 0, ngain = 0;
	for (int k = 0; k < ns; k++) {
		whys[k] = prepsite(h, hx, &p->fns.v[sites->v[2 * k]], sites->v[2 * k + 1], &cs[k], &calls[k], &z[k]);
		if (!whys[k] && z[k].at < 0)
			whys[k] = fmt("the call at line %d has no place after it in its block", cs[k].f->st.v[z[k].node].line);
		if (!whys[k] && editedin(h->plan, cs[k].u, cs[k].f->st.v[z[k].node].begin, z[k].at, -1))
			whys[k] = fmt("another change edits the code after the call at line %d", cs[k].f->st.v[z[k].node].line);
		if (whys[k])
			continue;
		nok++;
		gains[k] = (z[k].passed > 0 && z[k].work) ||
		           (!z[k].stop && cs[k].l == bodylist(cs[k].f) &&
		            !nameslocal(cs[k].u, cs[k].f, calls[k]->off, calls[k]->end) &&
		            passon(h, hx, &p->fns.v[z[k].fn], 1, &up));
		ngain += gains[k];
	}
	if (!ngain) {
		for (int k = 0; k < ns && !why; k++)
			if (whys[k])
				why = xstrdup(whys[k]);
		if (!why && up)
			why = fmt("no call site has host work after it, and up the call chain %s", up);
		if (!why)
			why = xstrdup("no call site, nor a caller up the chain, has host work (a loop or a call) after it "
			              "that it could overlap");
	} else if (nok == ns) {
		why = sitesready(h, hx, z, ns, h->plan);
		if (!why && !emitcallee(h, hx, z, cs, calls, ns, h->plan))
			why = xstrdup("it moved with other syncs inside the helper");
	} else if (editedin(h->plan, h->u, leadcomments(h->u, x->begin), x->end, ownrecord(h->plan, h, x)))
		why = xstrdup("another change edits the code around it");
	else {
		why = emitclone(h, hx, z, cs, calls, ns, gains, whys, h->plan);
		int k = 0;
		while (why && !whys[k])
			k++;
		if (why) {
			char *w = fmt("%s; and no clone serves the sites that gain: %s", whys[k], why);
			free(why);
			why = w;
		}
	}
	for (int k = 0; k < ns; k++) {
		sitefree(&z[k]);
		free(whys[k]);
		if (cs[k].it)
			freeitems(&cs[k]);
	}
	free(z);
	free(cs);
	free(calls);
	free(whys);
	free(gains);
	free(up);
	return why;
}

/* A helper's trailing sync (trailingsync) leaves it for its callers, or
 * its record says why it stays. */
static void
outofcallee(Prog *p, PFunc *pf, Plan *plan)
{
	const List *body = bodylist(pf->f);
	if (!p->sites[pf->id].n || !body || refusal(pf) || (pf->sum.ex & (EX_THROW | EX_EXIT | EX_UNSAFE)))
		return;
	S h = {.p = p, .pf = pf, .f = pf->f, .u = pf->u, .plan = plan, .l = body, .passret = -1};
	h.fname = pf->u->syms.v[pf->f->sym].name;
	fillitems(&h);
	int hx = trailingsync(&h);
	bool worth = hx >= 0 && (h.f->st.v[h.it[hx].first].flags & SF_INMAIN) && inflight(&pf->in[h.it[hx].first]);
	char *why = worth ? tryout(&h, hx) : NULL;
	int own = why ? ownrecord(plan, &h, &h.it[hx]) : -1;
	if (own >= 0) {
		char *stop = fmt("%s; it stays in %s(): %s", plan->v[own].stop ? plan->v[own].stop : "", h.fname, why);
		free(plan->v[own].stop);
		plan->v[own].stop = stop;
	}
	free(why);
	freeitems(&h);
}

/* ---------------------------------------------------------------- into a callee */

/* GSOHC's caller-to-callee motion (Fig. 7, issue 33): a sync that stops
 * right before the call of a helper, because the helper touches what it
 * waits for, moves into the helper, down to the first statement there that
 * needs it, when the helper does host work before that. Every path into
 * the helper must carry the sync: the helper has this one call, cuflow sees
 * every caller, and the call passes plain values (no call, no memory the
 * sync writes). The sync's text names in the helper what it named in the
 * caller: the caller's variables become the parameters they are passed to
 * (never written, no references), and no other name means something else
 * in the helper. */

/* The sync's text (lines, indented) with the caller's variables replaced by
 * the helper's parameters they are passed as; NULL and why when a name has
 * no such parameter or means another thing in the helper. */
static char *
intotext(const S *c, const Item *x, const Call *call, const PFunc *g, const char *indent, char **why)
{
	const Unit *u = c->u, *gu = g->u; /* the helper may lie in another file */
	Buf raw = {0}, out = {0};
	Edits cut = {0};
	cutstmt(u, x->begin, x->end, indent, &raw, &cut);
	freeedits(&cut);
	const char *t = bstr(&raw);
	int n = raw.n, done = 0;
	*why = NULL;
	for (int at = 0, k; !*why && (k = nexttoken(t, &at, n)) >= 0;) {
		if (!isident(t[k]) || isdigit((unsigned char)t[k]) || membertoken(t, k))
			continue;
		int mine = -1, theirs = -1;
		for (int y = 0; y < u->syms.n; y++) {
			const Sym *z = &u->syms.v[y];
			if ((int)strlen(z->name) == at - k && !strncmp(t + k, z->name, at - k) &&
			    (z->kind == SYM_LOCAL || z->kind == SYM_PARAM || z->kind == SYM_THIS) && z->owner == c->f->sym)
				mine = y;
		}
		for (int y = 0; y < gu->syms.n; y++) {
			const Sym *z = &gu->syms.v[y];
			if ((int)strlen(z->name) == at - k && !strncmp(t + k, z->name, at - k) &&
			    (z->kind == SYM_LOCAL || z->kind == SYM_PARAM) && z->owner == g->f->sym)
				theirs = y;
		}
		if (mine < 0 && theirs >= 0) {
			*why = fmt("%s means another thing in %s()", gu->syms.v[theirs].name, gu->syms.v[g->f->sym].name);
			break;
		}
		if (mine < 0 && gu == u && declaredafter(u, t + k, at - k, g->f)) {
			*why = fmt("it names %.*s, which is declared after %s()", at - k, t + k, u->syms.v[g->f->sym].name);
			break;
		}
		if (mine < 0)
			continue;
		int i = 0;
		for (; i < call->nargs && i < g->f->params.n; i++) {
			char *a = calltext(u->src, call->off, call->end, i, call->nargs);
			bool same = !strcmp(a, u->syms.v[mine].name);
			free(a);
			if (same)
				break;
		}
		const Sym *fs = &gu->syms.v[g->f->sym];
		if (i == call->nargs || i >= g->f->params.n || i >= 32 || (fs->refparams >> i & 1) ||
		    paramwritten(c->p, g, g->f->params.v[i])) {
			*why = fmt("it names %s, which the call does not pass to a parameter %s() keeps", u->syms.v[mine].name,
			           fs->name);
			break;
		}
		if (call->conv >> i & 1) { /* double m passed to int m: (int)(m * 16) is another size there */
			*why = fmt("it names %s, whose value or type changes as %s() takes it", u->syms.v[mine].name, fs->name);
			break;
		}
		bputn(&out, t + done, k - done);
		bputs(&out, gu->syms.v[g->f->params.v[i]].name);
		done = at;
	}
	bputn(&out, t + done, n - done);
	free(raw.v);
	if (!*why && gu != u) /* the rest must mean in the helper's file what it means here */
		*why = foreignname(u, bstr(&out), out.n, gu, g->f, gu, g->f);
	if (*why) {
		free(out.v);
		return NULL;
	}
	return bstr(&out);
}

/* Does an argument of the call read a variable the sync writes, or is one
 * no plain expression? */
static bool
argsclash(const S *c, const Call *call, const Bits *wr)
{
	for (int i = 0; i < call->nargs; i++) {
		char *a = calltext(c->u->src, call->off, call->end, i, call->nargs);
		bool bad = !stablearg(c, a, 0, 0);
		int n = (int)strlen(a);
		for (int at = 0, t; !bad && (t = nexttoken(a, &at, n)) >= 0;)
			for (int y = 0; y < c->u->syms.n && !bad; y++) {
				const Sym *z = &c->u->syms.v[y];
				if ((int)strlen(z->name) != at - t || strncmp(a + t, z->name, at - t))
					continue;
				int l = symloc(c->p, unitidx(c->p, c->u), y);
				bad = l >= 0 && bhas(wr, l);
			}
		free(a);
		if (bad)
			return true;
	}
	return false;
}

/* How far the caller's sync item xi may go down the helper's body from
 * its entry: the scan's site (z->at < 0: nowhere it could go). */
static void
scancallee(const S *c, int xi, S *gs, Site *z)
{
	int nl = c->p->locs.n;
	Group g = {.e = {.rd = bnew(nl), .wr = bnew(nl)},
	           .in = {.drd = bnew(nl), .dwr = bnew(nl), .srd = bnew(nl), .swr = bnew(nl)}};
	vpush(g.m, 0); /* the body's first item stands for the sync: it dominates the rest */
	g.named = true;
	g.regend = gs->l->begin;
	syncof(&g, c, xi);
	int j = scanfrom(gs, &g, 0, z);
	z->at = j < gs->n && z->passed ? insertpoint(gs, j, &z->indent) : -1;
	z->target = z->at >= 0 ? unitline(gs->u, z->at) : 0;
}

/* Why the caller's sync item xi, stopped by the call in the next item,
 * cannot go into the callee, or NULL when it did (the plan has the move). */
/* Why no clone of helper gs, name, can take the sync for the call (GSOHC
 * moves into a callee with one call site only; a clone called from this
 * site alone has one), or NULL. The clone is static and lies right after
 * the helper, so the caller must follow it in the same file. */
static char *
intoclone(const S *c, const S *gs, const Call *call, const char *name)
{
	char *why = noclone(gs, name);
	if (why)
		return why;
	if (gs->u != c->u || c->f->begin < gs->f->end)
		return fmt("%s() has other callers, and a clone, static after it, would not be seen from %s()", gs->fname,
		           c->fname);
	if (editedin(c->plan, gs->u, gs->f->begin, stmtlineend(gs->u, gs->f->end), -1))
		return fmt("%s() has other callers, and another change edits it", gs->fname);
	if (call->nargs != gs->f->params.n ||
	    nametoken(c->u->src, call->off, call->off + (int)strlen(gs->fname) + 1, gs->fname) != call->off)
		return fmt("%s() has other callers, and the call leaves a default argument or names it with a qualifier",
		           gs->fname);
	return NULL;
}

static char *
tryinto(S *c, int xi, int own)
{
	Prog *p = c->p;
	const Item *x = &c->it[xi], *nx = &c->it[xi + 1];
	const Stmt *st = &c->f->st.v[nx->first];
	if (nx->first != nx->last || st->ncall != 1 || c->f->calls.v[st->call0].kind != C_DIRECT)
		return NULL; /* no helper call: nothing to say */
	const Call *call = &c->f->calls.v[st->call0];
	int gid = calledfn(p, unitidx(p, c->u), call);
	if (gid < 0 || !sitecall(p, c->pf, nx->first, gid))
		return NULL;
	PFunc *g = &p->fns.v[gid];
	const char *gname = g->u->syms.v[g->f->sym].name;
	if (!g->f->inmain || !g->succ || refusal(g) || !bodylist(g->f) || g == c->pf)
		return NULL;
	S gs = {.p = p, .pf = g, .f = g->f, .u = g->u, .plan = c->plan, .l = bodylist(g->f), .passret = -1};
	gs.fname = gname;
	fillitems(&gs);
	Site z = {0};
	scancallee(c, xi, &gs, &z);
	char *name = fmt("%s_sync", gname); /* the clone's, when the helper has other callers */
	char *why = NULL, *text = NULL;
	if (z.at < 0 || !z.passed || !z.work)
		; /* the helper needs it at once, or has no host work before it needs it: nothing to say */
	else if (p->open[gid] || callsitself(p, g))
		why = fmt("%s() has callers cuflow does not see, or calls itself", gname);
	else if (g->u->syms.v[g->f->sym].flags & SYMF_METHOD)
		why = fmt("%s() is a method: cuflow does not map its callers' text to its object and parameters", gname);
	else if (p->sites[gid].n != 2 && !z.loop) /* a copy of the helper is many lines to review: a loop must pay */
		why = fmt("%s() has other callers, and a clone of it would overlap no loop", gname);
	else if (p->sites[gid].n != 2 && (why = intoclone(c, &gs, call, name)))
		;
	else if (argsclash(c, call, &x->e.wr) || restclash(p, c->pf, nx->first, st->call0, &x->e))
		why = fmt("the call of %s() passes what the sync writes, or no plain value, or its statement uses what "
		          "the sync touches", gname);
	else if (editedin(c->plan, g->u, gs.it[0].begin, z.at, -1) ||
	         editedin(c->plan, c->u, leadcomments(c->u, x->begin), x->end, own))
		why = fmt("another change edits %s() or the code around the sync", gname);
	else if (!(why = othernames(c->pf, x->first, x->last, g)))
		text = intotext(c, x, call, g, z.indent, &why);
	if (why) {
		char *w = fmt("%s (in %s() it could pass %d statement%s before line %d)", why, gname, z.nstmt,
		              z.nstmt == 1 ? "" : "s", z.stopline);
		free(why);
		why = w;
	}
	if (text) {
		Change ch = stmtchange(PASS_SYNC, CH_MOVE, c->u, c->fname, &c->f->st.v[x->first], callname(c, x->first));
		int seq = own >= 0 ? own : c->plan->n;
		cutstmt(c->u, x->begin, x->end, NULL, NULL, &ch.edits);
		bool clone = p->sites[gid].n != 2;
		Edits into = {0};
		int from = ch.edits.n;
		Edits *to = clone ? &into : &ch.edits; /* a clone: the helper's text with the sync, beside it */
		if (blankbefore(g->u, z.at)) {
			Edit ins = {z.at, 0, text, seq, false, NULL};
			vpush(*to, ins);
		} else {
			insertlines(g->u, z.at, true, text, seq, to);
			free(text);
		}
		for (int i = from; g->u != c->u && i < ch.edits.n; i++) /* a helper in another file */
			ch.edits.v[i].u = g->u;
		if (clone) {
			char *def = clonetext(&gs, into, name);
			insertlines(g->u, g->f->end, false, def, seq, &ch.edits);
			free(def);
			Edit ren = {call->off, (int)strlen(gname), xstrdup(name), seq, false, NULL};
			vpush(ch.edits, ren);
		}
		vpush(ch.members, ch.line);
		ch.target = z.target;
		ch.targetfn = xstrdup(clone ? name : gname);
		ch.targetu = g->u != c->u ? g->u : NULL;
		ch.how = SY_INTO;
		ch.overlap = z.nstmt;
		ch.calls = z.ncall;
		ch.stop = z.stop;
		ch.stopline = z.stopline;
		z.stop = NULL;
		if (clone)
			ch.safe = fmt("into a clone of %s() that its call at line %d now calls, %s() (static, after %s()), "
			              "before what line %d does there", gname, st->line, name, gname, z.target);
		else if (g->u != c->u)
			ch.safe = fmt("into %s(), its only call (line %d), -> %s:%d there", gname, st->line, relpath(g->u->path),
			              z.target);
		else
			ch.safe = fmt("into %s(), its only call (line %d), -> line %d there", gname, st->line, z.target);
		ch.inflight = inflightname(c, x->first);
		if (own >= 0) {
			changefree(&c->plan->v[own]);
			c->plan->v[own] = ch;
		} else
			vpush(*c->plan, ch);
	}
	sitefree(&z);
	freeitems(&gs);
	free(name);
	return why;
}

/* Each sync the pass kept right before a helper's call that needs it
 * (its record says the call stopped it) tries the helper's body. */
static void
intocallee(Prog *p, PFunc *pf, Plan *plan)
{
	S c = {.p = p, .pf = pf, .f = pf->f, .u = pf->u, .plan = plan, .passret = -1};
	c.fname = pf->u->syms.v[pf->f->sym].name;
	if (refusal(pf))
		return;
	for (int li = 0; li < c.f->lists.n; li++) {
		c.l = &c.f->lists.v[li];
		fillitems(&c);
		for (int i = 0; i + 1 < c.n; i++) {
			int own = c.it[i].sync ? ownrecord(plan, &c, &c.it[i]) : -1;
			if (own < 0 || plan->v[own].kind != CH_KEEP || plan->v[own].members.n > 1 ||
			    plan->v[own].stopline != c.f->st.v[c.it[i + 1].first].line || movable(&c, &c.it[i]) ||
			    !inflight(&pf->in[c.it[i].first]))
				continue;
			char *why = tryinto(&c, i, own);
			if (why) {
				char *stop = fmt("%s; it stays out of the callee: %s", plan->v[own].stop, why);
				free(plan->v[own].stop);
				plan->v[own].stop = stop;
				free(why);
			}
		}
		freeitems(&c);
	}
}

static int
byline(const void *a, const void *b)
{
	const Change *x = a, *y = b;
	int c = strcmp(x->u->path, y->u->path);
	return c ? c : x->line - y->line;
}

void
syncmotion(Prog *p, Plan *plan)
{
	int first = plan->n;
	for (int f = 0; f < p->fns.n; f++) {
		PFunc *pf = &p->fns.v[f];
		if (pf->f->kind != FN_HOST || !pf->f->inmain || !pf->succ)
			continue;
		syncfn(p, pf, plan);
	}
	for (int f = 0; f < p->fns.n; f++)
		if (p->fns.v[f].f->kind == FN_HOST && p->fns.v[f].f->inmain && p->fns.v[f].succ)
			outofcallee(p, &p->fns.v[f], plan);
	for (int f = 0; f < p->fns.n; f++)
		if (p->fns.v[f].f->kind == FN_HOST && p->fns.v[f].f->inmain && p->fns.v[f].succ)
			intocallee(p, &p->fns.v[f], plan);
	if (plan->n > first) /* qsort of a null array is undefined even for no elements */
		qsort(plan->v + first, plan->n - first, sizeof *plan->v, byline);
}
