/* compose.c: edits made in rounds, each round on the text the one before
 * left, as edits of the original file (driver/fixpoint.c runs the rounds).
 * The text is kept as pieces: spans of the original, and new text with the
 * change that wrote it (its owner). A round's edits cut and splice the
 * pieces, and the original bytes an edit removes are remembered with their
 * owner (a Cut). At the end each stretch of the original between two spans
 * that survive becomes edits of the original: the new text between them,
 * one insertion per owner, and the removed bytes, one deletion per owner.
 * An edit that rewrites text another change wrote joins the two changes
 * (union-find over owners): they made one change together, which the
 * report lists once, with both passes. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"

/* ---------------------------------------------------------------- owners */

int
ufind(Ints *uf, int x)
{
	while (uf->v[x] != x)
		x = uf->v[x] = uf->v[uf->v[x]];
	return x;
}

void
ujoin(Ints *uf, int a, int b)
{
	a = ufind(uf, a);
	b = ufind(uf, b);
	if (a != b)
		uf->v[a > b ? a : b] = a < b ? a : b; /* the earlier change is the root */
}

/* ---------------------------------------------------------------- pieces */

void
layinit(Layers *l, const char *src, size_t len)
{
	memset(l, 0, sizeof *l);
	l->src = src;
	l->len = (int)len;
	l->lines = linestarts(src, len, &l->nlines);
	if (len) {
		Piece p = {0, (int)len, NULL, (int)len, -1, false};
		vpush(l->p, p);
	}
}

void
layfree(Layers *l)
{
	for (int i = 0; i < l->p.n; i++)
		free(l->p.v[i].text);
	vfree(l->p);
	vfree(l->cuts);
	free(l->lines);
}

/* Bytes [a, b) of piece p, as a piece of its own. */
static Piece
part(const Piece *p, int a, int b)
{
	Piece q = *p;
	q.len = b - a;
	if (p->text)
		q.text = xstrndup(p->text + a, b - a);
	else {
		q.ob = p->ob + a;
		q.oe = p->ob + b;
	}
	return q;
}

/* Where byte k of piece p stands in the original. */
static int
origof(const Piece *p, int k)
{
	return p->text ? p->ob : p->ob + k;
}

/* A walk over the current text, piece by piece, that copies or removes. */
typedef struct {
	Layers *l;
	VEC(Piece) out;
	int i, k, at; /* piece, byte in it, offset in the text */
} Walk;

static int
origat(const Walk *w)
{
	return w->i < w->l->p.n ? origof(&w->l->p.v[w->i], w->k) : w->l->len;
}

/* Copies the text up to offset to. */
static void
keepto(Walk *w, int to)
{
	while (w->at < to) {
		Piece *p = &w->l->p.v[w->i];
		int b = p->len - w->k < to - w->at ? p->len : w->k + (to - w->at);
		vpush(w->out, part(p, w->k, b));
		w->at += b - w->k;
		w->k = b;
		if (w->k == p->len)
			w->i++, w->k = 0;
	}
}

/* Removes the text up to offset to for owner: original bytes become cuts,
 * another change's text joins its owner to this one (not for an edit two
 * changes share, which each makes on its own). */
static void
cutto(Walk *w, int to, int owner, bool shared, Ints *uf)
{
	while (w->at < to) {
		Piece *p = &w->l->p.v[w->i];
		int b = p->len - w->k < to - w->at ? p->len : w->k + (to - w->at);
		if (!p->text) {
			Cut c = {p->ob + w->k, p->ob + b, owner};
			vpush(w->l->cuts, c);
		} else if (!shared)
			ujoin(uf, owner, p->owner);
		w->at += b - w->k;
		w->k = b;
		if (w->k == p->len)
			w->i++, w->k = 0;
	}
}

static int
curlen(const Layers *l)
{
	int n = 0;
	for (int i = 0; i < l->p.n; i++)
		n += l->p.v[i].len;
	return n;
}

/* The order applyedits applies e in (stable: equal edits keep theirs). */
static int *
order(const Edits *e)
{
	int *ord = xcalloc(e->n + 1, sizeof *ord);
	for (int i = 0; i < e->n; i++) {
		int k = i;
		while (k > 0 && editorder(&e->v[ord[k - 1]], &e->v[i]) > 0) {
			ord[k] = ord[k - 1];
			k--;
		}
		ord[k] = i;
	}
	return ord;
}

/* Which of e (in order ord) are made, as applyedits makes them; NULL and
 * why when they overlap or overrun the current text. */
static bool *
made(const Layers *l, const Edits *e, const int *ord, char **why)
{
	bool *m = xcalloc(e->n + 1, sizeof *m);
	int len = curlen(l), reach = 0, delb = 0;
	const Edit *prev = NULL;
	for (int i = 0; i < e->n; i++) {
		const Edit *x = &e->v[ord[i]];
		if (editskip(x, prev, delb, reach))
			continue;
		prev = x;
		if (x->off < reach || x->off < 0 || x->off + x->len > len) {
			*why = fmt("edits overlap at byte %d", x->off);
			free(m);
			return NULL;
		}
		if (x->off + x->len > reach)
			delb = x->off, reach = x->off + x->len;
		m[i] = true;
	}
	return m;
}

/* NULL when edits e of the current text can be applied, else why not. */
char *
laycheck(const Layers *l, const Edits *e)
{
	int *ord = order(e);
	char *why = NULL;
	free(made(l, e, ord, &why));
	free(ord);
	return why;
}

/* Edits of the current text (owner[k]: the change of edit k), which
 * laycheck passed, applied in the order applyedits applies them. */
void
layapply(Layers *l, const Edits *e, const int *owner, Ints *uf)
{
	int *ord = order(e), len = curlen(l);
	char *why = NULL;
	bool *m = made(l, e, ord, &why);
	Walk w = {l, {0}, 0, 0, 0};
	int last = -1; /* the last edit made */
	for (int i = 0; i < e->n; i++) {
		const Edit *x = &e->v[ord[i]];
		if (!m[i]) { /* made already: a block several changes share joins them, a line split does not */
			if (last >= 0 && x->seq != EDIT_SHARED && sameedit(x, &e->v[ord[last]]))
				ujoin(uf, owner[ord[i]], owner[ord[last]]);
			continue;
		}
		last = i;
		keepto(&w, x->off);
		int own = owner[ord[i]];
		bool shared = x->shared;
		if (!shared && w.i < l->p.n && w.k > 0 && l->p.v[w.i].text)
			ujoin(uf, own, l->p.v[w.i].owner); /* into the middle of another change's text */
		int at = origat(&w);
		cutto(&w, x->off + x->len, own, shared, uf);
		if (*x->text) {
			Piece p = {at, at, xstrdup(x->text), (int)strlen(x->text), own, x->len > 0};
			vpush(w.out, p);
		}
	}
	keepto(&w, len);
	for (int i = 0; i < l->p.n; i++)
		free(l->p.v[i].text);
	vfree(l->p);
	l->p.v = w.out.v;
	l->p.n = w.out.n;
	l->p.cap = w.out.cap;
	free(ord);
	free(m);
}

char *
laytext(const Layers *l, size_t *len)
{
	Buf b = {0};
	for (int i = 0; i < l->p.n; i++) {
		const Piece *p = &l->p.v[i];
		bputn(&b, p->text ? p->text : l->src + p->ob, p->len);
	}
	*len = b.n;
	return bstr(&b);
}

/* The piece holding offset off of the current text, and off within it;
 * l->p.n at the end. */
static int
pieceat(const Layers *l, int off, int *k)
{
	int at = 0;
	for (int i = 0; i < l->p.n; i++) {
		if (off < at + l->p.v[i].len) {
			*k = off - at;
			return i;
		}
		at += l->p.v[i].len;
	}
	*k = 0;
	return l->p.n;
}

/* Where offset off of the current text stands in the original. */
int
layorig(const Layers *l, int off)
{
	int k, i = pieceat(l, off, &k);
	return i < l->p.n ? origof(&l->p.v[i], k) : l->len;
}

/* The change that wrote bytes [b, e) of the current text when all of them
 * are new text, else -1; *replaced: that text replaced other text. */
int
layowner(const Layers *l, int b, int e, bool *replaced)
{
	int k, i = pieceat(l, b, &k), owner = -1;
	for (int at = b - k; i < l->p.n && at < (e > b ? e : b + 1); at += l->p.v[i++].len) {
		if (!l->p.v[i].text)
			return -1;
		if (owner < 0) {
			owner = l->p.v[i].owner;
			*replaced = l->p.v[i].replaced;
		}
	}
	return owner;
}

/* Per line of text (the current one): its line in the original. */
int *
laylines(const Layers *l, const char *text, size_t len)
{
	int n, *starts = linestarts(text, len, &n);
	for (int i = 0; i < n; i++)
		starts[i] = lineof(l->lines, l->nlines, layorig(l, starts[i]));
	return starts;
}

/* ---------------------------------------------------------------- edits of the original */

static int
bycut(const void *a, const void *b)
{
	return ((const Cut *)a)->ob - ((const Cut *)b)->ob;
}

static void
addowned(Edits *out, Ints *owners, int off, int len, char *text, int owner)
{
	Edit x = {off, len, text, out->n, false, NULL};
	vpush(*out, x);
	vpush(*owners, owner);
}

/* Does every new piece in [pi, pe) stand where the one before it does or
 * later? Then each can go in at its own place. */
static bool
inorder(const Layers *l, int a, int b, int pi, int pe)
{
	for (int i = pi; i < pe; i++)
		if (l->p.v[i].ob < a || l->p.v[i].ob > b || (i > pi && l->p.v[i].ob < l->p.v[i - 1].ob))
			return false;
	return true;
}

/* The stretch [a, b) of the original, which the surviving spans skip, and
 * the new pieces [pi, pe) standing there: each run of one change's text
 * goes in where it was put (else all at a, in order), and the removed
 * bytes go as deletions of their changes, split where text goes in, so
 * that no two changes' insertions share an offset where that can be helped
 * (the machine formats cannot order those). */
static void
gap(const Layers *l, int a, int b, int pi, int pe, Edits *out, Ints *owners)
{
	bool own = inorder(l, a, b, pi, pe);
	Ints at = {0}; /* insertion offsets */
	for (int i = pi; i < pe;) {
		Buf t = {0};
		int who = l->p.v[i].owner, ob = own ? l->p.v[i].ob : a;
		for (; i < pe && l->p.v[i].owner == who && (own ? l->p.v[i].ob : a) == ob; i++)
			bputn(&t, l->p.v[i].text, l->p.v[i].len);
		addowned(out, owners, ob, 0, bstr(&t), who);
		vpush(at, ob);
	}
	for (int c = 0; c < l->cuts.n;) {
		const Cut *x = &l->cuts.v[c];
		if (x->ob < a || x->oe > b || x->ob == x->oe) {
			c++;
			continue;
		}
		int from = x->ob, end = x->oe;
		for (c++; c < l->cuts.n && l->cuts.v[c].ob == end && l->cuts.v[c].owner == x->owner; c++)
			end = l->cuts.v[c].oe;
		for (int k = 0; k < at.n; k++) /* split where text goes in */
			if (at.v[k] > from && at.v[k] < end) {
				addowned(out, owners, from, at.v[k] - from, xstrdup(""), x->owner);
				from = at.v[k];
			}
		addowned(out, owners, from, end - from, xstrdup(""), x->owner);
	}
	vfree(at);
}

/* The rounds' edits as edits of the original, in order, each with the
 * change it belongs to in owners (before joining). */
void
layedits(Layers *l, Edits *out, Ints *owners)
{
	qsort(l->cuts.v, l->cuts.n, sizeof *l->cuts.v, bycut);
	int prev = 0, pi = 0;
	for (int i = 0; i <= l->p.n; i++) {
		if (i < l->p.n && l->p.v[i].text)
			continue;
		int next = i < l->p.n ? l->p.v[i].ob : l->len;
		if (prev < next || pi < i)
			gap(l, prev, next, pi, i, out, owners);
		if (i < l->p.n)
			prev = l->p.v[i].oe;
		pi = i + 1;
	}
}
