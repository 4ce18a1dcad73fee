/* analyse.c: one editor buffer through cuflow's pipeline, as `cuflow FILE`
 * would run it (the command line's options, -p flags for the file), with
 * the buffer standing in for the file on disk; each Change of the plan
 * becomes a diagnostic in the buffer's bytes. The buffer is analysed as a
 * program of its own: kernels defined in other files are unknown code. The
 * document keeps its translation unit, so an analysis after an edit reparses
 * only the buffer, on the precompiled preamble of its includes. */
#include <stdlib.h>
#include <string.h>

#include "lsp/lsp.h"

/* The flags -p gives the file (its compile command's), or NULL. */
static const Strs *
dbflagsof(const Analyser *a, const char *path)
{
	char *real = realpath(path, NULL);
	const Strs *f = NULL;
	for (int k = 0; real && k < a->dbfiles.n && !f; k++)
		if (!strcmp(real, a->dbfiles.v[k]))
			f = &a->dbflags[k];
	free(real);
	return f;
}

static int
minint(int a, int b)
{
	return a < b ? a : b;
}

static int
maxint(int a, int b)
{
	return a > b ? a : b;
}

static Diag
todiag(const Unit *u, const Change *c)
{
	Diag x = {0};
	x.kind = c->kind;
	x.pass = c->pass;
	x.how = c->how;
	x.safe = c->safe ? xstrdup(c->safe) : NULL;
	x.sb = x.rb = c->begin;
	x.se = x.re = c->end;
	x.target = -1;
	x.stop = c->stopline > 0 ? lineoffset(u->lines, u->nlines, c->stopline) : -1;
	for (int k = 0; k < c->members.n; k++)
		vpush(x.members, lineoffset(u->lines, u->nlines, c->members.v[k]));
	x.toend = c->toend;
	x.overlap = c->overlap;
	x.calls = c->calls;
	x.call = xstrdup(c->call);
	x.why = xstrdup(c->stop ? c->stop : "");
	for (int k = 0; c->kind == CH_MOVE && k < c->edits.n; k++) {
		Edit e = c->edits.v[k];
		e.text = xstrdup(e.text);
		vpush(x.edits, e);
		x.rb = minint(x.rb, e.off);
		x.re = maxint(x.re, e.off + e.len);
		if (e.len == 0)
			x.target = e.off;
	}
	return x;
}

/* A diagnostic saying why the buffer was not analysed, placed at the
 * first error when it is in this file. */
static void
refusalnote(const Unit *u, const char *path, Diag *note)
{
	memset(note, 0, sizeof *note);
	note->kind = -1;
	note->target = note->stop = -1;
	note->why = u->fixhint ? fmt("%s; try %s", u->refused, u->fixhint) : xstrdup(u->refused);
	size_t n = strlen(path);
	unsigned line, col;
	if (!strncmp(u->refused, path, n) && sscanf(u->refused + n, ":%u:%u:", &line, &col) == 2 && line >= 1 &&
	    (int)line <= u->nlines) {
		int off = u->lines[line - 1] + (int)col - 1;
		int end = (int)line < u->nlines ? u->lines[line] - 1 : (int)u->len;
		note->sb = note->rb = minint(off, end);
		note->se = note->re = end;
	}
}

static void
plandiags(const Analyser *a, Doc *d, Unit *u, const Opts *o)
{
	Plan plan = {0};
	cst_scan(u);
	free(runpasses(&u, 1, a->rules, o, a->run->passset, false, &plan)); /* over the memory cap: no diagnostics */
	VEC(Diag) v = {0};
	for (int c = 0; c < plan.n; c++)
		if (plan.v[c].u == u && (plan.v[c].kind == CH_MOVE || a->kept) && !acrossfiles(&plan.v[c])) /* one buffer's fixes */
			vpush(v, todiag(u, &plan.v[c]));
	doc_setdiags(d, v.v, v.n);
	planfree(&plan);
}

int
analysedoc(const Analyser *a, Doc *d, Diag *note)
{
	Strs flags = {0};
	Opts o = fileopts(&a->run->opts, dbflagsof(a, d->path), &flags);
	o.text = d->t.s;
	o.textlen = d->t.len;
	Unit *u = unit_parsekept(d->path, &o, a->rules, &d->kept);
	int rc = 0;
	if (u->refused) {
		refusalnote(u, d->path, note);
		rc = -1;
	} else if (u->skipped) {
		doc_setdiags(d, NULL, 0);
		rc = 1;
	} else
		plandiags(a, d, u, &o);
	d->fresh = rc >= 0;
	unit_free(u);
	vfree(flags);
	d->stale = false;
	return rc;
}
