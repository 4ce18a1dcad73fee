/* common.c: what the machine report formats (JSON, SARIF, export-fixes)
 * share: a file's edits in the order the edit engine applies them (an edit
 * several changes share listed once, under the first), byte offsets as
 * lines and columns, and strings made safe for JSON and YAML. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "report/report.h"

static int
byorder(const void *a, const void *b)
{
	const EditRef *x = a, *y = b;
	int d = editorder(x->e, y->e);
	return d ? d : x->change - y->change;
}

void
fileedits(const Report *r, const Unit *u, EditRefs *out)
{
	out->n = 0;
	for (int c = 0; c < r->plan->n; c++) {
		const Change *ch = &r->plan->v[c];
		for (int k = 0; ch->kind == CH_MOVE && k < ch->edits.n; k++)
			if (editunit(ch, &ch->edits.v[k]) == u) {
				EditRef ref = {&ch->edits.v[k], c};
				vpush(*out, ref);
			}
	}
	qsort(out->v, out->n, sizeof *out->v, byorder);
	int k = 0, reach = 0, delb = 0; /* as the edit engine makes them: a shared edit once */
	const Edit *prev = NULL;
	for (int i = 0; i < out->n; i++) {
		const Edit *x = out->v[i].e;
		if (editskip(x, prev, delb, reach))
			continue;
		prev = x;
		if (x->off + x->len > reach)
			delb = x->off, reach = x->off + x->len;
		out->v[k++] = out->v[i];
	}
	out->n = k;
}

bool
editsapplied(const Report *r, const Unit *u)
{
	for (int i = 0; i < r->nunits; i++)
		if (r->units[i] == u)
			return !u->refused && !u->skipped && !(r->editerr && r->editerr[i]);
	return false;
}

int
unitcol(const Unit *u, int off)
{
	return off - u->lines[lineof(u->lines, u->nlines, off) - 1] + 1;
}

/* UTF-16 code units: one per UTF-8 lead byte, two for a 4-byte sequence,
 * none for continuation bytes (an invalid byte counts as one). */
int
unitcol16(const Unit *u, int off)
{
	int col = 1;
	for (int i = u->lines[lineof(u->lines, u->nlines, off) - 1]; i < off; i++) {
		unsigned char ch = (unsigned char)u->src[i];
		if ((ch & 0xC0) != 0x80)
			col += ch >= 0xF0 && ch <= 0xF4 ? 2 : 1;
	}
	return col;
}

/* Length of the UTF-8 sequence a lead byte starts, or 0. */
static int
leadlen(unsigned char c)
{
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		return 2;
	if (c >= 0xE0 && c <= 0xEF)
		return 3;
	if (c >= 0xF0 && c <= 0xF4)
		return 4;
	return 0;
}

/* Length of the valid UTF-8 sequence at s (RFC 3629: no overlongs, no
 * surrogates, nothing above U+10FFFF), or 0. */
static int
utf8len(const unsigned char *s, size_t n)
{
	int len = leadlen(s[0]);
	if (!len || (size_t)len > n)
		return 0;
	for (int i = 1; i < len; i++)
		if ((s[i] & 0xC0) != 0x80)
			return 0;
	if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] > 0x9F) || (s[0] == 0xF0 && s[1] < 0x90) ||
	    (s[0] == 0xF4 && s[1] > 0x8F))
		return 0;
	return len;
}

char *
utf8clean(const char *s, size_t n)
{
	Buf b = {0};
	for (size_t i = 0; i < n;) {
		int len = utf8len((const unsigned char *)s + i, n - i);
		if (len) {
			bputn(&b, s + i, len);
			i += len;
		} else {
			bputs(&b, "\xEF\xBF\xBD");
			i++;
		}
	}
	return bstr(&b);
}

/* Did the run ask for the pass? (No --passes: sync alone.) */
bool
ranpass(const Report *r, int pass)
{
	return passset(r->passes ? r->passes : "sync") & (1u << pass);
}

static void
count(Tally *t, const Change *c)
{
	bool move = c->kind == CH_MOVE;
	if (c->pass == PASS_VERIFY) {
		t->verified += c->how == VF_SAME;
		t->differs += c->how == VF_DIFFERS;
		t->unverifiable += c->how == VF_CANNOT;
		t->runs += c->calls;
	} else if (c->pass == PASS_FUSE) {
		t->groups += move;
		t->fused += move ? c->members.n : 0;
		t->after += move ? c->calls : 0;
		t->fkept += !move;
	} else if (c->pass == PASS_PIN) {
		t->pinned += move && (c->how == PN_PIN || c->how == PN_REGISTER);
		t->split += move && c->how == PN_SPLIT ? c->members.n : 0;
		t->pkept += !move;
	} else if (c->pass == PASS_COPIES) {
		t->hoisted += move && c->how == CP_HOIST;
		t->sunk += move && c->how == CP_SINK;
		t->removed += move && (c->how == CP_REMOVE || c->how == CP_RESYNC);
		t->ckept += !move;
	} else {
		t->moved += move;
		t->synced += move ? c->members.n : 0;
		t->kept += !move;
	}
	for (int k = 0; k < c->also.n; k++)
		count(t, &c->also.v[k]);
}

void
tally(const Report *r, Tally *t)
{
	memset(t, 0, sizeof *t);
	for (int i = 0; i < r->plan->n; i++)
		count(t, &r->plan->v[i]);
	for (int i = 0; i < r->nunits; i++) {
		t->refused += r->units[i]->refused != NULL;
		t->skipped += r->units[i]->skipped && !r->units[i]->hostonly;
		t->hostonly += r->units[i]->hostonly;
		t->changed += r->changed[i];
	}
	t->analysed = r->nunits - t->refused - t->skipped - t->hostonly;
}
