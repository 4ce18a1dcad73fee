/* text.c: source text as lines, for every stage that maps byte offsets to
 * lines or edits text line by line: line tables and the line of an offset,
 * a line's start, end and indentation, and preprocessor directive lines. */
#include <stdlib.h>

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
