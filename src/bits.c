/* bits.c: dense bit sets for locations and CFG nodes. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"

Bits
bnew(int n)
{
	Bits b;
	b.nw = (n + 63) / 64;
	b.w = xcalloc(b.nw ? b.nw : 1, sizeof *b.w);
	return b;
}

void
bfree(Bits *b)
{
	free(b->w);
	b->w = NULL;
	b->nw = 0;
}

void
bset(Bits *b, int i)
{
	b->w[i / 64] |= 1ull << (i % 64);
}

void
bclr(Bits *b, int i)
{
	b->w[i / 64] &= ~(1ull << (i % 64));
}

bool
bhas(const Bits *b, int i)
{
	return i / 64 < b->nw && (b->w[i / 64] >> (i % 64) & 1);
}

bool
bor(Bits *dst, const Bits *src)
{
	bool ch = false;
	for (int i = 0; i < src->nw && i < dst->nw; i++) {
		uint64_t w = dst->w[i] | src->w[i];
		ch |= w != dst->w[i];
		dst->w[i] = w;
	}
	return ch;
}

bool
bmeets(const Bits *a, const Bits *b)
{
	return bfirst_common(a, b) >= 0;
}

int
bfirst_common(const Bits *a, const Bits *b)
{
	int n = a->nw < b->nw ? a->nw : b->nw;
	for (int i = 0; i < n; i++)
		if (a->w[i] & b->w[i])
			return i * 64 + __builtin_ctzll(a->w[i] & b->w[i]);
	return -1;
}

bool
bempty(const Bits *b)
{
	for (int i = 0; i < b->nw; i++)
		if (b->w[i])
			return false;
	return true;
}

int
bnext(const Bits *b, int from)
{
	if (from < 0)
		from = 0;
	for (int i = from / 64; i < b->nw; i++) {
		uint64_t w = b->w[i];
		if (i == from / 64)
			w &= ~0ull << (from % 64);
		if (w)
			return i * 64 + __builtin_ctzll(w);
	}
	return -1;
}

void
bassign(Bits *dst, const Bits *src)
{
	memcpy(dst->w, src->w, sizeof *dst->w * (size_t)(dst->nw < src->nw ? dst->nw : src->nw));
}

void
bclear(Bits *b)
{
	memset(b->w, 0, sizeof *b->w * (size_t)b->nw);
}
