/* test_dom.c: dominators and post-dominators (filldom, dominates) and
 * natural loops (fillloops) on hand-built CFGs whose trees are known by
 * hand: a diamond, a loop left early by a return, irreducible graphs, an
 * unreachable node and an infinite loop that never reaches exit. As in
 * cfg.c, node 0 is entry, node 1 exit, and post-dominators are dominators
 * of the reverse graph rooted at exit. */
#include <stdlib.h>

#include "cuflow.h"
#include "check.h"

#define MAXN 16

typedef struct {
	int n;
	Ints succ[MAXN], pred[MAXN];
	Dom dom, pdom;
	int rpo[MAXN], nrpo, prpo[MAXN], nprpo;
} Graph;

/* edges: pairs a, b ending in -1 */
static Graph *
graph(int n, const int *edges)
{
	Graph *g = xcalloc(1, sizeof *g);
	g->n = n;
	for (int i = 0; edges[i] >= 0; i += 2) {
		vpush(g->succ[edges[i]], edges[i + 1]);
		vpush(g->pred[edges[i + 1]], edges[i]);
	}
	return g;
}

/* a dominates b by the definition's walk up b's idom chain */
static bool
walkdom(const Dom *d, int a, int b)
{
	if (d->order[a] < 0 || d->order[b] < 0)
		return false;
	for (int x = b;; x = d->idom[x]) {
		if (x == a)
			return true;
		if (d->idom[x] == x)
			return false;
	}
}

/* both trees, and dominates' tree numbers agreeing with the walk on every pair */
static void
doms(Graph *g, int root, int exit)
{
	filldom(g->n, g->succ, g->pred, root, &g->dom, g->rpo, &g->nrpo);
	filldom(g->n, g->pred, g->succ, exit, &g->pdom, g->prpo, &g->nprpo);
	int differ = 0;
	for (int a = 0; a < g->n; a++)
		for (int b = 0; b < g->n; b++)
			differ += (dominates(&g->dom, a, b) != walkdom(&g->dom, a, b)) +
			          (dominates(&g->pdom, a, b) != walkdom(&g->pdom, a, b));
	CHECK(differ == 0);
}

static void
freegraph(Graph *g)
{
	for (int i = 0; i < g->n; i++) {
		vfree(g->succ[i]);
		vfree(g->pred[i]);
	}
	domfree(&g->dom);
	domfree(&g->pdom);
	free(g);
}

/* rpo lists each reachable node once, root first, and every other node
 * after one of its predecessors (its DFS parent); successors of reachable
 * nodes are reachable */
static bool
rpovalid(const int *rpo, int nrpo, const int *order, Ints *succ, Ints *pred, int root)
{
	if (nrpo < 1 || rpo[0] != root)
		return false;
	for (int i = 0; i < nrpo; i++) {
		int v = rpo[i];
		if (order[v] != i)
			return false;
		bool after = v == root;
		for (int j = 0; j < pred[v].n; j++)
			after |= order[pred[v].v[j]] >= 0 && order[pred[v].v[j]] < i;
		if (!after)
			return false;
		for (int j = 0; j < succ[v].n; j++)
			if (order[succ[v].v[j]] < 0)
				return false;
	}
	return true;
}

/* fillloops reads only the node count, the edges and the dominator tree */
static int *
loops(Graph *g)
{
	Func f = {0};
	f.st.n = g->n;
	PFunc pf = {0};
	pf.f = &f;
	pf.succ = g->succ;
	pf.pred = g->pred;
	pf.dom = g->dom;
	fillloops(&pf);
	return pf.loop;
}

static void
diamond(void)
{
	/* 0 -> 2 -> {3, 4} -> 5 -> 1 */
	int e[] = {0, 2, 2, 3, 2, 4, 3, 5, 4, 5, 5, 1, -1};
	Graph *g = graph(6, e);
	doms(g, 0, 1);
	CHECK(g->nrpo == 6 && g->nprpo == 6);
	CHECK(rpovalid(g->rpo, g->nrpo, g->dom.order, g->succ, g->pred, 0));
	CHECK(rpovalid(g->prpo, g->nprpo, g->pdom.order, g->pred, g->succ, 1));
	CHECK(g->dom.idom[0] == 0);
	CHECK(g->dom.idom[2] == 0);
	CHECK(g->dom.idom[3] == 2 && g->dom.idom[4] == 2);
	CHECK(g->dom.idom[5] == 2);
	CHECK(g->dom.idom[1] == 5);
	CHECK(g->pdom.idom[1] == 1);
	CHECK(g->pdom.idom[5] == 1);
	CHECK(g->pdom.idom[3] == 5 && g->pdom.idom[4] == 5);
	CHECK(g->pdom.idom[2] == 5);
	CHECK(g->pdom.idom[0] == 2);
	CHECK(dominates(&g->dom, 2, 5));
	CHECK(dominates(&g->dom, 0, 1));
	CHECK(dominates(&g->dom, 3, 3));
	CHECK(!dominates(&g->dom, 3, 5));
	CHECK(!dominates(&g->dom, 5, 2));
	CHECK(dominates(&g->pdom, 5, 3));
	CHECK(!dominates(&g->pdom, 3, 2));
	freegraph(g);
}

/* A loop at 2 whose body 3 -> 4 -> 2 may return early from 3. */
static void
earlyexit(void)
{
	int e[] = {0, 2, 2, 3, 2, 5, 3, 4, 3, 1, 4, 2, 5, 1, -1};
	Graph *g = graph(6, e);
	doms(g, 0, 1);
	CHECK(rpovalid(g->rpo, g->nrpo, g->dom.order, g->succ, g->pred, 0));
	CHECK(g->dom.idom[2] == 0 && g->dom.idom[3] == 2 && g->dom.idom[4] == 3 && g->dom.idom[5] == 2);
	CHECK(g->dom.idom[1] == 2); /* reached from 3 and from 5 */
	CHECK(g->pdom.idom[5] == 1);
	CHECK(g->pdom.idom[3] == 1); /* returns, or goes round and leaves through 5 */
	CHECK(g->pdom.idom[4] == 2);
	CHECK(g->pdom.idom[2] == 1);
	CHECK(g->pdom.idom[0] == 2);
	CHECK(dominates(&g->dom, 2, 4));
	CHECK(!dominates(&g->dom, 3, 1));
	CHECK(!dominates(&g->pdom, 5, 2));
	int *loop = loops(g);
	CHECK(loop[2] == 2 && loop[3] == 2 && loop[4] == 2);
	CHECK(loop[0] == -1 && loop[1] == -1 && loop[5] == -1);
	free(loop);
	freegraph(g);
}

/* Two irreducible graphs: a cycle 3 <-> 4 entered at both nodes, and the
 * example of Cooper, Harvey and Kennedy (their figure 4), rooted at 6, that
 * needs more than one pass; there every node's idom is the root. Node 0 of
 * the second graph is unreachable. */
static void
irreducible(void)
{
	int e1[] = {0, 2, 2, 3, 2, 4, 3, 4, 4, 3, 3, 1, 4, 1, -1};
	Graph *g = graph(5, e1);
	doms(g, 0, 1);
	CHECK(g->dom.idom[3] == 2 && g->dom.idom[4] == 2 && g->dom.idom[1] == 2);
	CHECK(!dominates(&g->dom, 3, 4) && !dominates(&g->dom, 4, 3));
	CHECK(g->pdom.idom[3] == 1 && g->pdom.idom[4] == 1 && g->pdom.idom[2] == 1);
	int *loop = loops(g);
	bool none = true; /* no edge's target dominates its source: no natural loop */
	for (int v = 0; v < g->n; v++)
		none &= loop[v] == -1;
	CHECK(none);
	free(loop);
	freegraph(g);

	int e2[] = {6, 5, 6, 4, 5, 1, 4, 2, 4, 3, 1, 2, 2, 1, 2, 3, 3, 2, -1};
	g = graph(7, e2);
	filldom(g->n, g->succ, g->pred, 6, &g->dom, g->rpo, &g->nrpo);
	CHECK(g->nrpo == 6);
	CHECK(rpovalid(g->rpo, g->nrpo, g->dom.order, g->succ, g->pred, 6));
	bool all = true;
	for (int v = 1; v <= 6; v++)
		all &= g->dom.idom[v] == 6;
	CHECK(all);
	CHECK(g->dom.idom[0] == -1 && g->dom.order[0] == -1);
	CHECK(!dominates(&g->dom, 0, 2) && !dominates(&g->dom, 6, 0));
	freegraph(g);
}

/* The diamond plus a node 6 -> 5 that nothing reaches. */
static void
unreachable(void)
{
	int e[] = {0, 2, 2, 3, 2, 4, 3, 5, 4, 5, 5, 1, 6, 5, -1};
	Graph *g = graph(7, e);
	doms(g, 0, 1);
	CHECK(g->nrpo == 6);
	CHECK(g->dom.idom[6] == -1 && g->dom.order[6] == -1);
	CHECK(g->dom.idom[5] == 2); /* the unreachable predecessor does not count */
	CHECK(!dominates(&g->dom, 2, 6));
	CHECK(!dominates(&g->dom, 6, 5));
	CHECK(!dominates(&g->dom, 6, 6));
	/* it still reaches exit: in the reverse graph it is an ordinary node */
	CHECK(g->nprpo == 7);
	CHECK(g->pdom.idom[6] == 5);
	CHECK(dominates(&g->pdom, 1, 6));
	freegraph(g);
}

/* 0 -> 2 -> {3, 4}; 3 <-> 5 spin for ever; 4 -> 1. */
static void
infinite(void)
{
	int e[] = {0, 2, 2, 3, 2, 4, 3, 5, 5, 3, 4, 1, -1};
	Graph *g = graph(6, e);
	doms(g, 0, 1);
	CHECK(g->dom.idom[3] == 2 && g->dom.idom[5] == 3 && g->dom.idom[4] == 2 && g->dom.idom[1] == 4);
	CHECK(g->nprpo == 4); /* 1, 4, 2, 0 reach exit */
	CHECK(g->pdom.idom[3] == -1 && g->pdom.order[3] == -1);
	CHECK(g->pdom.idom[5] == -1 && g->pdom.order[5] == -1);
	CHECK(g->pdom.idom[4] == 1 && g->pdom.idom[2] == 4 && g->pdom.idom[0] == 2);
	CHECK(!dominates(&g->pdom, 1, 3));
	CHECK(!dominates(&g->pdom, 3, 5));
	CHECK(dominates(&g->pdom, 4, 0));
	int *loop = loops(g);
	CHECK(loop[3] == 3 && loop[5] == 3);
	CHECK(loop[2] == -1 && loop[4] == -1);
	free(loop);
	freegraph(g);
}

/* A back edge into the root itself: the root stays its own idom. */
static void
rootloop(void)
{
	int e[] = {0, 2, 2, 0, 2, 1, -1};
	Graph *g = graph(3, e);
	doms(g, 0, 1);
	CHECK(g->dom.idom[0] == 0 && g->dom.idom[2] == 0 && g->dom.idom[1] == 2);
	CHECK(!dominates(&g->dom, 2, 0));
	CHECK(g->pdom.idom[2] == 1 && g->pdom.idom[0] == 2);
	freegraph(g);
}

int
main(void)
{
	diamond();
	earlyexit();
	irreducible();
	unreachable();
	infinite();
	rootloop();
	return CHECK_DONE();
}
