/* positions.c: a document's text and its line index, and LSP positions.
 *
 * cuflow works in byte offsets of UTF-8 text; LSP positions are a line and
 * a character offset counted in the negotiated encoding's code units:
 * UTF-16 (LSP's default: a code point above U+FFFF, such as an emoji,
 * counts 2) or UTF-8 (bytes). Lines end at "\n", "\r\n" or a lone "\r", as
 * the specification counts them (a lone "\r" in a comment put every later
 * position a line off, and a quick fix in the wrong place). Following the specification, a
 * character past the end of its line means the line's end, and a line past
 * the end of the document means the document's end. Bytes that are not
 * valid UTF-8 count as one unit each, so every offset still maps somewhere. */
#include <stdlib.h>
#include <string.h>

#include "lsp/lsp.h"

static int *
lsplines(const char *s, size_t len, int *nlines)
{
	Ints l = {0};
	vpush(l, 0);
	for (size_t i = 0; i < len; i++)
		if (s[i] == '\n' || (s[i] == '\r' && (i + 1 == len || s[i + 1] != '\n')))
			vpush(l, (int)i + 1);
	*nlines = l.n;
	return l.v;
}

void
text_set(Text *t, const char *s, size_t n)
{
	text_free(t);
	t->s = xmalloc(n + 1);
	memcpy(t->s, s, n);
	t->s[n] = 0;
	t->len = n;
	t->lines = lsplines(t->s, t->len, &t->nlines);
}

/* Replaces bytes [a, b) with s[0, n). */
void
text_splice(Text *t, int a, int b, const char *s, size_t n)
{
	size_t len = t->len - (size_t)(b - a) + n;
	char *out = xmalloc(len + 1);
	memcpy(out, t->s, (size_t)a);
	memcpy(out + a, s, n);
	memcpy(out + a + n, t->s + b, t->len - (size_t)b);
	out[len] = 0;
	free(t->s);
	free(t->lines);
	t->s = out;
	t->len = len;
	t->lines = lsplines(t->s, t->len, &t->nlines);
}

void
text_free(Text *t)
{
	free(t->s);
	free(t->lines);
	memset(t, 0, sizeof *t);
}

/* Bytes of the UTF-8 sequence starting at s[0] (1 for a stray byte), and
 * the UTF-16 code units its code point takes. */
static int
seqlen(const unsigned char *s, size_t avail, int *units)
{
	int n = s[0] < 0x80 ? 1 : s[0] >= 0xf0 && s[0] < 0xf8 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc0 ? 2 : 1;
	if ((size_t)n > avail)
		n = 1;
	for (int i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			n = 1;
	*units = n == 4 ? 2 : 1;
	return n;
}

/* Where line i's text ends: before its "\n", "\r\n" or "\r". */
static int
linetextend(const Text *t, int i)
{
	if (i + 1 >= t->nlines)
		return (int)t->len;
	int e = t->lines[i + 1] - 1;
	if (t->s[e] == '\n' && e > t->lines[i] && t->s[e - 1] == '\r')
		e--;
	return e;
}

int
text_offset(const Text *t, Pos p, int enc)
{
	if (p.line < 0)
		return 0;
	if (p.line >= t->nlines)
		return (int)t->len;
	int off = t->lines[p.line], end = linetextend(t, p.line), seen = 0;
	while (off < end && seen < p.ch) {
		int units;
		int n = seqlen((const unsigned char *)t->s + off, (size_t)(end - off), &units);
		int step = enc == ENC_UTF8 ? n : units;
		if (seen + step > p.ch) /* inside a code point: its start */
			break;
		seen += step;
		off += n;
	}
	return off;
}

int
text_line(const Text *t, int off)
{
	return lineof(t->lines, t->nlines, off) - 1;
}

Pos
text_pos(const Text *t, int off, int enc)
{
	if (off < 0)
		off = 0;
	if ((size_t)off > t->len)
		off = (int)t->len;
	Pos p = {text_line(t, off), 0};
	if (enc == ENC_UTF8) {
		p.ch = off - t->lines[p.line];
		return p;
	}
	for (int i = t->lines[p.line]; i < off;) {
		int units;
		i += seqlen((const unsigned char *)t->s + i, (size_t)(off - i), &units);
		p.ch += units;
	}
	return p;
}

json_t *
jpos(const Text *t, int off, int enc)
{
	Pos p = text_pos(t, off, enc);
	return json_pack("{s:i, s:i}", "line", p.line, "character", p.ch);
}

json_t *
jrange(const Text *t, int a, int b, int enc)
{
	return json_pack("{s:o, s:o}", "start", jpos(t, a, enc), "end", jpos(t, b, enc));
}

bool
parsepos(json_t *j, Pos *p)
{
	json_t *l = json_object_get(j, "line"), *c = json_object_get(j, "character");
	if (!json_is_integer(l) || !json_is_integer(c) || json_integer_value(l) < 0 || json_integer_value(c) < 0)
		return false;
	json_int_t line = json_integer_value(l), ch = json_integer_value(c);
	p->line = line > 1 << 30 ? 1 << 30 : (int)line;
	p->ch = ch > 1 << 30 ? 1 << 30 : (int)ch;
	return true;
}
