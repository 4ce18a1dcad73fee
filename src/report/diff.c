/* diff.c: unified diffs (git's a/ b/ form, 3 lines of context) by Myers'
 * O(ND) algorithm ("An O(ND) Difference Algorithm and Its Variations", 1986)
 * over lines. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"

typedef struct {
	const char *s;
	int n; /* with its '\n', if any */
} Line;

static int
split(const char *s, size_t len, Line **out)
{
	VEC(Line) v = {0};
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(s + i, '\n', len - i);
		size_t e = nl ? (size_t)(nl - s) + 1 : len;
		Line l = {s + i, (int)(e - i)};
		vpush(v, l);
		i = e;
	}
	*out = v.v;
	return v.n;
}

static bool
same(Line a, Line b)
{
	return a.n == b.n && !memcmp(a.s, b.s, a.n);
}

enum { KEEP, DEL, ADD };

/* Myers' linear-space refinement (section 4b of the paper): the middle
 * snake of an optimal path splits the problem in two, so memory stays
 * O(N+M); keeping every round's diagonals instead grew with D*(N+M), a
 * gigabyte for a rewrite with a few thousand moves. */
typedef struct {
	const Line *a, *b;
	int *vf, *vb, off; /* furthest x on each diagonal, forward and backward */
	char *ops;
	int len;
} Diff;

/* The middle snake of a[0,n) against b[0,m) (both non-empty, differing
 * at both ends): [*x0, *x1) of a matches [*y0, ...) of b. */
static void
middle(Diff *s, const Line *a, int n, const Line *b, int m, int *x0, int *y0, int *x1)
{
	int delta = n - m, odd = delta & 1, *vf = s->vf + s->off, *vb = s->vb + s->off;
	vf[1] = vb[1] = 0;
	for (int d = 0;; d++) {
		for (int k = -d; k <= d; k += 2) {
			int x = k == -d || (k != d && vf[k - 1] < vf[k + 1]) ? vf[k + 1] : vf[k - 1] + 1, sx = x;
			while (x < n && x - k < m && same(a[x], b[x - k]))
				x++;
			vf[k] = x;
			if (odd && delta - k >= -(d - 1) && delta - k <= d - 1 && x + vb[delta - k] >= n) {
				*x0 = sx, *y0 = sx - k, *x1 = x;
				return;
			}
		}
		for (int k = -d; k <= d; k += 2) {
			int x = k == -d || (k != d && vb[k - 1] < vb[k + 1]) ? vb[k + 1] : vb[k - 1] + 1, sx = x;
			while (x < n && x - k < m && same(a[n - 1 - x], b[m - 1 - (x - k)]))
				x++;
			vb[k] = x;
			if (!odd && delta - k >= -d && delta - k <= d && x + vf[delta - k] >= n) {
				*x0 = n - x, *y0 = m - (x - k), *x1 = n - sx;
				return;
			}
		}
	}
}

static void
emit(Diff *s, char op, int times)
{
	memset(s->ops + s->len, op, (size_t)times);
	s->len += times;
}

static void
compare(Diff *s, int a0, int a1, int b0, int b1)
{
	int pre = 0, suf = 0;
	while (a0 + pre < a1 && b0 + pre < b1 && same(s->a[a0 + pre], s->b[b0 + pre]))
		pre++;
	emit(s, KEEP, pre);
	a0 += pre, b0 += pre;
	while (a1 - suf > a0 && b1 - suf > b0 && same(s->a[a1 - 1 - suf], s->b[b1 - 1 - suf]))
		suf++;
	a1 -= suf, b1 -= suf;
	if (a0 == a1)
		emit(s, ADD, b1 - b0);
	else if (b0 == b1)
		emit(s, DEL, a1 - a0);
	else {
		int x0, y0, x1;
		middle(s, s->a + a0, a1 - a0, s->b + b0, b1 - b0, &x0, &y0, &x1);
		compare(s, a0, a0 + x0, b0, b0 + y0);
		emit(s, KEEP, x1 - x0);
		compare(s, a0 + x1, a1, b0 + y0 + (x1 - x0), b1);
	}
	emit(s, KEEP, suf);
}

/* The edit script as a sequence of KEEP/DEL/ADD over the two line arrays. */
static int
script(Line *a, int n, Line *b, int m, char **out)
{
	int max = n + m;
	Diff s = {a, b, xcalloc(2 * max + 3, sizeof(int)), xcalloc(2 * max + 3, sizeof(int)), max + 1,
	          xmalloc(max + 1), 0};
	compare(&s, 0, n, 0, m);
	free(s.vf);
	free(s.vb);
	*out = s.ops;
	return s.len;
}

static void
putline(Buf *out, char tag, Line l)
{
	bputn(out, &tag, 1);
	bputn(out, l.s, l.n);
	if (!l.n || l.s[l.n - 1] != '\n')
		bputs(out, "\n\\ No newline at end of file\n");
}

/* prefix and path as git writes a name in a diff header: in C quotes with
 * escapes when it holds a control character, a quote, a backslash or a
 * byte above 127 (git's core.quotePath), else as it is. */
static void
gitname(Buf *out, const char *prefix, const char *path)
{
	bool quote = false;
	for (const unsigned char *p = (const unsigned char *)path; *p && !quote; p++)
		quote = *p < 0x20 || *p == '"' || *p == '\\' || *p >= 0x7f;
	if (!quote) {
		bprintf(out, "%s%s", prefix, path);
		return;
	}
	static const char named[] = "\a\b\t\n\v\f\r", letters[] = "abtnvfr";
	bprintf(out, "\"%s", prefix);
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		const char *k = strchr(named, *p);
		if (k)
			bprintf(out, "\\%c", letters[k - named]);
		else if (*p == '"' || *p == '\\')
			bprintf(out, "\\%c", *p);
		else if (*p < 0x20 || *p >= 0x7f)
			bprintf(out, "\\%03o", *p);
		else
			bputn(out, (const char *)p, 1);
	}
	bputs(out, "\"");
}

void
unidiff(Buf *out, const char *path, const char *as, size_t alen, const char *bs, size_t blen)
{
	Line *a, *b;
	int n = split(as, alen, &a), m = split(bs, blen, &b);
	char *ops;
	int len = script(a, n, b, m, &ops);
	while (path[0] == '.' && path[1] == '/')
		path += 2;
	while (path[0] == '/') /* as git prints an absolute path: a/tmp/x.cu */
		path++;
	Buf ha = {0}, hb = {0};
	gitname(&ha, "a/", path);
	gitname(&hb, "b/", path);
	/* git ends an unquoted name holding a space with a tab, so that patch
	 * does not stop the name at the space */
	const char *tab = ha.v[0] != '"' && strchr(path, ' ') ? "\t" : "";
	bprintf(out, "diff --git %s %s\n--- %s%s\n+++ %s%s\n", ha.v, hb.v, ha.v, tab, hb.v, tab);
	free(ha.v);
	free(hb.v);
	const int ctx = 3;
	for (int i = 0; i < len;) {
		if (ops[i] == KEEP) {
			i++;
			continue;
		}
		/* a hunk: from ctx lines before this change to ctx after the last change within 2*ctx */
		int s = i, e = i;
		while (e < len) {
			int k = e;
			while (k < len && ops[k] != KEEP)
				k++;
			int keep = k;
			while (keep < len && ops[keep] == KEEP)
				keep++;
			e = k;
			if (keep >= len || keep - k > 2 * ctx)
				break;
			e = keep;
		}
		int hs = s - ctx < 0 ? 0 : s - ctx, he = e + ctx > len ? len : e + ctx;
		int ai = 0, bi = 0; /* line numbers at hs */
		for (int k = 0; k < hs; k++) {
			if (ops[k] != ADD)
				ai++;
			if (ops[k] != DEL)
				bi++;
		}
		int na = 0, nb = 0;
		for (int k = hs; k < he; k++) {
			na += ops[k] != ADD;
			nb += ops[k] != DEL;
		}
		bprintf(out, "@@ -%d,%d +%d,%d @@\n", na ? ai + 1 : ai, na, nb ? bi + 1 : bi, nb);
		for (int k = hs; k < he; k++) {
			if (ops[k] == KEEP)
				putline(out, ' ', a[ai++]), bi++;
			else if (ops[k] == DEL)
				putline(out, '-', a[ai++]);
			else
				putline(out, '+', b[bi++]);
		}
		i = he;
	}
	free(ops);
	free(a);
	free(b);
}
