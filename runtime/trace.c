/* trace.c: the counters, the known device ranges and the JSON of the
 * transfer trace (trace.h; the definitions are in doc/trace.md).
 *
 * Redundancy needs to know what a destination holds. For host destinations
 * the caller compares the bytes (it can read them). Device memory the
 * GPU-side library cannot read, so both sides keep the same model of it: a
 * range is known when the last thing that wrote it was a traced transfer
 * of a known payload (the hash of its bytes), and stops being known when
 * anything overlapping it is written, freed, or when any kernel runs (a
 * launch may write anything). The CPU runtime could read device memory, but
 * uses the same model so that a program gives the same numbers on both.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trace.h"

/* At most this many known ranges: past it, all are forgotten, which only
 * makes later transfers look new (never redundant by mistake). */
#define MAX_RECS 4096

void trace_open(struct trace *t, const char *path)
{
	memset(t, 0, sizeof *t);
	if (path && *path)
		t->path = strdup(path);
}

void trace_call(struct trace *t)
{
	t->calls++;
}

void trace_alloc(struct trace *t, size_t bytes)
{
	t->n[TRACE_ALLOC].count++;
	t->n[TRACE_ALLOC].bytes += bytes;
}

size_t trace_bytes(const struct trace_box *b)
{
	return b->width * b->height * b->depth;
}

/* ---- hashing: 8 bytes a step, FNV-1a's multiply with a shift so that high
 * bits reach low ones, a final avalanche; the shape goes in first, so equal
 * hashes mean equal bytes laid out the same way (up to collisions). */

#define PRIME 0x100000001b3ULL

static uint64_t mix(uint64_t h, uint64_t w)
{
	h = (h ^ w) * PRIME;
	return h ^ (h >> 29);
}

static uint64_t finish(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return h;
}

static uint64_t shape(const struct trace_box *b)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	h = mix(h, b->width);
	h = mix(h, b->height);
	h = mix(h, b->depth);
	return h;
}

static uint64_t row(uint64_t h, const unsigned char *p, size_t n)
{
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, p + i, 8);
		h = mix(h, w);
	}
	for (; i < n; i++)
		h = mix(h, p[i]);
	return h;
}

/* A row of n copies of one byte hashes as row() over those bytes would. */
static uint64_t fill_row(uint64_t h, int v, size_t n)
{
	uint64_t w;
	memset(&w, v, 8);
	size_t i = 0;
	for (; i + 8 <= n; i += 8)
		h = mix(h, w);
	for (; i < n; i++)
		h = mix(h, (unsigned char)v);
	return h;
}

static uint64_t box_hash(const struct trace_box *b, const unsigned char *p, size_t pitch, size_t slice)
{
	uint64_t h = shape(b);
	for (size_t z = 0; z < b->depth; z++)
		for (size_t y = 0; y < b->height; y++)
			h = p ? row(h, p + z * slice + y * pitch, b->width) : fill_row(h, b->value, b->width);
	return finish(h);
}

uint64_t trace_payload(const struct trace_box *b)
{
	return box_hash(b, b->src, b->spitch, b->sslice);
}

uint64_t trace_dst_hash(const struct trace_box *b)
{
	return box_hash(b, (const unsigned char *)b->dst, b->dpitch, b->dslice);
}

/* ---- known device ranges ---------------------------------------------- */

/* Bytes from a box's first byte to one past its last (boxes are non-empty). */
static size_t span(const struct trace_box *b, size_t pitch, size_t slice)
{
	return (b->depth - 1) * slice + (b->height - 1) * pitch + b->width;
}

/* Index of the first range whose base is at or above p. */
static size_t lower(const struct trace *t, uintptr_t p)
{
	size_t lo = 0, hi = t->nrecs;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->recs[mid].base < p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static const struct trace_rec *exact(const struct trace *t, uintptr_t base, size_t len)
{
	size_t i = lower(t, base);
	if (i < t->nrecs && t->recs[i].base == base && t->recs[i].len == len)
		return &t->recs[i];
	return NULL;
}

int trace_known(const struct trace *t, const struct trace_box *b, uint64_t *hash)
{
	if (b->height != 1 || b->depth != 1)
		return 0;
	const struct trace_rec *r = exact(t, (uintptr_t)b->src, b->width);
	if (r)
		*hash = r->hash;
	return r != NULL;
}

void trace_forget(struct trace *t, uintptr_t base, size_t len)
{
	size_t i = lower(t, base), j = i;
	if (i > 0 && t->recs[i - 1].base + t->recs[i - 1].len > base)
		i--;
	while (j < t->nrecs && t->recs[j].base < base + len)
		j++;
	memmove(&t->recs[i], &t->recs[j], (t->nrecs - j) * sizeof t->recs[0]);
	t->nrecs -= j - i;
}

/* Record [base, base + len) as holding hash; it overlaps no other range. */
static void remember(struct trace *t, uintptr_t base, size_t len, uint64_t hash)
{
	if (t->nrecs == MAX_RECS)
		t->nrecs = 0;
	if (t->nrecs == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 64;
		struct trace_rec *n = realloc(t->recs, cap * sizeof *n);
		if (!n)
			return; /* out of memory: the range stays unknown */
		t->recs = n;
		t->cap = cap;
	}
	size_t i = lower(t, base);
	memmove(&t->recs[i + 1], &t->recs[i], (t->nrecs - i) * sizeof t->recs[0]);
	t->recs[i] = (struct trace_rec){base, len, hash};
	t->nrecs++;
}

static void count(struct trace *t, enum trace_dir d, const struct trace_box *b, int redundant)
{
	size_t n = trace_bytes(b);
	t->n[d].count++;
	t->n[d].bytes += n;
	if (redundant) {
		t->redundant.count++;
		t->redundant.bytes += n;
	}
}

void trace_device_write(struct trace *t, enum trace_dir d, const struct trace_box *b, int known,
			uint64_t hash)
{
	size_t len = span(b, b->dpitch, b->dslice);
	const struct trace_rec *r = exact(t, b->dst, len);
	count(t, d, b, known && r && r->hash == hash);
	trace_forget(t, b->dst, len);
	if (known)
		remember(t, b->dst, len, hash);
}

void trace_host_write(struct trace *t, const struct trace_box *b, int same)
{
	count(t, TRACE_D2H, b, same);
}

void trace_launch(struct trace *t)
{
	t->nrecs = 0;
}

/* ---- the JSON ------------------------------------------------------------ */

static void put_count(FILE *f, const char *name, const struct trace_count *c)
{
	fprintf(f, "\"%s\":{\"count\":%llu,\"bytes\":%llu},", name, c->count, c->bytes);
}

int trace_write(const struct trace *t)
{
	static const char *const names[TRACE_NDIR] = {"h2d", "d2h", "d2d", "memset", "alloc"};
	size_t n = strlen(t->path) + 32;
	char *tmp = malloc(n);
	if (!tmp)
		return -1;
	snprintf(tmp, n, "%s.%ld.tmp", t->path, (long)getpid());
	FILE *f = fopen(tmp, "w");
	int ok = f != NULL;
	if (ok) {
		fputc('{', f);
		for (int d = 0; d < TRACE_NDIR; d++)
			put_count(f, names[d], &t->n[d]);
		fprintf(f, "\"calls\":%llu,\"redundant\":{\"count\":%llu,\"bytes\":%llu}", t->calls,
			t->redundant.count, t->redundant.bytes);
		if (t->timed)
			fprintf(f, ",\"seconds\":{\"copies\":%.6f,\"run\":%.6f}", t->copy_s, t->run_s);
		fputs("}\n", f);
		ok = fflush(f) == 0 && fsync(fileno(f)) == 0;
		ok = (fclose(f) == 0) && ok;
		ok = ok && rename(tmp, t->path) == 0;
	}
	int err = errno;
	if (!ok)
		unlink(tmp);
	free(tmp);
	errno = err;
	return ok ? 0 : -1;
}
