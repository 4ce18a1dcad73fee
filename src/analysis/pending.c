/* pending.c: device work possibly in flight before each statement, a forward
 * may-analysis over the CFG. A launch or async copy adds what it reads and
 * writes; cudaDeviceSynchronize (and cudaFree) clears everything, a blocking
 * copy clears the default stream's work. Work on other streams is cleared
 * only by a device-wide sync: stream and event syncs are not tracked per
 * stream, which keeps more work in flight than there is (safe: it only
 * makes cuflow more careful). At the entry of main nothing is in flight;
 * at another function's entry, anything the program launches may be: that
 * work (Prog.alldev) is named by a flag, not copied into every statement's
 * sets, which made memory grow with statements times device buffers. It is
 * on a stream only a device-wide sync clears, unless the program uses no
 * stream but the default one (Prog.streams): then a blocking copy clears
 * it too. Work enqueued on a blocking stream (cudaStreamCreate) starts only
 * after the legacy default stream's earlier work, so a sync of that stream
 * clears that work too (not with per-thread default streams). A wait for
 * an event recorded on the default stream clears that stream's work when,
 * on every path, nothing was enqueued there after the record (the usual
 * timing of a kernel, cudaEventRecord(stop); cudaEventSynchronize(stop):
 * nothing is left to overlap after it). A wait inside
 * an #if group of the function's body clears nothing: another
 * configuration may leave it out (smith seed 2026320373, golden 277). */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "analysis/analysis.h"

static void
pendnew(Pend *s, int nl)
{
	s->drd = bnew(nl);
	s->dwr = bnew(nl);
	s->srd = bnew(nl);
	s->swr = bnew(nl);
	s->strm = bnew(nl);
	s->evdone = bnew(nl);
	s->ex = 0;
	s->dany = s->sany = s->entry = s->dentry = s->evtop = false;
}

static void
pendfree(Pend *s)
{
	bfree(&s->drd);
	bfree(&s->dwr);
	bfree(&s->srd);
	bfree(&s->swr);
	bfree(&s->strm);
	bfree(&s->evdone);
}

/* Join b's finished events into a's: those finished on both paths. */
static bool
evjoin(Pend *a, const Pend *b)
{
	if (b->evtop)
		return false;
	if (a->evtop) {
		bassign(&a->evdone, &b->evdone);
		a->evtop = false;
		return true;
	}
	bool ch = false;
	for (int l = bnext(&a->evdone, 0); l >= 0; l = bnext(&a->evdone, l + 1))
		if (!bhas(&b->evdone, l)) {
			bclr(&a->evdone, l);
			ch = true;
		}
	return ch;
}

static bool
pendor(Pend *a, const Pend *b)
{
	bool ch = bor(&a->drd, &b->drd);
	ch |= bor(&a->dwr, &b->dwr);
	ch |= bor(&a->srd, &b->srd);
	ch |= bor(&a->swr, &b->swr);
	ch |= bor(&a->strm, &b->strm);
	if ((a->ex | b->ex) != a->ex || (b->dany && !a->dany) || (b->sany && !a->sany) ||
	    (b->entry && !a->entry) || (b->dentry && !a->dentry))
		ch = true;
	a->ex |= b->ex;
	a->dany |= b->dany;
	a->sany |= b->sany;
	a->entry |= b->entry;
	a->dentry |= b->dentry;
	return evjoin(a, b) || ch;
}

/* Does a sync of stream l cover every stream with work in flight? */
static bool
onlystream(const Pend *in, int l)
{
	return l >= 0 && bnext(&in->strm, 0) == l && bnext(&in->strm, l + 1) < 0;
}

/* Work enqueued on streams of strm: each a blocking stream (cudaStreamCreate)
 * under the legacy default stream? Then it starts only once the default
 * stream's earlier work is done, and a sync of that stream covers that work
 * too. Not with per-thread default streams, whose default stream is no
 * barrier. */
static bool
afterdefault(const Prog *p, const Bits *strm)
{
	if (p->perthread || bempty(strm))
		return false;
	for (int l = bnext(strm, 0); l >= 0; l = bnext(strm, l + 1))
		if (l == LOC_UNKNOWN || !bhas(&p->blocking, l))
			return false;
	return true;
}

/* The event variables whose events are finished after statement e: a
 * record on the default stream adds its variable, a write to a variable
 * takes it out, other work there or anything cuflow cannot name about
 * events (EV_KILL) empties the set. */
static void
evtransfer(Pend *out, const Pend *in, const Eff *e)
{
	bassign(&out->evdone, &in->evdone);
	out->evtop = in->evtop;
	bool work = (e->ex & EX_ASYNC) || !bempty(&e->prd) || !bempty(&e->pwr);
	bool record = e->evop == EV_RECORD && bempty(&e->prd) && bempty(&e->pwr);
	if (e->evop == EV_KILL || (work && !record) || bhas(&e->wr, LOC_UNKNOWN) || bhas(&e->pwr, LOC_UNKNOWN))
		bclear(&out->evdone);
	for (int l = bnext(&out->evdone, 0); l >= 0; l = bnext(&out->evdone, l + 1))
		if (bhas(&e->wr, l) || bhas(&e->pwr, l)) /* the variable may hold another event now */
			bclr(&out->evdone, l);
	if (record)
		bset(&out->evdone, e->event);
}

static void
transfer(const Prog *p, Pend *out, const Pend *in, const Eff *e)
{
	evtransfer(out, in, e);
	int ex = e->ex; /* a wait for an event recorded after the default stream's work waits for that work */
	if (e->evop == EV_WAIT && !in->evtop && bhas(&in->evdone, e->event))
		ex |= EX_DEFSYNC;
	bclear(&out->drd);
	bclear(&out->dwr);
	bclear(&out->srd);
	bclear(&out->swr);
	bclear(&out->strm);
	out->ex = 0;
	out->dany = out->sany = out->entry = out->dentry = false;
	bool streamdone = onlystream(in, e->syncstream);
	if (!(ex & EX_DEVSYNC)) {
		if (!(ex & EX_DEFSYNC)) {
			bor(&out->drd, &in->drd);
			bor(&out->dwr, &in->dwr);
			out->dany = in->dany;
			out->dentry = in->dentry;
		}
		if (!streamdone) {
			bor(&out->srd, &in->srd);
			bor(&out->swr, &in->swr);
			bor(&out->strm, &in->strm);
			out->sany = in->sany;
			out->entry = in->entry;
		}
		out->ex = in->ex; /* a printing kernel stays in flight until a device-wide sync, */
	}                         /* and what another configuration's code left */
	out->ex |= e->ex & EX_HIDDEN;
	if (e->ex & EX_ASYNC || !bempty(&e->prd) || !bempty(&e->pwr)) {
		bool st = e->ex & EX_STREAMOP;
		if (st && afterdefault(p, &e->strm) && !out->dentry) { /* the default stream's work goes first */
			bor(&out->srd, &out->drd);
			bor(&out->swr, &out->dwr);
			out->sany |= out->dany;
			bclear(&out->drd);
			bclear(&out->dwr);
			out->dany = false;
		}
		bor(st ? &out->srd : &out->drd, &e->prd);
		bor(st ? &out->swr : &out->dwr, &e->pwr);
		if (st)
			bor(&out->strm, &e->strm);
		out->ex |= e->ex & EX_KIO;
		if (st)
			out->sany = true;
		else
			out->dany = true;
	}
}

static bool
ismain(const PFunc *pf)
{
	const Sym *s = &pf->u->syms.v[pf->f->sym];
	return !strcmp(s->name, "main") && !(s->flags & SYMF_METHOD);
}

/* Add to to what statement v of pf leaves in flight on the way to its
 * calls: what is in flight before it and what it enqueues, none of its
 * waits counted (a call may come before them). A statement whose one call
 * is the callee's enqueues nothing before it: the callee's own work, which
 * its effect holds, is not in flight at the callee's entry. */
static void
sitework(const Prog *p, const PFunc *pf, int v, Pend *to)
{
	if (pf->f->st.v[v].ncall == 1) {
		pendor(to, &pf->in[v]);
		return;
	}
	Eff e = pf->st[v]; /* transfer only reads it */
	e.ex &= ~(EX_DEVSYNC | EX_DEFSYNC);
	e.syncstream = -1;
	if (e.evop == EV_WAIT)
		e.evop = EV_NONE;
	Pend t;
	pendnew(&t, p->locs.n);
	transfer(p, &t, &pf->in[v], &e);
	pendor(to, &t);
	pendfree(&t);
}

/* The work in flight at pf's entry: what its call sites hold when every
 * caller is seen (from), else anything the program launches (none at
 * main's). */
static void
seedentry(const Prog *p, PFunc *pf, const Pend *from)
{
	if (from)
		pendor(&pf->in[0], from);
	else if (!ismain(pf) && p->streams) {
		bor(&pf->in[0].strm, &p->alldev.strm);
		pf->in[0].sany = p->alldev.sany;
		pf->in[0].entry = true;
	} else if (!ismain(pf)) { /* all of it on the default stream, which a blocking copy waits for */
		pf->in[0].dany = p->alldev.sany;
		pf->in[0].dentry = true;
	}
	if (!from && !ismain(pf))
		pf->in[0].ex = p->alldev.ex;
}

static void
fillpending(Prog *p, PFunc *pf, const Pend *from)
{
	int n = pf->f->st.n, nl = p->locs.n;
	pf->in = xcalloc(n, sizeof *pf->in);
	Pend *out = xcalloc(n, sizeof *out);
	for (int i = 0; i < n; i++) {
		pendnew(&pf->in[i], nl);
		pendnew(&out[i], nl);
		pf->in[i].evtop = out[i].evtop = i > 0; /* no path seen yet */
	}
	seedentry(p, pf, from);
	bool *hidden = xcalloc(n, sizeof *hidden), *cond = xcalloc(n, sizeof *cond);
	hiddenbefore(p->rules, pf->u, pf->f, hidden);
	ingroup(pf->u, pf->f, cond);
	transfer(p, &out[0], &pf->in[0], &pf->st[0]);
	for (bool changed = true; changed;) {
		changed = false;
		for (int i = 0; i < pf->nrpo; i++) {
			int v = pf->rpo[i];
			for (int j = 0; j < pf->pred[v].n; j++)
				changed |= pendor(&pf->in[v], &out[pf->pred[v].v[j]]);
			if (hidden[v])
				pf->in[v].ex |= EX_HIDDEN;
			Eff e = pf->st[v]; /* transfer only reads it */
			if (cond[v]) {     /* another configuration may leave out its waits: the work stays */
				e.ex &= ~(EX_DEVSYNC | EX_DEFSYNC);
				e.syncstream = -1;
				e.evop = e.evop == EV_WAIT ? EV_NONE : e.evop == EV_RECORD ? EV_KILL : e.evop;
			}
			transfer(p, &out[v], &pf->in[v], &e);
		}
	}
	for (int i = 0; i < n; i++)
		pendfree(&out[i]);
	free(out);
	free(hidden);
	free(cond);
}

static bool
analysed(const PFunc *pf)
{
	return (pf->f->kind == FN_HOST || pf->f->kind == FN_HOSTDEVICE) && pf->f->st.n >= 2;
}

/* Device work in flight in every host function, callers before callees
 * (Kahn's order over the call graph): a function whose callers are all
 * seen (callers.c) and analysed starts with the join over its call sites
 * (sitework); one in a cycle, or with callers cuflow does not see, with
 * Prog.alldev. False when the memory cap stopped it. */
bool
pendfns(Prog *p)
{
	int n = p->fns.n;
	int *wait = xcalloc(n + 1, sizeof *wait);
	Ints *callees = xcalloc(n + 1, sizeof *callees), ready = {0};
	bool *closed = xcalloc(n + 1, sizeof *closed);
	for (int g = 0; g < n; g++) {
		closed[g] = !p->open[g] && analysed(&p->fns.v[g]);
		for (int i = 0; closed[g] && i < p->sites[g].n; i += 2) {
			closed[g] = analysed(&p->fns.v[p->sites[g].v[i]]);
			wait[g]++;
			vpush(callees[p->sites[g].v[i]], g);
		}
		if (!closed[g])
			wait[g] = 0;
	}
	for (int g = 0; g < n; g++)
		if (analysed(&p->fns.v[g]) && !wait[g])
			vpush(ready, g);
	bool ok = true;
	for (int k = 0; k < ready.n && ok; k++) {
		PFunc *pf = &p->fns.v[ready.v[k]];
		Pend from;
		pendnew(&from, p->locs.n);
		for (int i = 0; closed[pf->id] && i < p->sites[pf->id].n; i += 2)
			sitework(p, &p->fns.v[p->sites[pf->id].v[i]], p->sites[pf->id].v[i + 1], &from);
		fillpending(p, pf, closed[pf->id] ? &from : NULL);
		pendfree(&from);
		for (int i = 0; i < callees[pf->id].n; i++)
			if (closed[callees[pf->id].v[i]] && --wait[callees[pf->id].v[i]] == 0)
				vpush(ready, callees[pf->id].v[i]);
		ok = !overmem(p);
	}
	for (int g = 0; g < n && ok; g++) /* cycles: their callers wait for each other */
		if (analysed(&p->fns.v[g]) && !p->fns.v[g].in)
			fillpending(p, &p->fns.v[g], NULL);
	for (int g = 0; g < n; g++)
		vfree(callees[g]);
	free(callees);
	vfree(ready);
	free(wait);
	free(closed);
	return ok;
}

/* Add to rd and wr what the work in flight reads and writes, on any stream. */
void
pendwork(const Prog *p, const Pend *in, Bits *rd, Bits *wr)
{
	bor(rd, &in->drd);
	bor(rd, &in->srd);
	bor(wr, &in->dwr);
	bor(wr, &in->swr);
	if (in->entry || in->dentry) {
		bor(rd, &p->alldev.srd);
		bor(wr, &p->alldev.swr);
	}
}

/* What may be in flight when a function other than main starts: all the
 * work the program launches anywhere, as if on a stream nothing clears. */
/* The stream objects only cudaStreamCreate, or its kin with flags 0, may
 * create (Prog.blocking), and whether the program may use per-thread
 * default streams (Prog.perthread). */
static void
fillblocking(Prog *p)
{
	Bits non = bnew(p->locs.n);
	p->blocking = bnew(p->locs.n);
	for (int f = 0; f < p->fns.n; f++) {
		const PFunc *pf = &p->fns.v[f];
		for (int ci = 0; ci < pf->f->calls.n; ci++) {
			const Call *c = &pf->f->calls.v[ci];
			const char *n = c->name ? c->name : "";
			if (strncmp(n, "cudaStreamCreate", 16) || c->nargs < 1)
				continue;
			bool blocking = !strcmp(n, "cudaStreamCreate") ||
			                ((!strcmp(n, "cudaStreamCreateWithFlags") || !strcmp(n, "cudaStreamCreateWithPriority")) &&
			                 c->nargs > 1 && c->argk[1] == 0);
			const Bits *to = &p->pts[nodevar(pf, c->argv[0])];
			for (int v = bnext(to, 0); v >= 0; v = bnext(to, v + 1))
				bor(blocking ? &p->blocking : &non, &p->pts[v]); /* what the handle variable may hold */
		}
	}
	for (int l = bnext(&non, 0); l >= 0; l = bnext(&non, l + 1))
		bclr(&p->blocking, l);
	bfree(&non);
	for (int i = 0; i < p->opts->ncargs && !p->perthread; i++)
		p->perthread = strstr(p->opts->cargs[i], "PER_THREAD_DEFAULT_STREAM") != NULL;
	for (int u = 0; u < p->nunits && !p->perthread; u++)
		p->perthread = strstr(p->units[u]->src, "PER_THREAD_DEFAULT_STREAM") != NULL;
}

void
pendall(Prog *p)
{
	fillblocking(p);
	pendnew(&p->alldev, p->locs.n);
	for (int f = 0; f < p->fns.n; f++) {
		PFunc *pf = &p->fns.v[f];
		if (pf->f->kind != FN_HOST && pf->f->kind != FN_HOSTDEVICE)
			continue;
		p->alldev.ex |= pf->sum.ex & EX_HIDDEN;
		for (int n = 0; n < pf->f->st.n; n++) {
			Eff *e = &pf->st[n];
			p->streams |= (e->ex & EX_STREAMOP) != 0;
			if (!(e->ex & EX_ASYNC) && bempty(&e->prd) && bempty(&e->pwr))
				continue;
			bor(&p->alldev.srd, &e->prd);
			bor(&p->alldev.swr, &e->pwr);
			bset(&p->alldev.strm, LOC_UNKNOWN); /* whoever called may use any stream */
			p->alldev.ex |= e->ex & EX_KIO;
			p->alldev.sany = true;
		}
	}
}
