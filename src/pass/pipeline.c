/* pipeline.c: a program's analyses and passes, in order, in one place (as
 * QBE's func() lists its passes). The driver and the LSP server both call
 * runpasses; nothing else links, analyses or runs a pass. A pass reads the
 * analysed program and adds Changes to the plan; the passes a run may ask
 * for (--passes) are the table below, in the order they run: copies first,
 * so that sync leaves alone the copies it moved; pin last, so that its
 * split-phase copies leave alone what either moved; fuse after pin, so that
 * the small buffers pin leaves pageable may share an allocation. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "analysis/analysis.h"

static const struct {
	const char *name;
	void (*run)(Prog *p, Plan *plan);
} passtab[] = {
	[PASS_SYNC] = {"sync", syncmotion},
	[PASS_COPIES] = {"copies", copymotion},
	[PASS_PIN] = {"pin", pinhost},
	[PASS_FUSE] = {"fuse", fusecopies},
};
enum { NPASS = sizeof passtab / sizeof *passtab };
static const int runorder[NPASS] = {PASS_COPIES, PASS_SYNC, PASS_PIN, PASS_FUSE};

/* The passes a comma list names, as bits PASS_*; 0 when a name is no pass.
 * "all" names every pass. */
unsigned
passset(const char *list)
{
	unsigned set = 0;
	for (const char *p = list;; p++) {
		size_t n = strcspn(p, ",");
		int k = 0;
		while (k < NPASS && (strlen(passtab[k].name) != n || strncmp(p, passtab[k].name, n)))
			k++;
		if (n == 3 && !strncmp(p, "all", 3))
			set |= (1u << NPASS) - 1;
		else if (k == NPASS)
			return 0;
		else
			set |= 1u << k;
		p += n;
		if (!*p)
			return set;
	}
}

/* The passes of set as a comma list, in the table's order. */
char *
passlist(unsigned set)
{
	Buf b = {0};
	for (int k = 0; k < NPASS; k++)
		if (set & (1u << k))
			bprintf(&b, "%s%s", b.n ? "," : "", passtab[k].name);
	return bstr(&b);
}

const char *
passname(int pass)
{
	return pass == PASS_VERIFY ? "verify" : pass >= 0 && pass < NPASS ? passtab[pass].name : "unknown";
}

static bool
ishost(const PFunc *pf)
{
	return pf->f->kind == FN_HOST || pf->f->kind == FN_HOSTDEVICE;
}

/* Every analysis, in the order each needs the one before; false when the
 * memory cap stopped it (Prog.over says why). */
bool
analyse(Prog *p)
{
	if (overmem(p))
		return false;
	fillcallers(p); /* callers.c: every function's call sites, and whether they are all */
	solvepts(p);    /* pts.c: what every pointer may point to */
	copykinds(p);   /* effects.c: cudaMemcpyDefault's direction where the pointers tell it */
	if (overmem(p))
		return false;
	fillkernels(p); /* kernel.c: what each kernel reads and writes */
	filleffects(p); /* effects.c: per statement, and mod/ref per function */
	pendall(p);     /* pending.c: what may be in flight when a function starts */
	for (int f = 0; f < p->fns.n; f++) {
		PFunc *pf = &p->fns.v[f];
		if (!ishost(pf) || pf->f->st.n < 2)
			continue;
		if (overmem(p))
			return false;
		fillcfg(p, pf); /* cfg.c, dom.c: edges, dominators */
		fillloops(pf);  /* loop.c */
	}
	return pendfns(p); /* pending.c: device work in flight, callers first */
}

/* Has the copies pass moved a copy in this round's plan? */
static bool
copiesmoved(const Plan *plan)
{
	for (int k = 0; k < plan->n; k++)
		if (plan->v[k].pass == PASS_COPIES && plan->v[k].kind == CH_MOVE && plan->v[k].edits.n)
			return true;
	return false;
}

/* Links the units into one program, analyses it and runs the passes in
 * `passes` (PASS_* bits) into plan; more: a round on the new text follows a
 * round that changed something (fixpoint.c), where pin and fuse wait for the
 * copies this round moves. NULL, or why the program was refused (the caller
 * frees it). */
char *
runpasses(Unit **u, int n, const Rules *rules, const Opts *o, unsigned passes, bool more, Plan *plan)
{
	Prog *p = prog_link(u, n, rules, o);
	p->passes = passes;
	char *why = NULL;
	if (analyse(p)) {
		for (int k = 0; k < NPASS; k++) {
			int pass = runorder[k];
			if ((pass == PASS_PIN || pass == PASS_FUSE) && more && copiesmoved(plan))
				continue; /* they judge buffers by their copies: next round, on the copies as moved */
			if (passes & (1u << pass))
				passtab[pass].run(p, plan);
		}
		joincuts(plan);
		crlfedits(plan);
	} else
		why = xstrdup(p->over);
	prog_free(p);
	return why;
}

/* --lower=coexec: the program linked and analysed, then the kernels its
 * launches may split between the CPU and the GPU (coexec.c). NULL, or why
 * the program was refused. */
char *
runcoexec(Unit **u, int n, const Rules *rules, const Opts *o, const CxFacts *facts, CxPlan *plan)
{
	Prog *p = prog_link(u, n, rules, o);
	char *why = NULL;
	if (analyse(p))
		coexecsplit(p, facts, plan);
	else
		why = xstrdup(p->over);
	prog_free(p);
	return why;
}

/* A pass's decision about statement st of unit u (in function fn), the
 * call it is about named: the fields every Change has. */
Change
stmtchange(int pass, int kind, const Unit *u, const char *fn, const Stmt *st, const char *call)
{
	Change c = {0};
	c.pass = pass;
	c.passes = 1u << pass;
	c.kind = kind;
	c.u = u;
	c.fn = fn;
	c.line = st->line;
	c.endline = st->endline;
	c.begin = st->begin;
	c.end = st->end;
	c.call = xstrdup(call);
	return c;
}

void
changefree(Change *c)
{
	free(c->call);
	free(c->stop);
	free(c->inflight);
	free(c->safe);
	free(c->bytes);
	free(c->guard);
	free(c->targetfn);
	vfree(c->members);
	freeedits(&c->edits);
	for (int k = 0; k < c->also.n; k++)
		changefree(&c->also.v[k]);
	vfree(c->also);
}

bool
acrossfiles(const Change *c)
{
	for (int k = 0; k < c->edits.n; k++)
		if (editunit(c, &c->edits.v[k]) != c->u)
			return true;
	return false;
}

void
planfree(Plan *plan)
{
	for (int c = 0; c < plan->n; c++)
		changefree(&plan->v[c]);
	vfree(*plan);
}
