/* text.c: source text as lines, for every stage that maps byte offsets to
 * lines or edits text line by line: line tables and the line of an offset,
 * a line's start, end and indentation, and preprocessor directive lines. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"

int *
linestarts(const char *src, size_t len, int *nlines)
{
	Ints l = {0};
	vpush(l, 0);
	for (size_t i = 0; i < len; i++)
		if (src[i] == '\n' && i + 1 <= len)
			vpush(l, (int)i + 1);
	*nlines = l.n;
	return l.v;
}

/* 1-based line of byte offset off. */
int
lineof(const int *starts, int nlines, int off)
{
	int lo = 0, hi = nlines - 1;
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (starts[mid] <= off)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo + 1;
}

/* Where 1-based line `line` begins; 0 for a line the table does not have. */
int
lineoffset(const int *starts, int nlines, int line)
{
	return line >= 1 && line <= nlines ? starts[line - 1] : 0;
}

/* The line of off in the file on disk: through the map when u's text is a
 * rewrite in progress (Unit.origline). */
int
unitline(const Unit *u, int off)
{
	int line = lineof(u->lines, u->nlines, off);
	return u->origline ? u->origline[line - 1] : line;
}

int
linestart(const char *src, int off)
{
	while (off > 0 && src[off - 1] != '\n')
		off--;
	return off;
}

int
lineend(const char *src, size_t len, int off)
{
	while (off < (int)len && src[off] != '\n')
		off++;
	return off;
}

/* The blanks that open the line holding off. */
char *
indentof(const char *src, size_t len, int off)
{
	int s = linestart(src, off), e = s;
	while (e < (int)len && (src[e] == ' ' || src[e] == '\t'))
		e++;
	return xstrndup(src + s, e - s);
}

/* The line starting at off opens with '#' after blanks, before end. */
bool
isdirective(const char *src, int off, int end)
{
	while (off < end && (src[off] == ' ' || src[off] == '\t'))
		off++;
	return off < end && src[off] == '#';
}

/* s with every what in it replaced by with. */
char *
replaceall(const char *s, const char *what, const char *with)
{
	Buf b = {0};
	size_t n = strlen(what);
	for (const char *p; (p = strstr(s, what)); s = p + n) {
		bputn(&b, s, (size_t)(p - s));
		bputs(&b, with);
	}
	bputs(&b, s);
	return bstr(&b);
}

int
newlines(const char *s, int n)
{
	int k = 0;
	for (int i = 0; i < n; i++)
		k += s[i] == '\n';
	return k;
}

bool
isident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* The next identifier or directive in [*at, end), past comments, string and
 * character literals and numbers: its offset (a directive's is its '#'),
 * with *at moved past it, or -1 at end. A directive's word is the
 * identifier that follows. */
int
nexttoken(const char *s, int *at, int end)
{
	for (int i = *at; i < end;) {
		char ch = s[i];
		if (ch == '/' && i + 1 < end && (s[i + 1] == '/' || s[i + 1] == '*')) {
			const char *e = s[i + 1] == '/' ? memchr(s + i, '\n', end - i) : strstr(s + i + 2, "*/");
			i = e && e - s < end ? (int)(e - s) + (s[i + 1] == '*' ? 2 : 0) : end;
		} else if (ch == '"' || ch == '\'') {
			for (i++; i < end && s[i] != ch && s[i] != '\n'; i++)
				i += s[i] == '\\';
			i++;
		} else if (ch >= '0' && ch <= '9') { /* 1.5e3f, 0x1'000 */
			while (i < end && (isident(s[i]) || s[i] == '.' || (s[i] == '\'' && i + 1 < end && isident(s[i + 1]))))
				i++;
		} else if (isident(ch) || ch == '#') {
			int b = i++;
			while (ch != '#' && i < end && isident(s[i]))
				i++;
			*at = i;
			return b;
		} else
			i++;
	}
	*at = end;
	return -1;
}

/* Is the n bytes at w one of the words of ws? */
bool
isword(const char *w, int n, const char *const *ws)
{
	for (int k = 0; ws[k]; k++)
		if ((int)strlen(ws[k]) == n && !strncmp(w, ws[k], n))
			return true;
	return false;
}

/* The path without its leading "./", as reports name files. */
const char *
relpath(const char *path)
{
	while (path[0] == '.' && path[1] == '/')
		path += 2;
	return path;
}

/* Text with each identifier that is a name of pairs (name, text, name,
 * text, ...) replaced by its text. */
char *
pairsubst(const Strs *pairs, const char *text)
{
	Buf b = {0};
	for (const char *p = text; *p;) {
		if (!isident(*p) || (p > text && isident(p[-1]))) {
			bprintf(&b, "%c", *p++);
			continue;
		}
		size_t n = 0;
		while (isident(p[n]))
			n++;
		const char *to = NULL;
		for (int i = 0; i + 1 < pairs->n && !to; i += 2)
			if (strlen(pairs->v[i]) == n && !strncmp(pairs->v[i], p, n))
				to = pairs->v[i + 1];
		if (to)
			bputs(&b, to);
		else
			bprintf(&b, "%.*s", (int)n, p);
		p += n;
	}
	return bstr(&b);
}
