/* place.c: where a statement's text lies, for the passes that move or
 * rewrite statements (sync.c, copies.c, pin.c, fuse.c): the comment lines
 * that belong to it, the end of its line, the blank lines a deletion should
 * take along, its lines reindented for their new place, the statement that
 * holds a call and where a call's parentheses close. Offsets are the unit's
 * bytes. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"

bool
blankbefore(const Unit *u, int off)
{
	for (int i = linestart(u->src, off); i < off; i++)
		if (u->src[i] != ' ' && u->src[i] != '\t')
			return false;
	return true;
}

static const Comment *
commentat(const Unit *u, int off)
{
	for (int i = 0; i < u->comments.n; i++)
		if (u->comments.v[i].off <= off && off < u->comments.v[i].end)
			return &u->comments.v[i];
	return NULL;
}

/* End of the line holding off's statement, past a trailing comment; -1 if
 * other code follows on that line. */
int
stmtlineend(const Unit *u, int off)
{
	int i = off, n = (int)u->len;
	for (;;) {
		while (i < n && (u->src[i] == ' ' || u->src[i] == '\t' || u->src[i] == '\r'))
			i++;
		if (i >= n)
			return n;
		if (u->src[i] == '\n')
			return i + 1;
		const Comment *c = commentat(u, i);
		if (!c || c->off != i)
			return -1;
		if (memchr(u->src + c->off, '\n', c->end - c->off) && u->src[c->off + 1] == '*')
			return -1; /* a block comment running on: not this statement's own */
		i = c->end;
	}
}

/* Where the comment lines directly above off begin (off itself if none). */
int
leadcomments(const Unit *u, int off)
{
	int start = linestart(u->src, off);
	for (;;) {
		if (start == 0)
			return start;
		int prev = start - 1; /* the '\n' ending the line above */
		int i = prev;
		while (i > 0 && (u->src[i - 1] == ' ' || u->src[i - 1] == '\t' || u->src[i - 1] == '\r'))
			i--;
		if (i == 0 || u->src[i - 1] == '\n')
			return start; /* a blank line ends the block */
		const Comment *c = commentat(u, i - 1);
		int ce = c ? c->end : 0;
		while (c && ce > c->off && u->src[ce - 1] == '\r') /* a // comment of a CRLF file ends past its '\r' */
			ce--;
		if (!c || ce != i || !blankbefore(u, c->off))
			return start;
		start = linestart(u->src, c->off);
	}
}

/* The text [a, b) with each line's leading indentation from replaced by to. */
void
reindent(Buf *out, const Unit *u, int a, int b, const char *from, const char *to)
{
	size_t fl = strlen(from);
	for (int i = a; i < b;) {
		const char *nl = memchr(u->src + i, '\n', b - i);
		int e = nl ? (int)(nl - u->src) + 1 : b;
		if (!strncmp(u->src + i, from, fl) && e - i > (int)fl + (nl ? 1 : 0)) {
			bputs(out, to);
			bputn(out, u->src + i + fl, e - i - fl);
		} else
			bputn(out, u->src + i, e - i);
		i = e;
	}
}

int
directivein(const Unit *u, int a, int b)
{
	for (int i = 0; i < u->directives.n; i++)
		if (u->directives.v[i] >= a && u->directives.v[i] < b)
			return u->directives.v[i];
	return -1;
}

/* Is there a word in [a, b), between two statements: a macro that expands
 * to nothing or to _Pragma(...), which applies to the statement after it
 * (PARFOR for (...))? */
bool
gapword(const Unit *u, int a, int b)
{
	for (int at = a, t; (t = nexttoken(u->src, &at, b)) >= 0;)
		if (u->src[t] != '#')
			return true;
		else
			at = directiveend(u, t);
	return false;
}

/* A conditional directive (#if, #ifdef, #elif, #else, #endif) in [a, b):
 * its offset, or -1. Code another configuration compiles may lie there. */
int
conddirective(const Unit *u, int a, int b)
{
	for (int i = 0; i < u->directives.n; i++) {
		int d = u->directives.v[i];
		if (d < a || d >= b)
			continue;
		const char *s = u->src + d;
		while (*s == ' ' || *s == '\t' || *s == '#')
			s++;
		if (!strncmp(s, "if", 2) || !strncmp(s, "el", 2) || !strncmp(s, "endif", 5))
			return d;
	}
	return -1;
}

/* The end of the blank line starting at off, or -1 if it is not blank. */
static int
blankline(const Unit *u, int off)
{
	int i = off;
	while (i < (int)u->len && (u->src[i] == ' ' || u->src[i] == '\t' || u->src[i] == '\r'))
		i++;
	return i < (int)u->len && u->src[i] == '\n' ? i + 1 : -1;
}

/* A deletion of whole lines [a, b) that leaves a blank line right after a
 * blank line or an opening brace takes that blank line too. */
int
trimblank(const Unit *u, int a, int b)
{
	int after = blankline(u, b);
	if (after < 0 || a == 0)
		return b;
	int prev = linestart(u->src, a - 1), i = a - 1;
	while (i > prev && (u->src[i - 1] == ' ' || u->src[i - 1] == '\t' || u->src[i - 1] == '\r' || u->src[i - 1] == '\n'))
		i--;
	return blankline(u, prev) >= 0 || (i > prev && u->src[i - 1] == '{') ? after : b;
}

int
callnode(const Func *f, int ci)
{
	for (int v = 2; v < f->st.n; v++)
		if (ci >= f->st.v[v].call0 && ci < f->st.v[v].call0 + f->st.v[v].ncall)
			return v;
	return -1;
}

/* A string, a character or a comment inside could hold a parenthesis:
 * then -1, as when nothing closes it before end. */
int
closeparen(const char *src, int at, int end)
{
	for (int j = at, depth = 0; j < end; j++) {
		if (src[j] == '"' || src[j] == '\'' || (src[j] == '/' && (src[j + 1] == '/' || src[j + 1] == '*')))
			return -1;
		if (src[j] == '(')
			depth++;
		else if (src[j] == ')' && --depth == 0)
			return j + 1;
	}
	return -1;
}

/* Past the comment at s + j, or j when none starts there. */
static int
skipcomment(const char *s, int j, int end)
{
	if (j + 1 >= end || s[j] != '/' || (s[j + 1] != '/' && s[j + 1] != '*'))
		return j;
	if (s[j + 1] == '/') {
		while (j < end && s[j] != '\n')
			j++;
		return j;
	}
	for (j += 2; j + 1 < end && !(s[j] == '*' && s[j + 1] == '/'); j++)
		;
	return j + 2 < end ? j + 2 : end;
}

/* Do t's angle brackets pair up? A comma between template arguments
 * (Tile<64, 64>::size) splits the text where the call has no comma; a
 * comparison is refused with it (<<, >>, <=, >= and -> are no brackets). */
static bool
anglesok(const char *t)
{
	int open = 0;
	for (const char *c = t; *c; c++) {
		if ((c[0] == '<' || c[0] == '>') && (c[1] == c[0] || c[1] == '=')) {
			c++;
			continue;
		}
		if (c[0] == '-' && c[1] == '>') {
			c++;
			continue;
		}
		if (*c == '<')
			open++;
		else if (*c == '>' && --open < 0)
			return false;
	}
	return open == 0;
}

/* The arguments the text of the call spelled at s + at shows, before
 * end, past comments and literals; argument i's bytes in *from, *to. */
static int
splitargs(const char *s, int at, int end, int i, int *from, int *to)
{
	int depth = 0, k = 0, start = -1;
	for (int j = at; j < end; j++) {
		int c = skipcomment(s, j, end);
		if (c != j) {
			j = c - 1;
			continue;
		}
		char ch = s[j];
		if (ch == '"' || ch == '\'') {
			for (j++; j < end && s[j] != ch; j++)
				j += s[j] == '\\';
			continue;
		}
		if (ch == '(' || ch == '[' || ch == '{')
			if (++depth == 1 && ch == '(') {
				start = j + 1;
				continue;
			}
		if (depth == 1 && (ch == ',' || ch == ')')) {
			if (k == i)
				*from = start, *to = j;
			if (ch == ',' || j > start || k > 0) /* f() shows no argument */
				k++;
			start = j + 1;
		}
		if (ch == ')' || ch == ']' || ch == '}')
			if (--depth == 0)
				break;
	}
	return k;
}

/* How many arguments the text of the call at s + at shows. */
int
callargc(const char *s, int at, int end)
{
	int from, to;
	return splitargs(s, at, end, -1, &from, &to);
}

/* The text of argument i of the call spelled at s + at, before end,
 * trimmed, its comments made spaces; "?" where the text does not show it:
 * a default argument (callargc tells), or a split that cannot be the
 * call's nargs arguments (nargs < 0: not known). */
char *
calltext(const char *s, int at, int end, int i, int nargs)
{
	int want = -1, wantend = -1;
	int k = splitargs(s, at, end, i, &want, &wantend);
	if (i >= k || want < 0 || (nargs >= 0 && k > nargs))
		return xstrdup("?");
	Buf b = {0};
	for (int j = want; j < wantend; j++) {
		int c = skipcomment(s, j, wantend);
		if (c != j) {
			bputs(&b, " ");
			j = c - 1;
		} else if (s[j] == '"' || s[j] == '\'') {
			int q = j;
			for (j++; j < wantend && s[j] != s[q]; j++)
				j += s[j] == '\\';
			bputn(&b, s + q, j + 1 - q);
		} else
			bputn(&b, strchr("\n\t\r", s[j]) ? " " : s + j, 1);
	}
	const char *t = bstr(&b);
	int lo = 0, hi = (int)strlen(t);
	while (lo < hi && t[lo] == ' ')
		lo++;
	while (hi > lo && t[hi - 1] == ' ')
		hi--;
	char *r = anglesok(t) ? xstrndup(t + lo, hi - lo) : xstrdup("?");
	vfree(b);
	return r;
}

/* The end of the directive line at d, continuation lines included. */
int
directiveend(const Unit *u, int d)
{
	int e = lineend(u->src, u->len, d);
	while (e < (int)u->len && e > d && (u->src[e - 1] == '\\' || (u->src[e - 1] == '\r' && u->src[e - 2] == '\\')))
		e = lineend(u->src, u->len, e + 1);
	return e;
}

/* The word after the '#' at d (if, ifdef, define, ...), and its length. */
const char *
directiveword(const Unit *u, int d, int *n)
{
	int at = d, end = directiveend(u, d);
	while (at < end && (u->src[at] == ' ' || u->src[at] == '\t')) /* an indented directive */
		at++;
	at += at < end && u->src[at] == '#';
	int w = nexttoken(u->src, &at, end);
	*n = w < 0 ? 0 : at - w;
	return w < 0 ? "" : u->src + w;
}

/* Does the _Pragma whose name ends at `at` hold an OpenMP pragma
 * (_Pragma("omp barrier"))? */
static bool
pragmaomp(const Unit *u, int at, int end)
{
	while (at < end && strchr(" \t(\"", u->src[at]))
		at++;
	return at + 3 <= end && !strncmp(u->src + at, "omp", 3) && !isident(u->src[at + 3]);
}

/* Does [a, b) hold an OpenMP construct (#pragma omp, _Pragma("omp ...")),
 * whose threads may run the code in it at once? */
bool
openmpin(const Unit *u, int a, int b)
{
	for (int i = 0; i < u->directives.n; i++) {
		int d = u->directives.v[i], n, at, end = directiveend(u, d);
		const char *dw = directiveword(u, d, &n);
		at = (int)(dw - u->src) + n;
		if (n == 6 && !strncmp(dw, "define", 6)) { /* #define BARRIER _Pragma("omp barrier"), used in [a, b) */
			int m = nexttoken(u->src, &at, end), me = at;
			bool omp = false;
			for (int t; !omp && (t = nexttoken(u->src, &at, end)) >= 0;)
				omp = at - t == 7 && !strncmp(u->src + t, "_Pragma", 7) && pragmaomp(u, at, end);
			for (int k = a, t; omp && m >= 0 && (t = nexttoken(u->src, &k, b)) >= 0;)
				if (k - t == me - m && !strncmp(u->src + t, u->src + m, (size_t)(me - m)))
					return true;
			continue;
		}
		if (d < a || d >= b)
			continue;
		int t = n == 6 && !strncmp(dw, "pragma", 6) ? nexttoken(u->src, &at, end) : -1;
		if (t >= 0 && at - t == 3 && !strncmp(u->src + t, "omp", 3))
			return true;
	}
	for (int at = a, t; (t = nexttoken(u->src, &at, b)) >= 0;)
		if (at - t == 7 && !strncmp(u->src + t, "_Pragma", 7) && pragmaomp(u, at, b))
			return true;
	return false;
}

/* Does the unit's own text #define or #undef the name (len bytes at w)
 * at or after offset from? Text written before that point and moved after
 * it could mean another thing (a cudaMemcpy a macro redefines between a
 * helper and its caller). */
bool
redefinedafter(const Unit *u, const char *w, int len, int from)
{
	for (int i = 0; i < u->directives.n; i++) {
		int d = u->directives.v[i], n, at;
		const char *dw = directiveword(u, d, &n);
		if (d < from || !((n == 6 && !strncmp(dw, "define", 6)) || (n == 5 && !strncmp(dw, "undef", 5))))
			continue;
		at = (int)(dw - u->src) + n;
		int t = nexttoken(u->src, &at, directiveend(u, d));
		if (t >= 0 && at - t == len && !strncmp(u->src + t, w, len))
			return true;
	}
	return false;
}

/* Is the condition of the #if line ending at e, from w, a plain 0? No
 * configuration compiles that group. */
bool
neverif(const Unit *u, const char *w, int e)
{
	int at = (int)(w - u->src), t = nexttoken(u->src, &at, e);
	if (t >= 0)
		return false; /* a name: #if X, #ifdef X */
	const char *s = w;
	while (s < u->src + e && (*s == ' ' || *s == '\t'))
		s++;
	return *s == '0' && (s + 1 == u->src + e || s[1] == ' ' || s[1] == '\t' || s[1] == '/' || s[1] == '\r');
}
