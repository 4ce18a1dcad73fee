/* test_lsp.c: the language server's parts that need no client
 * (src/lsp/): LSP positions <-> byte offsets in UTF-16 and UTF-8 (code
 * points above U+FFFF, a position inside a surrogate pair, "\r\n", past
 * the end of a line or of the text); Content-Length framing (split reads,
 * bad frames, resynchronisation); diagnostics following edits (shifted,
 * kept, dropped, the tree-sitter check); URIs to paths. */
#include <stdlib.h>
#include <string.h>

#include "lsp/lsp.h"
#include "check.h"

static int
off16(const Text *t, int line, int ch)
{
	return text_offset(t, (Pos){line, ch}, ENC_UTF16);
}

static void
positions(void)
{
	/* "é" is 2 bytes and 1 unit, "😀" 4 bytes and 2 units */
	const char *s = "a\xc3\xa9\xf0\x9f\x98\x80z\r\nsecond\nlast";
	Text t = {0};
	text_set(&t, s, strlen(s));
	CHECK(t.nlines == 3);
	CHECK(off16(&t, 0, 0) == 0);
	CHECK(off16(&t, 0, 1) == 1);           /* before é */
	CHECK(off16(&t, 0, 2) == 3);           /* before 😀 */
	CHECK(off16(&t, 0, 3) == 3);           /* inside 😀's surrogate pair: its start */
	CHECK(off16(&t, 0, 4) == 7);           /* before z */
	CHECK(off16(&t, 0, 5) == 8);           /* the line's end, before "\r\n" */
	CHECK(off16(&t, 0, 99) == 8);          /* past the end of the line: its end */
	CHECK(off16(&t, 1, 3) == 13);
	CHECK(off16(&t, 2, 4) == (int)t.len);
	CHECK(off16(&t, 7, 0) == (int)t.len);  /* past the last line: the end */
	CHECK(text_offset(&t, (Pos){0, 3}, ENC_UTF8) == 3);
	CHECK(text_offset(&t, (Pos){0, 7}, ENC_UTF8) == 7);
	Pos p = text_pos(&t, 7, ENC_UTF16);
	CHECK(p.line == 0 && p.ch == 4);
	p = text_pos(&t, 7, ENC_UTF8);
	CHECK(p.line == 0 && p.ch == 7);
	p = text_pos(&t, 13, ENC_UTF16);
	CHECK(p.line == 1 && p.ch == 3);
	for (int off = 0; off <= (int)t.len; off++) { /* round trips at every character start */
		if (((unsigned char)s[off] & 0xc0) == 0x80)
			continue;
		CHECK(text_offset(&t, text_pos(&t, off, ENC_UTF16), ENC_UTF16) == off || s[off] == '\n');
		CHECK(text_offset(&t, text_pos(&t, off, ENC_UTF8), ENC_UTF8) == off || s[off] == '\n');
	}
	text_splice(&t, 1, 7, "", 0);
	CHECK(!strcmp(t.s, "az\r\nsecond\nlast") && t.nlines == 3 && t.lines[1] == 4);
	text_free(&t);
}

static Reader
reader(const char *data, size_t n)
{
	Reader r = {0};
	bputn(&r.in, data, n);
	return r;
}

static int
next(Reader *r, json_t **m)
{
	char *err = NULL;
	int rc = rpc_next(r, m, &err);
	free(err);
	return rc;
}

static void
framing(void)
{
	const char *two = "Content-Length: 7\r\n\r\n{\"a\":1}content-length:7\r\nX: y\r\n\r\n{\"b\":2}";
	Reader r = reader(two, 20); /* a split read: the header is incomplete */
	json_t *m;
	CHECK(next(&r, &m) == RD_NONE);
	bputn(&r.in, two + 20, strlen(two) - 20);
	CHECK(next(&r, &m) == RD_MSG && json_integer_value(json_object_get(m, "a")) == 1);
	json_decref(m);
	CHECK(next(&r, &m) == RD_MSG && json_integer_value(json_object_get(m, "b")) == 2);
	json_decref(m);
	CHECK(next(&r, &m) == RD_NONE);
	free(r.in.v);

	/* bad JSON, a header without a length, then a frame whose leftovers
	 * share a line with the next header: every bad one is reported, the good
	 * one still arrives */
	const char *bad = "Content-Length: 3\r\n\r\n{x}Nothing: 1\r\n\r\n"
	                  "Content-Length: 9\r\n\r\n{\"c\":3}  "
	                  "Content-Length: 5\r\n\r\n{\"e\":5}  Content-Length: 7\r\n\r\n{\"d\":4}";
	r = reader(bad, strlen(bad));
	CHECK(next(&r, &m) == RD_BAD && !m);
	CHECK(next(&r, &m) == RD_BAD);
	CHECK(next(&r, &m) == RD_MSG && json_integer_value(json_object_get(m, "c")) == 3);
	json_decref(m);
	CHECK(next(&r, &m) == RD_BAD); /* cut short: {"e": */
	CHECK(next(&r, &m) == RD_MSG && json_integer_value(json_object_get(m, "d")) == 4);
	json_decref(m);
	free(r.in.v);
}

/* A document holding src with one move diagnostic: the statement at
 * stmt, the moved lines from the start of its line to the start of the line
 * holding target. */
static Doc *
docwith(const char *src, const char *stmt, const char *target)
{
	Doc *d = doc_open("file:///t.cu", "/t.cu", src, strlen(src), 1);
	Diag *x = xcalloc(1, sizeof *x);
	x->kind = CH_MOVE;
	x->sb = (int)(strstr(src, stmt) - src);
	x->se = x->sb + (int)strlen(stmt);
	x->rb = x->sb;
	while (x->rb > 0 && src[x->rb - 1] != '\n')
		x->rb--;
	x->target = x->re = (int)(strstr(src, target) - src);
	x->stop = -1;
	x->call = xstrdup("cudaMemcpy");
	x->why = xstrdup("");
	Edit del = {x->rb, x->se + 1 - x->rb, xstrdup(""), 0, false, NULL},
	     ins = {x->target, 0, xstrdup("  moved\n"), 1, false, NULL};
	vpush(x->edits, del);
	vpush(x->edits, ins);
	doc_setdiags(d, x, 1);
	return d;
}

static void
edit(Doc *d, const char *at, const char *with)
{
	int a = (int)(strstr(d->t.s, at) - d->t.s);
	doc_edit(d, a, a + (int)strlen(at), with, strlen(with));
	doc_reparse(d);
}

static const char prog[] = "int main() {\n"
                           "  k<<<1, 1>>>(d);\n"
                           "  cudaMemcpy(h, d, n, k);\n"
                           "  work(w);\n"
                           "  use(h);\n"
                           "}\n";

static void
following(void)
{
	Doc *d = docwith(prog, "cudaMemcpy(h, d, n, k);", "  use(h)");
	int sb = d->diags.v[0].sb;
	edit(d, "int main() {\n", "int main() {\n  // a new line\n");
	CHECK(d->diags.n == 1 && d->diags.v[0].sb == sb + 16 && d->diags.v[0].edits.v[1].off == d->diags.v[0].target);
	CHECK(!strncmp(d->t.s + d->diags.v[0].sb, "cudaMemcpy(", 11));
	edit(d, "  use(h);\n}", "  use(h);\n  more(h);\n}"); /* after: unchanged */
	CHECK(d->diags.n == 1 && d->diags.v[0].sb == sb + 16);
	/* a whole-line replacement that changes one character above: trimmed to it */
	edit(d, "  k<<<1, 1>>>(d);\n", "  k<<<2, 1>>>(d);\n");
	CHECK(d->diags.n == 1);
	edit(d, "}\n", "} // the end of main\n"); /* right after its block's closing brace */
	CHECK(d->diags.n == 1);
	/* joining the statement's line to the line above drops it */
	edit(d, "(d);\n  cudaMemcpy", "(d);  cudaMemcpy");
	CHECK(d->diags.n == 0);
	doc_free(d);

	d = docwith(prog, "cudaMemcpy(h, d, n, k);", "  use(h)");
	edit(d, "work(w)", "work(h)"); /* inside what it moves past */
	CHECK(d->diags.n == 0);
	doc_free(d);

	d = docwith(prog, "cudaMemcpy(h, d, n, k);", "  use(h)");
	edit(d, "(d);\n", "(d);\n  if (x)\n"); /* before its text, but it becomes an if's body */
	CHECK(d->diags.n == 0);
	doc_free(d);

	d = docwith(prog, "cudaMemcpy(h, d, n, k);", "  use(h)");
	edit(d, "int main() {\n", "int main() {\n  {\n"); /* a block opened above takes it in */
	CHECK(d->diags.n == 0);
	doc_free(d);

	d = docwith(prog, "cudaMemcpy(h, d, n, k);", "  use(h)");
	edit(d, "  cudaMemcpy", "  x = 1; cudaMemcpy"); /* on its line: it would no longer be alone there */
	CHECK(d->diags.n == 0);
	doc_free(d);

	d = docwith(prog, "cudaMemcpy(h, d, n, k);", "  use(h)");
	doc_edit(d, 0, (int)d->t.len, prog, strlen(prog)); /* the same text again: nothing changed */
	doc_reparse(d);
	CHECK(d->diags.n == 1 && !d->stale);
	doc_free(d);
}

static void
uris(void)
{
	char *p = uripath("file:///home/a%20b/x%C3%A9.cu");
	CHECK(p && !strcmp(p, "/home/a b/x\xc3\xa9.cu"));
	free(p);
	p = uripath("file://localhost/tmp/y.cu");
	CHECK(p && !strcmp(p, "/tmp/y.cu"));
	free(p);
	CHECK(uripath("untitled:Untitled-1") == NULL);
	CHECK(uripath("file:///a%00b") == NULL);
}

int
main(void)
{
	positions();
	framing();
	following();
	uris();
	return CHECK_DONE();
}
