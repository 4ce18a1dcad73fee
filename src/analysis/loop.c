/* loop.c: natural loops (Aho, Sethi, Ullman): an edge u -> h whose target
 * dominates its source closes a loop whose body is h plus every node that
 * reaches u without passing h. Each node gets its innermost loop header. */
#include <stdlib.h>

#include "cuflow.h"

static int
loopbody(PFunc *pf, int h, int u, bool *in)
{
	int n = pf->f->st.n, size = 1;
	for (int i = 0; i < n; i++)
		in[i] = false;
	in[h] = true;
	Ints stack = {0};
	if (!in[u]) {
		in[u] = true;
		size++;
		vpush(stack, u);
	}
	while (stack.n) {
		int v = stack.v[--stack.n];
		for (int i = 0; i < pf->pred[v].n; i++) {
			int w = pf->pred[v].v[i];
			if (!in[w]) {
				in[w] = true;
				size++;
				vpush(stack, w);
			}
		}
	}
	vfree(stack);
	return size;
}

void
fillloops(PFunc *pf)
{
	int n = pf->f->st.n;
	pf->loop = xcalloc(n, sizeof *pf->loop);
	int *best = xcalloc(n, sizeof *best);
	for (int i = 0; i < n; i++) {
		pf->loop[i] = -1;
		best[i] = n + 1;
	}
	bool *in = xcalloc(n, sizeof *in);
	for (int u = 0; u < n; u++)
		for (int j = 0; j < pf->succ[u].n; j++) {
			int h = pf->succ[u].v[j];
			if (!dominates(&pf->dom, h, u))
				continue;
			int size = loopbody(pf, h, u, in);
			for (int v = 0; v < n; v++)
				if (in[v] && size < best[v]) {
					best[v] = size;
					pf->loop[v] = h;
				}
		}
	free(in);
	free(best);
}
