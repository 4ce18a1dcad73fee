/* doc.c: an open document: its buffer as the editor has it, a tree-sitter
 * tree kept current by incremental parsing, and cuflow's diagnostics,
 * which follow the user's edits between two analyses.
 *
 * libclang takes about a second per parse, too slow for every keystroke, so
 * a diagnostic found by the last analysis is carried through each edit:
 * an edit before the text it rests on shifts it, an edit after it leaves it,
 * an edit inside it drops it (its facts may no longer hold). After the
 * edits of a didChange, tree-sitter reparses the buffer from the edited old
 * tree, and a diagnostic survives only when its statement is still the same
 * syntax node: an edit before a statement can still change what it is (an
 * opened comment, an unbalanced brace), which the byte arithmetic misses. */
#include <stdlib.h>
#include <string.h>

#include "lsp/lsp.h"

const TSLanguage *tree_sitter_cuda(void);

Doc *
doc_open(const char *uri, const char *path, const char *text, size_t len, int version)
{
	Doc *d = xcalloc(1, sizeof *d);
	d->uri = xstrdup(uri);
	d->path = xstrdup(path);
	d->version = version;
	text_set(&d->t, text, len);
	d->ps = ts_parser_new();
	if (ts_parser_set_language(d->ps, tree_sitter_cuda()))
		d->tree = ts_parser_parse_string(d->ps, NULL, d->t.s, (uint32_t)d->t.len);
	return d;
}

void
diag_free(Diag *x)
{
	free(x->anchor);
	free(x->parent);
	free(x->call);
	free(x->why);
	free(x->safe);
	vfree(x->members);
	freeedits(&x->edits);
}

static void
dropdiags(Doc *d)
{
	for (int i = 0; i < d->diags.n; i++)
		diag_free(&d->diags.v[i]);
	vfree(d->diags);
}

void
doc_free(Doc *d)
{
	dropdiags(d);
	if (d->tree)
		ts_tree_delete(d->tree);
	ts_parser_delete(d->ps);
	kept_free(d->kept);
	text_free(&d->t);
	free(d->uri);
	free(d->path);
	free(d);
}

static TSNode
holder(const Doc *d, int a, int b)
{
	return ts_node_descendant_for_byte_range(ts_tree_root_node(d->tree), (uint32_t)a, (uint32_t)b);
}

/* Records the syntax node each diagnostic's statement is, and the node
 * holding it, to find them again. */
static void
anchor(Doc *d, Diag *x)
{
	free(x->anchor);
	free(x->parent);
	x->anchor = x->parent = NULL;
	if (!d->tree)
		return;
	TSNode n = holder(d, x->sb, x->se), p = ts_node_parent(n);
	x->anchor = xstrdup(ts_node_type(n));
	x->ab = x->sb - (int)ts_node_start_byte(n);
	x->ae = (int)ts_node_end_byte(n) - x->se;
	if (!ts_node_is_null(p)) {
		x->parent = xstrdup(ts_node_type(p));
		x->pb = (int)ts_node_start_byte(p);
		x->pe = (int)ts_node_end_byte(p);
	}
}

/* Is the statement still the same node, in a block of the same kind that
 * begins and ends where the edits took the old one? An edit before it can
 * put it in a comment, under an `if` or in a new block without touching
 * its text. */
static bool
sameanchor(Doc *d, const Diag *x)
{
	if (!x->anchor || !d->tree)
		return x->anchor == NULL;
	TSNode n = holder(d, x->sb, x->se), p = ts_node_parent(n);
	if (strcmp(ts_node_type(n), x->anchor) || x->sb - (int)ts_node_start_byte(n) != x->ab ||
	    (int)ts_node_end_byte(n) - x->se != x->ae)
		return false;
	if (ts_node_is_null(p) || !x->parent)
		return ts_node_is_null(p) && !x->parent;
	return !strcmp(ts_node_type(p), x->parent) && (int)ts_node_start_byte(p) == x->pb &&
	       (int)ts_node_end_byte(p) == x->pe;
}

/* Takes v[0, n) (the array too) as the document's diagnostics. */
void
doc_setdiags(Doc *d, Diag *v, int n)
{
	dropdiags(d);
	for (int i = 0; i < n; i++) {
		v[i].id = ++d->nextid;
		anchor(d, &v[i]);
		vpush(d->diags, v[i]);
	}
	free(v);
}

/* Where tree-sitter's view of the text ends after inserting s[0, n) at p. */
static TSPoint
pointafter(TSPoint p, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] == '\n')
			p.row++, p.column = 0;
		else
			p.column++;
	return p;
}

/* tree-sitter's rows end at "\n" only (LSP's lines also at a lone "\r") */
static TSPoint
pointat(const Text *t, int off)
{
	return pointafter((TSPoint){0, 0}, t->s, (size_t)off);
}


static void
shift(int *off, int by)
{
	*off += by;
}

static void
shiftall(Diag *x, int by)
{
	shift(&x->sb, by), shift(&x->se, by), shift(&x->rb, by), shift(&x->re, by), shift(&x->target, by);
	for (int k = 0; k < x->members.n; k++)
		shift(&x->members.v[k], by);
	for (int k = 0; k < x->edits.n; k++)
		shift(&x->edits.v[k].off, by);
}

/* Where the edit [a, b) -> a + by + (b - a) takes a point that starts
 * something (an insertion there goes before it) or ends something (an
 * insertion there goes after it); a point inside the edit goes to its start. */
static void
carrystart(int *o, int a, int b, int by)
{
	if (*o >= b)
		*o += by;
	else if (*o > a)
		*o = a;
}

static void
carryend(int *o, int a, int b, int by)
{
	if (*o > a && *o >= b)
		*o += by;
	else if (*o > a)
		*o = a;
}

/* Carries x through the edit [a, b) -> n bytes of the text s; false when
 * the edit touches what x rests on. The newline ending the line before the
 * region counts as part of it: the move deletes whole lines, and joining
 * the first of them to the line above would make that wrong. */
static bool
follow(Diag *x, const char *s, int a, int b, int n)
{
	int by = n - (b - a);
	int guard = x->rb > 0 && s[x->rb - 1] == '\n' ? x->rb - 1 : x->rb;
	bool before = a == b ? a <= x->rb : b <= guard;
	carrystart(&x->stop, a, b, by);
	carrystart(&x->pb, a, b, by);
	carryend(&x->pe, a, b, by);
	if (before)
		shiftall(x, by);
	return before || a >= x->re;
}

/* The smallest edit with the same result: the common start and end of the
 * old and new text are not edited. Editors that send a whole line (or the
 * whole document) for a one-character change would otherwise drop every
 * diagnostic on it. */
static void
trim(const Text *t, int *a, int *b, const char **s, size_t *n)
{
	while (*a < *b && *n && t->s[*a] == **s)
		(*a)++, (*s)++, (*n)--;
	while (*a < *b && *n && t->s[*b - 1] == (*s)[*n - 1])
		(*b)--, (*n)--;
}

/* Replaces bytes [a, b) of the buffer with s[0, n). */
void
doc_edit(Doc *d, int a, int b, const char *s, size_t n)
{
	trim(&d->t, &a, &b, &s, &n);
	if (a == b && !n)
		return;
	if (d->tree) {
		TSPoint p = pointat(&d->t, a);
		TSInputEdit e = {(uint32_t)a, (uint32_t)b, (uint32_t)(a + (int)n), p, pointat(&d->t, b),
		                 pointafter(p, s, n)};
		ts_tree_edit(d->tree, &e);
	}
	int k = 0;
	for (int i = 0; i < d->diags.n; i++)
		if (follow(&d->diags.v[i], d->t.s, a, b, (int)n))
			d->diags.v[k++] = d->diags.v[i];
		else
			diag_free(&d->diags.v[i]);
	d->diags.n = k;
	text_splice(&d->t, a, b, s, n);
	d->stale = true;
	d->fresh = false;
}

/* After a didChange's edits: the new tree, parsed from the edited old one,
 * and only the diagnostics whose statement is still what it was. */
void
doc_reparse(Doc *d)
{
	if (!d->tree)
		return;
	TSTree *t = ts_parser_parse_string(d->ps, d->tree, d->t.s, (uint32_t)d->t.len);
	if (!t)
		return;
	ts_tree_delete(d->tree);
	d->tree = t;
	int k = 0;
	for (int i = 0; i < d->diags.n; i++)
		if (d->diags.v[i].kind < 0 || sameanchor(d, &d->diags.v[i]))
			d->diags.v[k++] = d->diags.v[i];
		else
			diag_free(&d->diags.v[i]);
	d->diags.n = k;
}

static int
hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* The path of a file: URI (percent escapes decoded), or NULL for other
 * schemes and for escapes that decode to a NUL. */
char *
uripath(const char *uri)
{
	if (strncmp(uri, "file://", 7))
		return NULL;
	const char *p = uri + 7;
	if (*p != '/') /* file://host/path: the host is this machine */
		p = strchr(p, '/');
	if (!p)
		return NULL;
	Buf b = {0};
	for (; *p; p++) {
		int hi, lo;
		if (*p == '%' && (hi = hexval(p[1])) >= 0 && (lo = hexval(p[2])) >= 0) {
			char c = (char)(hi * 16 + lo);
			if (!c) {
				free(b.v);
				return NULL;
			}
			bputn(&b, &c, 1);
			p += 2;
		} else
			bputn(&b, p, 1);
	}
	return bstr(&b);
}
