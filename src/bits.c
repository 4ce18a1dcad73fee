/* bits.c: sets of small integers (abstract locations, CFG nodes), sparse:
 * only the nonzero 64-bit words are kept, by increasing index. A program's
 * every variable has a points-to set over all its locations; dense sets
 * made that memory grow with the square of the program's size, sparse
 * ones grow with what the sets hold. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"

Bits
bnew(int n)
{
	Bits b = {xmalloc(sizeof *b.w), 0, 1, (n + 63) / 64};
	return b;
}

void
bfree(Bits *b)
{
	free(b->w);
	*b = (Bits){0};
}

/* Position of the first word with index >= at. */
static int
find(const Bits *b, int at)
{
	int lo = 0, hi = b->n;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (b->w[mid].at < at)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void
room(Bits *b, int need)
{
	if (need <= b->cap)
		return;
	b->cap = b->cap * 2 > need ? b->cap * 2 : need;
	b->w = xrealloc(b->w, (size_t)b->cap * sizeof *b->w);
}

void
bset(Bits *b, int i)
{
	int at = i / 64, k = find(b, at);
	if (at >= b->nw)
		return; /* past the set's range: nothing to hold it, as with a dense set's bounds */
	if (k == b->n || b->w[k].at != at) {
		room(b, b->n + 1);
		memmove(&b->w[k + 1], &b->w[k], (size_t)(b->n - k) * sizeof *b->w);
		b->w[k] = (BWord){at, 0};
		b->n++;
	}
	b->w[k].bits |= 1ull << (i % 64);
}

void
bclr(Bits *b, int i)
{
	int at = i / 64, k = find(b, at);
	if (k == b->n || b->w[k].at != at)
		return;
	b->w[k].bits &= ~(1ull << (i % 64));
	if (!b->w[k].bits) { /* no zero words: bempty is n == 0 */
		memmove(&b->w[k], &b->w[k + 1], (size_t)(b->n - k - 1) * sizeof *b->w);
		b->n--;
	}
}

bool
bhas(const Bits *b, int i)
{
	int k = find(b, i / 64);
	return k < b->n && b->w[k].at == i / 64 && (b->w[k].bits >> (i % 64) & 1);
}

/* dst |= src, in place when dst already has every word src has, else by a
 * merge into a new array. */
bool
bor(Bits *dst, const Bits *src)
{
	int fresh = 0;
	bool ch = false;
	for (int i = 0, k = 0; i < src->n && src->w[i].at < dst->nw; i++) {
		while (k < dst->n && dst->w[k].at < src->w[i].at)
			k++;
		if (k < dst->n && dst->w[k].at == src->w[i].at)
			ch |= (src->w[i].bits & ~dst->w[k].bits) != 0;
		else
			fresh++;
	}
	if (!fresh && !ch)
		return false;
	BWord *out = fresh ? xmalloc((size_t)(dst->n + fresh) * sizeof *out) : dst->w;
	int n = 0, i = 0, k = 0;
	while (i < src->n && src->w[i].at < dst->nw) {
		if (k < dst->n && dst->w[k].at < src->w[i].at)
			out[n++] = dst->w[k++];
		else if (k < dst->n && dst->w[k].at == src->w[i].at) {
			out[n] = dst->w[k++];
			out[n++].bits |= src->w[i++].bits;
		} else
			out[n++] = src->w[i++];
	}
	while (k < dst->n)
		out[n++] = dst->w[k++];
	if (fresh) {
		free(dst->w);
		dst->w = out;
		dst->cap = n;
	}
	dst->n = n;
	return true;
}

bool
bmeets(const Bits *a, const Bits *b)
{
	return bfirst_common(a, b) >= 0;
}

int
bfirst_common(const Bits *a, const Bits *b)
{
	for (int i = 0, k = 0; i < a->n && k < b->n;) {
		if (a->w[i].at < b->w[k].at)
			i++;
		else if (a->w[i].at > b->w[k].at)
			k++;
		else if (a->w[i].bits & b->w[k].bits)
			return a->w[i].at * 64 + __builtin_ctzll(a->w[i].bits & b->w[k].bits);
		else
			i++, k++;
	}
	return -1;
}

bool
bempty(const Bits *b)
{
	return b->n == 0;
}

int
bnext(const Bits *b, int from)
{
	if (from < 0)
		from = 0;
	for (int k = find(b, from / 64); k < b->n; k++) {
		uint64_t w = b->w[k].bits;
		if (b->w[k].at == from / 64)
			w &= ~0ull << (from % 64);
		if (w)
			return b->w[k].at * 64 + __builtin_ctzll(w);
	}
	return -1;
}

void
bassign(Bits *dst, const Bits *src)
{
	int n = find(src, dst->nw); /* the words within dst's range */
	room(dst, n);
	memcpy(dst->w, src->w, (size_t)n * sizeof *dst->w);
	dst->n = n;
}

void
bclear(Bits *b)
{
	b->n = 0;
}
