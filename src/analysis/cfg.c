/* cfg.c: the analysed CFG of a host function (the front end's edges plus an
 * edge to exit from every statement that may end the program or throw),
 * and its dominator and post-dominator trees; and whether two sets of
 * locations meet. The order of the analyses is pass/pipeline.c's. */
#include <stdlib.h>

#include "cuflow.h"
#include "analysis/analysis.h"

static void
addedge(PFunc *pf, int a, int b)
{
	for (int i = 0; i < pf->succ[a].n; i++)
		if (pf->succ[a].v[i] == b)
			return;
	vpush(pf->succ[a], b);
	vpush(pf->pred[b], a);
}

void
fillcfg(Prog *p, PFunc *pf)
{
	(void)p;
	int n = pf->f->st.n;
	pf->succ = xcalloc(n, sizeof *pf->succ);
	pf->pred = xcalloc(n, sizeof *pf->pred);
	for (int v = 0; v < n; v++)
		for (int i = 0; i < pf->f->st.v[v].succ.n; i++)
			addedge(pf, v, pf->f->st.v[v].succ.v[i]);
	for (int v = 2; v < n; v++)
		if (pf->st[v].ex & (EX_EXIT | EX_THROW))
			addedge(pf, v, 1);
	pf->rpo = xcalloc(n, sizeof *pf->rpo);
	int *prpo = xcalloc(n, sizeof *prpo), np;
	filldom(n, pf->succ, pf->pred, 0, &pf->dom, pf->rpo, &pf->nrpo);
	filldom(n, pf->pred, pf->succ, 1, &pf->pdom, prpo, &np);
	free(prpo);
}

/* Do the location sets meet? Unknown memory meets everything code outside
 * cuflow's sight could reach: all but locals whose address is never taken. */
int
conflictloc(const Prog *p, const Bits *a, const Bits *b)
{
	int l = bfirst_common(a, b);
	if (l >= 0)
		return l;
	if (bhas(a, LOC_UNKNOWN) && bmeets(b, &p->escapable))
		return LOC_UNKNOWN;
	if (bhas(b, LOC_UNKNOWN) && bmeets(a, &p->escapable))
		return LOC_UNKNOWN;
	return -1;
}

bool
conflicts(const Prog *p, const Bits *a, const Bits *b)
{
	return conflictloc(p, a, b) >= 0;
}
