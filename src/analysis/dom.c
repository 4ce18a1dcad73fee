/* dom.c: dominators and post-dominators by the iterative algorithm of
 * Cooper, Harvey and Kennedy, "A Simple, Fast Dominance Algorithm" (2001).
 * Post-dominators are dominators of the reverse graph rooted at exit. */
#include <stdlib.h>

#include "cuflow.h"

static void
postorder(int n, Ints *succ, int root, int *rpo, int *nrpo)
{
	/* iterative DFS: (node, next successor index) */
	int *stack = xcalloc(2 * n + 2, sizeof *stack), sp = 0, k = 0;
	bool *seen = xcalloc(n, sizeof *seen);
	stack[sp++] = root;
	stack[sp++] = 0;
	seen[root] = true;
	while (sp) {
		int v = stack[sp - 2], i = stack[sp - 1];
		if (i < succ[v].n) {
			stack[sp - 1]++;
			int w = succ[v].v[i];
			if (!seen[w]) {
				seen[w] = true;
				stack[sp++] = w;
				stack[sp++] = 0;
			}
		} else {
			rpo[k++] = v;
			sp -= 2;
		}
	}
	for (int i = 0; i < k / 2; i++) { /* reverse */
		int t = rpo[i];
		rpo[i] = rpo[k - 1 - i];
		rpo[k - 1 - i] = t;
	}
	*nrpo = k;
	free(stack);
	free(seen);
}

static int
intersect(const int *idom, const int *order, int a, int b)
{
	while (a != b) {
		while (order[a] > order[b])
			a = idom[a];
		while (order[b] > order[a])
			b = idom[b];
	}
	return a;
}

/* idom[v]: immediate dominator of v (root: itself; unreachable: -1);
 * order[v]: v's index in reverse postorder, -1 if unreachable. */
void
filldom(int n, Ints *succ, Ints *pred, int root, int *idom, int *order, int *rpo, int *nrpo)
{
	postorder(n, succ, root, rpo, nrpo);
	for (int v = 0; v < n; v++) {
		idom[v] = -1;
		order[v] = -1;
	}
	for (int i = 0; i < *nrpo; i++)
		order[rpo[i]] = i;
	idom[root] = root;
	for (bool changed = true; changed;) {
		changed = false;
		for (int i = 1; i < *nrpo; i++) {
			int b = rpo[i], nd = -1;
			for (int j = 0; j < pred[b].n; j++) {
				int q = pred[b].v[j];
				if (idom[q] < 0)
					continue;
				nd = nd < 0 ? q : intersect(idom, order, q, nd);
			}
			if (nd >= 0 && idom[b] != nd) {
				idom[b] = nd;
				changed = true;
			}
		}
	}
}

/* Does a dominate b? False when b is unreachable. */
bool
dominates(const int *idom, const int *order, int a, int b)
{
	if (order[b] < 0 || order[a] < 0)
		return false;
	for (int x = b;; x = idom[x]) {
		if (x == a)
			return true;
		if (idom[x] == x)
			return false;
	}
}
