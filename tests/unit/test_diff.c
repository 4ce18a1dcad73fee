/* test_diff.c: unified diffs (src/report/diff.c): the exact output for a
 * small change, hunks merged when changes are within 6 lines of each other
 * and split otherwise, files without a final newline, no hunk for equal
 * texts; and, on handmade and random pairs of texts, that the edit script
 * is a shortest one (as many '-' and '+' lines as the longest common
 * subsequence leaves), that hunk headers count their lines, and that
 * `patch -p1` turns the old text into the new one. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cuflow.h"
#include "check.h"

static char *
diff(const char *path, const char *a, const char *b)
{
	Buf o = {0};
	unidiff(&o, path, a, strlen(a), b, strlen(b));
	return bstr(&o); /* the caller frees it */
}

static bool
same(const char *got, const char *want)
{
	if (!strcmp(got, want))
		return true;
	fprintf(stderr, "  got:\n%s  want:\n%s", got, want);
	return false;
}

static int
count(const char *s, const char *what)
{
	int n = 0;
	for (const char *p = s; (p = strstr(p, what)); p++)
		n++;
	return n;
}

static void
exact(void)
{
	char *d = diff("./dir/f.cu", "one\ntwo\nthree\n", "one\n2\nthree\n");
	CHECK(same(d, "diff --git a/dir/f.cu b/dir/f.cu\n"
	              "--- a/dir/f.cu\n"
	              "+++ b/dir/f.cu\n"
	              "@@ -1,3 +1,3 @@\n"
	              " one\n"
	              "-two\n"
	              "+2\n"
	              " three\n"));
	free(d);
	d = diff("f.cu", "x\ny", "x\nz");
	CHECK(same(d, "diff --git a/f.cu b/f.cu\n--- a/f.cu\n+++ b/f.cu\n@@ -1,2 +1,2 @@\n x\n"
	              "-y\n\\ No newline at end of file\n"
	              "+z\n\\ No newline at end of file\n"));
	free(d);
	d = diff("f.cu", "x\ny", "x\ny\n"); /* adding the final newline changes the last line */
	CHECK(same(d, "diff --git a/f.cu b/f.cu\n--- a/f.cu\n+++ b/f.cu\n@@ -1,2 +1,2 @@\n x\n-y\n\\ No newline at end of file\n+y\n"));
	free(d);
	d = diff("f.cu", "", "x\n");
	CHECK(same(d, "diff --git a/f.cu b/f.cu\n--- a/f.cu\n+++ b/f.cu\n@@ -0,0 +1,1 @@\n+x\n"));
	free(d);
	d = diff("f.cu", "a\nb\nc\n", "a\nb\nc\n");
	CHECK(same(d, "diff --git a/f.cu b/f.cu\n--- a/f.cu\n+++ b/f.cu\n") && count(d, "@@") == 0);
	free(d);
	/* git's header rules: a tab after a name with a space, C quotes and
	 * escapes for control characters, quotes, backslashes, bytes above 127 */
	d = diff("a b.cu", "x\n", "x\n");
	CHECK(same(d, "diff --git a/a b.cu b/a b.cu\n--- a/a b.cu\t\n+++ b/a b.cu\t\n"));
	free(d);
	d = diff("t\tn\n\"\\\xc3\xa9 .cu", "x\n", "x\n");
	CHECK(same(d, "diff --git \"a/t\\tn\\n\\\"\\\\\\303\\251 .cu\" \"b/t\\tn\\n\\\"\\\\\\303\\251 .cu\"\n"
	              "--- \"a/t\\tn\\n\\\"\\\\\\303\\251 .cu\"\n"
	              "+++ \"b/t\\tn\\n\\\"\\\\\\303\\251 .cu\"\n"));
	free(d);
}

/* lines "1".."20" with lines c1 and c2 (1-based) changed to "X" */
static char *
numbered(int c1, int c2)
{
	Buf b = {0};
	for (int i = 1; i <= 20; i++)
		if (i == c1 || i == c2)
			bputs(&b, "X\n");
		else
			bprintf(&b, "%d\n", i);
	return bstr(&b);
}

static void
hunks(void)
{
	char *a = numbered(0, 0), *b = numbered(5, 10), *c = numbered(5, 16), *e = numbered(5, 12);
	char *d = diff("f.cu", a, b); /* 4 unchanged lines between: one hunk */
	CHECK(count(d, "@@ -") == 1 && strstr(d, "@@ -2,12 +2,12 @@\n"));
	free(d);
	d = diff("f.cu", a, e); /* 6 between: the contexts touch, still one */
	CHECK(count(d, "@@ -") == 1 && strstr(d, "@@ -2,14 +2,14 @@\n"));
	free(d);
	d = diff("f.cu", a, c); /* 10 between: two */
	CHECK(count(d, "@@ -") == 2 && strstr(d, "@@ -2,7 +2,7 @@\n") && strstr(d, "@@ -13,7 +13,7 @@\n"));
	CHECK(strstr(d, " 8\n-10\n") == NULL); /* no line between the hunks is shown */
	free(d);
	free(a);
	free(b);
	free(c);
	free(e);
}

/* ---------------------------------------------------------------- properties */

static int
splitlines(const char *s, const char ***out)
{
	VEC(const char *) v = {0};
	for (const char *p = s; *p;) {
		vpush(v, p);
		const char *nl = strchr(p, '\n');
		p = nl ? nl + 1 : p + strlen(p);
	}
	*out = v.v;
	return v.n;
}

static size_t
linelen(const char *l)
{
	const char *nl = strchr(l, '\n');
	return nl ? (size_t)(nl - l) + 1 : strlen(l);
}

static int
lcs(const char *a, const char *b)
{
	const char **x, **y;
	int n = splitlines(a, &x), m = splitlines(b, &y);
	int *t = xcalloc((n + 1) * (m + 1), sizeof *t);
	for (int i = n - 1; i >= 0; i--)
		for (int j = m - 1; j >= 0; j--) {
			int *c = &t[i * (m + 1) + j];
			if (linelen(x[i]) == linelen(y[j]) && !memcmp(x[i], y[j], linelen(x[i])))
				*c = 1 + t[(i + 1) * (m + 1) + j + 1];
			else {
				int r = t[(i + 1) * (m + 1) + j], d = t[i * (m + 1) + j + 1];
				*c = r > d ? r : d;
			}
		}
	int k = t[0];
	free(t);
	free(x);
	free(y);
	return k;
}

/* Every hunk's header counts the lines it holds; returns the numbers of
 * '-' and '+' lines, or false on a malformed diff. */
static bool
wellformed(const char *d, int *dels, int *adds)
{
	*dels = *adds = 0;
	const char **l;
	int n = splitlines(d, &l), i = 3;
	bool ok = n >= 3 && !strncmp(l[0], "diff --git a/", 13) && !strncmp(l[1], "--- a/", 6) &&
	          !strncmp(l[2], "+++ b/", 6);
	while (ok && i < n) {
		int as, an, bs, bn;
		ok = sscanf(l[i], "@@ -%d,%d +%d,%d @@", &as, &an, &bs, &bn) == 4;
		int ka = 0, kb = 0;
		for (i++; ok && i < n && l[i][0] != '@'; i++) {
			char c = l[i][0];
			ka += c == ' ' || c == '-';
			kb += c == ' ' || c == '+';
			*dels += c == '-';
			*adds += c == '+';
			ok = c == ' ' || c == '-' || c == '+' || c == '\\';
		}
		ok = ok && ka == an && kb == bn;
	}
	free(l);
	return ok;
}

static char *tmpdir;

static bool
writefile(const char *path, const char *s)
{
	FILE *f = fopen(path, "w");
	return f && fputs(s, f) >= 0 && fclose(f) == 0;
}

/* does patch -p1 turn a into b with the diff? */
static bool
patches(const char *a, const char *b, const char *d)
{
	char *file = fmt("%s/f.cu", tmpdir), *pf = fmt("%s/d.patch", tmpdir);
	char *cmd = fmt("cd '%s' && patch -p1 -s -f --no-backup-if-mismatch < d.patch > /dev/null 2>&1", tmpdir);
	bool ok = writefile(file, a) && writefile(pf, d) && system(cmd) == 0;
	size_t len = 0;
	char *err = NULL, *got = ok ? readfile(file, &len, &err) : NULL;
	if (ok && !got && !*b) /* patch removes a file it empties */
		got = xstrdup("");
	ok = got && !strcmp(got, b);
	if (!ok)
		fprintf(stderr, "  patch failed: old '%s' new '%s' diff:\n%s", a, b, d);
	unlink(file);
	unlink(pf);
	free(got);
	free(err);
	free(file);
	free(pf);
	free(cmd);
	return ok;
}

/* shortest script, counted headers, and patch agrees */
static bool
sound(const char *a, const char *b, bool withpatch)
{
	char *d = diff("f.cu", a, b);
	const char **x, **y;
	int n = splitlines(a, &x), m = splitlines(b, &y), k = lcs(a, b), dels, adds;
	free(x);
	free(y);
	bool ok = wellformed(d, &dels, &adds) && dels == n - k && adds == m - k;
	if (!ok)
		fprintf(stderr, "  not a shortest well-formed diff: old '%s' new '%s' diff:\n%s", a, b, d);
	if (ok && withpatch && strcmp(a, b)) /* patch refuses a diff without hunks */
		ok = patches(a, b, d);
	free(d);
	return ok;
}

static unsigned seed = 12345;

static unsigned
rnd(unsigned n)
{
	seed = seed * 1103515245u + 12345u;
	return (seed >> 16) % n;
}

/* a few lines from a small alphabet, sometimes without the final newline */
static char *
randtext(void)
{
	static const char *words[] = {"a", "b", "c", "int x;", "}", ""};
	Buf s = {0};
	bputs(&s, "");
	int n = rnd(12);
	for (int i = 0; i < n; i++) {
		bputs(&s, words[rnd(6)]);
		if (i < n - 1 || rnd(5))
			bputs(&s, "\n");
	}
	return bstr(&s);
}

static void
properties(void)
{
	char dir[] = "/tmp/cuflow-diff-XXXXXX";
	tmpdir = mkdtemp(dir);
	CHECK(tmpdir != NULL);
	static const char *pairs[][2] = {
		{"one\ntwo\nthree\n", "one\n2\nthree\n"},
		{"x\ny", "x\nz"},
		{"x\ny", "x\ny\n"},
		{"x\ny\n", "x\ny"},
		{"", "x\ny\n"},
		{"x\ny\n", ""},
		{"a\nb\nc\n", "c\nb\na\n"},
		{"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n",
		 "0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n"},
	};
	int bad = 0;
	for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++)
		bad += !sound(pairs[i][0], pairs[i][1], true);
	CHECK(bad == 0);
	char *a20 = numbered(0, 0), *b20 = numbered(5, 16);
	CHECK(sound(a20, b20, true) && sound(b20, a20, true));
	free(a20);
	free(b20);
	bad = 0;
	for (int i = 0; i < 400; i++) {
		char *a = randtext(), *b = randtext();
		bad += !sound(a, b, i < 60); /* patch on the first ones: it is slow */
		free(a);
		free(b);
	}
	CHECK(bad == 0);
	rmdir(tmpdir);
}

int
main(void)
{
	exact();
	hunks();
	properties();
	return CHECK_DONE();
}
