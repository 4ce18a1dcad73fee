/* isplit.c: index-set splitting of thread loops at their comparisons of
 * the thread index with constants (Griebl, Feautrier and Lengauer, IJPP
 * 2000), and the thread loops that carry the splits. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "front/cursor.h"
#include "lower/lower.h"
#include "lower/kernel.h"

/* Index-set splitting (Griebl, Feautrier and Lengauer, "Index set
 * splitting", IJPP 28(6), 2000) of a thread loop at its comparisons of the
 * thread index with constants, as kernels pick out a tile's border threads
 * (srad's nine-way chain on tx == 0, ty == BLOCK_SIZE - 1, ...; if (tid ==
 * 0); lud's threadIdx.x < BLOCK_SIZE). The x loop runs as the loops below, across and above a run of
 * indices that no test names (freerun), the loop over rows as that run's
 * rows and the others. Inside a run GCC's value ranges decide every test, so
 * the loop left is straight-line code that it vectorises. The threads keep
 * their order: only the speed changes. */

enum { MAXTHREADS = 1024, MAXSPLIT = 32768 /* bytes of loop text split at most */ };

typedef struct {
	K *k;
	Ints cuts[2]; /* indices of threadIdx.x, .y where a test's value may change */
} Tests;

/* 0: e is threadIdx.x or a local always holding it; 1: the same for .y; else -1 */
static int
threadaxis(K *k, CXCursor e)
{
	e = strip(e);
	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
		int v = findvar(k, clang_getCursorReferenced(e));
		if (v < 0 || !k->vars.v[v].remat)
			return -1;
		e = clang_Cursor_getVarDeclInitializer(k->vars.v[v].decl);
	}
	return isthreadidx(e, 'x') ? 0 : isthreadidx(e, 'y') ? 1 : -1;
}

/* A comparison of a thread index t with a constant c changes its value
 * at index c (t < c, t >= c), c + 1 (t <= c, t > c) or both (t == c,
 * t != c); written c OP t, the other way round. */
static void
addcuts(Ints *cuts, enum CXBinaryOperatorKind op, bool left, long long c)
{
	bool eq = op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE;
	bool below = op == CXBinaryOperator_LT || op == CXBinaryOperator_GE;
	if (!eq && !below && op != CXBinaryOperator_LE && op != CXBinaryOperator_GT)
		return;
	if (c < 0 || c >= MAXTHREADS)
		return;
	if (eq || below == left)
		pushonce(cuts, (int)c);
	if (eq || below != left)
		pushonce(cuts, (int)c + 1);
}

static int
testkid(CXCursor c, void *arg)
{
	Tests *t = arg;
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return WALK_IN;
	CXCursor *ks;
	int n = kids(c, &ks);
	for (int i = 0; n == 2 && i < 2; i++) {
		int a = threadaxis(t->k, ks[i]);
		if (a >= 0)
			addcuts(&t->cuts[a], clang_getCursorBinaryOperatorKind(c), i == 0, intconst(ks[1 - i]));
	}
	free(ks);
	return WALK_IN;
}

static int
intcmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* A run lo..hi-1 of indices between two cuts (hi INT_MAX: up to the
 * block's end), where every test keeps one value; false without cuts. The
 * block size is not known here: a largest cut that is a power of two is
 * taken for the block's size (tx == BLOCK_SIZE - 1, tx < BLOCK_SIZE), and
 * the longest run below it chosen; otherwise the run above all cuts. */
static bool
freerun(Ints *cuts, int *lo, int *hi)
{
	if (cuts->n) /* qsort of a null array is undefined even for no elements */
		qsort(cuts->v, (size_t)cuts->n, sizeof *cuts->v, intcmp);
	int n = cuts->n, last = n ? cuts->v[n - 1] : 0;
	if (last <= 0)
		return false;
	*lo = last;
	*hi = INT_MAX;
	for (int i = 0, prev = 0, best = 0; (last & (last - 1)) == 0 && i < n; prev = cuts->v[i], i++)
		if (cuts->v[i] - prev > best) {
			best = cuts->v[i] - prev;
			*lo = prev;
			*hi = cuts->v[i];
		}
	return true;
}

/* Where to split the thread loop over ks, if anywhere. Not where a mask's
 * dense copy rewrites the loop's bounds, nor where a user's label would be
 * written twice. */
static void
fillsplit(K *k, CXCursor *ks, int n)
{
	k->tl.xsplit = k->tl.ysplit = false;
	if (k->pass.dry || k->pass.mask || haslabel(ks, n))
		return;
	Tests t = {k, {{0}, {0}}};
	for (int i = 0; i < n; i++) {
		testkid(ks[i], &t);
		descend(ks[i], testkid, &t);
	}
	k->tl.xsplit = freerun(&t.cuts[0], &k->tl.xlo, &k->tl.xhi);
	k->tl.ysplit = freerun(&t.cuts[1], &k->tl.ylo, &k->tl.yhi);
	free(t.cuts[0].v);
	free(t.cuts[1].v);
}

/* One x loop's text as the loops below, across and above the free run,
 * within the loop's own bounds cuflow_xl..cuflow_xn-1; each copy's labels
 * get their own names. The run's bounds are constants GCC sees in the
 * middle copy. */
static char *
xsplit(K *k, const char *loop)
{
	char *head[3] = {NULL, NULL, NULL};
	if (k->tl.xlo > 0)
		head[0] = fmt("for (int cuflow_tx = cuflow_xl; cuflow_tx < (cuflow_xn < %d ? cuflow_xn : %d); ++cuflow_tx)",
		              k->tl.xlo, k->tl.xlo);
	if (k->tl.xhi == INT_MAX)
		head[1] = fmt("for (int cuflow_tx = (cuflow_xl > %d ? cuflow_xl : %d); cuflow_tx < cuflow_xn; ++cuflow_tx)",
		              k->tl.xlo, k->tl.xlo);
	else {
		head[1] = fmt("for (int cuflow_tx = (cuflow_xl > %d ? cuflow_xl : %d); "
		              "cuflow_tx < (cuflow_xn < %d ? cuflow_xn : %d); ++cuflow_tx)",
		              k->tl.xlo, k->tl.xlo, k->tl.xhi, k->tl.xhi);
		head[2] = fmt("for (int cuflow_tx = (cuflow_xl > %d ? cuflow_xl : %d); cuflow_tx < cuflow_xn; ++cuflow_tx)",
		              k->tl.xhi, k->tl.xhi);
	}
	Buf b = {0};
	bprintf(&b, "\t{\n\tconst int cuflow_xl = %s, cuflow_xn = %s;\n", xheads[k->split].lo, xheads[k->split].hi);
	for (int i = 0; i < 3; i++) {
		if (!head[i])
			continue;
		char *label = fmt("cuflow_next_%c", 'a' + i), *h = replaceall(loop, xheads[k->split].head, head[i]),
		     *l = replaceall(h, "cuflow_next_", label);
		bputs(&b, l);
		free(label);
		free(h);
		free(l);
		free(head[i]);
	}
	bputs(&b, "\t}\n");
	return bstr(&b);
}

/* The x loop, or its fast and slow forms picked by the lane test. */
static char *
versioned(const char *test, const char *fast, const char *slow)
{
	if (!fast)
		return xstrdup(slow);
	return fmt("\t{\n\tconst uint3 threadIdx = {0u, (unsigned)cuflow_ty, (unsigned)cuflow_tz};\n"
	           "\t(void)threadIdx;\n\tif (%s) {\n%s\t} else {\n%s\t}\n\t}\n",
	           test, fast, slow);
}

/* The x loops of a row, split at the free runs: the run's rows get x loops
 * split at the x run, the other rows the plain ones. */
static char *
rowsplit(K *k, const char *test, const char *fast, const char *slow)
{
	char *sslow = k->tl.xsplit ? xsplit(k, slow) : xstrdup(slow);
	char *sfast = !fast ? NULL : k->tl.xsplit ? xsplit(k, fast) : xstrdup(fast);
	char *split = versioned(test, sfast, sslow);
	free(sslow);
	free(sfast);
	if (!k->tl.ysplit)
		return split;
	char *plain = versioned(test, fast, slow), *other = replaceall(plain, "cuflow_next_", "cuflow_next_y");
	char *lo = k->tl.ylo > 0 ? fmt("cuflow_ty >= %d", k->tl.ylo) : xstrdup("");
	char *hi = k->tl.yhi != INT_MAX ? fmt("%scuflow_ty < %d", *lo ? " && " : "", k->tl.yhi) : xstrdup("");
	char *r = fmt("\tif (%s%s) {\n%s\t} else {\n%s\t}\n", lo, hi, split, other);
	free(split);
	free(plain);
	free(other);
	free(lo);
	free(hi);
	return r;
}

/* One thread loop over a run of sibling statements without barriers. */
void
threadloop(K *k, CXCursor *ks, int n)
{
	if (!n)
		return;
	runonce(k, ks, n);
	Buf *out = k->pass.out, masked = {0};
	if (k->pass.mask)
		k->pass.out = &masked;
	newregion(k);
	startloops(k);
	fillsplit(k, ks, n);
	char *slow = xloop(k, ks, n, false), *fast = NULL, *test = NULL;
	if (k->tl.lanes.n && !haslabel(ks, n)) { /* a user's label cannot be written twice */
		fast = xloop(k, ks, n, true);
		test = lanetest(k);
	}
	char *loops = (k->tl.xsplit || k->tl.ysplit) && strlen(slow) <= MAXSPLIT ? rowsplit(k, test, fast, slow)
	                                                                     : versioned(test, fast, slow);
	bputs(k->pass.out, loops);
	free(loops);
	free(fast);
	free(test);
	free(slow);
	freelanes(k);
	if (k->pass.mask) {
		k->pass.out = out;
		denseloop(k, bstr(&masked));
		free(masked.v);
	}
}

/* One thread loop evaluating an expression per thread: text is "%s" around
 * it; stores: the text writes e (a variable the loop must keep). */
static void
evalloop(K *k, CXCursor e, const char *pre, const char *post, bool stores)
{
	int lo, hi;
	const char *text;
	bool ok = operand(k, e, &lo, &hi, &text);
	loophead(k, k->pass.mask);
	if (stores)
		markwritten(k, e, false);
	bprintf(k->pass.out, "\t\t%s", pre);
	if (!ok || text) /* (a refusal's text is never compiled) */
		bputs(k->pass.out, ok ? text : "0");
	else
		copyspan(k, &e, 1, lo, hi);
	bprintf(k->pass.out, "%s\n", post);
	looptail(k);
}

void
exprloop(K *k, CXCursor e, const char *pre, const char *post)
{
	evalloop(k, e, pre, post, false);
}

void
storeloop(K *k, CXCursor e, const char *pre, const char *post)
{
	evalloop(k, e, pre, post, true);
}

char *
newmask(K *k)
{
	char *m = fmt("cuflow_m%d", ++k->pass.nmask);
	vpush(k->pass.masks, xstrdup(m));
	return m;
}

char *
newtemp(K *k, const char *type)
{
	char *t = fmt("cuflow_w%d", ++k->pass.ntmp);
	vpush(k->pass.temps, fmt("%s %s", type, t));
	return t;
}
