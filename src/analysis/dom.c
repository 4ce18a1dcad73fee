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

/* The tree's preorder and postorder numbers (-1: unreachable), by an
 * iterative walk over each node's children. */
static void
numbertree(int n, const int *idom, int root, int *pre, int *post)
{
	int *first = xcalloc(n, sizeof *first), *next = xcalloc(n, sizeof *next);
	for (int v = 0; v < n; v++) {
		first[v] = next[v] = -1;
		pre[v] = post[v] = -1;
	}
	for (int v = n - 1; v >= 0; v--)
		if (v != root && idom[v] >= 0) { /* v's parent's children, a list */
			next[v] = first[idom[v]];
			first[idom[v]] = v;
		}
	int *stack = xcalloc(n + 1, sizeof *stack), sp = 0, k = 0, m = 0;
	stack[sp++] = root;
	pre[root] = k++;
	while (sp) {
		int v = stack[sp - 1], c = first[v];
		if (c >= 0) {
			first[v] = next[c];
			pre[c] = k++;
			stack[sp++] = c;
		} else {
			post[v] = m++;
			sp--;
		}
	}
	free(stack);
	free(first);
	free(next);
}

/* d's tree of the graph from root (its arrays allocated here; domfree). */
void
filldom(int n, Ints *succ, Ints *pred, int root, Dom *d, int *rpo, int *nrpo)
{
	d->idom = xcalloc(n, sizeof *d->idom);
	d->order = xcalloc(n, sizeof *d->order);
	d->pre = xcalloc(n, sizeof *d->pre);
	d->post = xcalloc(n, sizeof *d->post);
	int *idom = d->idom, *order = d->order;
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
	numbertree(n, idom, root, d->pre, d->post);
}

void
domfree(Dom *d)
{
	free(d->idom);
	free(d->order);
	free(d->pre);
	free(d->post);
}

/* Does a dominate b? False when b is unreachable. */
bool
dominates(const Dom *d, int a, int b)
{
	return d->pre[a] >= 0 && d->pre[b] >= 0 && d->pre[a] <= d->pre[b] && d->post[b] <= d->post[a];
}
