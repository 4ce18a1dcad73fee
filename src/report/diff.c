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

/* The edit script as a sequence of KEEP/DEL/ADD over the two line arrays. */
static int
script(Line *a, int n, Line *b, int m, char **out)
{
	int max = n + m, off = max + 1;
	int *v = xcalloc(2 * max + 3, sizeof *v);
	VEC(int *) trace = {0};
	int d, found = 0;
	for (d = 0; d <= max && !found; d++) {
		int *snap = xmalloc((2 * max + 3) * sizeof *snap);
		memcpy(snap, v, (2 * max + 3) * sizeof *snap);
		vpush(trace, snap);
		for (int k = -d; k <= d; k += 2) {
			int x = k == -d || (k != d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
			int y = x - k;
			while (x < n && y < m && same(a[x], b[y]))
				x++, y++;
			v[off + k] = x;
			if (x >= n && y >= m) {
				found = 1;
				break;
			}
		}
	}
	/* walk back through the snapshots */
	char *ops = xmalloc(n + m + 1);
	int len = 0, x = n, y = m;
	for (int dd = trace.n - 1; dd >= 0; dd--) {
		int *vv = trace.v[dd], k = x - y;
		int pk = k == -dd || (k != dd && vv[off + k - 1] < vv[off + k + 1]) ? k + 1 : k - 1;
		int px = vv[off + pk], py = px - pk;
		while (x > px && y > py)
			ops[len++] = KEEP, x--, y--;
		if (dd > 0)
			ops[len++] = x == px ? ADD : DEL;
		x = px, y = py;
	}
	while (x > 0 && y > 0)
		ops[len++] = KEEP, x--, y--;
	for (int i = 0; i < len / 2; i++) {
		char t = ops[i];
		ops[i] = ops[len - 1 - i];
		ops[len - 1 - i] = t;
	}
	for (int i = 0; i < trace.n; i++)
		free(trace.v[i]);
	vfree(trace);
	free(v);
	*out = ops;
	return len;
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
