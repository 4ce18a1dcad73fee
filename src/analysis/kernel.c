/* kernel.c: kernel summaries and what a launch does.
 *
 * For each kernel, following __device__ calls through the device-side call
 * graph: which pointer parameters it reads or writes through (points-to gives
 * each pointer parameter a symbolic object, so any access reaching it counts),
 * which device globals it touches, whether it prints, whether it calls code
 * cuflow cannot see (then every parameter counts as read and written).
 * A launch then reads/writes what its arguments reach, parameter by
 * parameter, as device work left in flight. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "analysis/analysis.h"

int
unitidx(const Prog *p, const Unit *u)
{
	for (int i = 0; i < p->nunits; i++)
		if (p->units[i] == u)
			return i;
	return -1;
}

typedef struct {
	Bits rd, wr;
	bool io, unknown;
	const char *why, *solo;
	Ints callees;
} Dev;

/* Does value node v of pf point beyond the function's own locals (a
 * __shared__ array is one)? An atomic there is seen by other blocks. */
static bool
beyondblock(const Prog *p, const PFunc *pf, int v)
{
	const Bits *a = addrs(p, pf, v);
	bool out = bnext(a, 0) < 0; /* nothing known: anywhere */
	for (int l = bnext(a, 0); l >= 0 && !out; l = bnext(a, l + 1)) {
		const Loc *x = &p->locs.v[l];
		/* the block's own: a local of this function, or __shared__ memory */
		out = !(x->kind == L_VAR && ((!(x->flags & SYMF_STATIC) && x->fn == pf->id) || x->space == SP_DEVICE));
	}
	return out;
}

static void
devcall(const Prog *p, const PFunc *pf, const Call *c, Dev *d)
{
	int ui = unitidx(p, pf->u);
	if (c->kind == C_DEPENDENT && c->ncands > 0) {
		for (int i = 0; i < c->ncands; i++) {
			Call dc = candcall(pf->u, c, i);
			devcall(p, pf, &dc, d);
		}
		return;
	}
	int fid = calledfn(p, ui, c);
	if (fid >= 0) {
		vpush(d->callees, fid);
		return;
	}
	if (c->kind == C_DEFAULTED) {
		if (c->self >= 0)
			bor(&d->wr, addrs(p, pf, c->self));
		for (int i = 0; i < c->nargs; i++)
			bor(&d->rd, addrs(p, pf, c->argv[i]));
		return;
	}
	const Sym *s = c->callee >= 0 ? &pf->u->syms.v[c->callee] : NULL;
	const Rule *r = c->kind == C_DIRECT ? rules_find(p->rules, c->name) : NULL;
	if (r && r->kind != RK_UNKNOWN) {
		if (r->kind == RK_IO || r->kind == RK_EXIT)
			d->io = true; /* printf, assert, __trap: the host sees them at the next sync */
		if (!d->solo && ((r->flags & RF_ONEDEV) || (r->kind == RK_ATOMIC && (c->nargs < 1 || beyondblock(p, pf, c->argv[0])))))
			d->solo = c->name;
		for (int i = 0; i < r->neff; i++) {
			const Effect *e = &r->eff[i];
			if (e->what != EF_READ && e->what != EF_WRITE)
				continue;
			Bits *out = e->what == EF_READ ? &d->rd : &d->wr;
			for (int a = 0; a < c->nargs; a++)
				if (e->arg == a || e->arg == ARG_ALL)
					bor(out, addrs(p, pf, c->argv[a]));
			if (e->arg == ARG_THIS && c->self >= 0)
				bor(out, addrs(p, pf, c->self));
		}
		return;
	}
	if (s && valuefn(s) && c->kind != C_LAUNCH)
		return;
	d->unknown = true; /* includes launches from the device: the child's effects are unseen */
	if (!d->why)
		d->why = c->name;
}

static void
devfn(const Prog *p, const PFunc *pf, Dev *d)
{
	const Func *f = pf->f;
	for (int i = 0; i < f->ops.n; i++) {
		const Op *o = &f->ops.v[i];
		if (o->kind == O_READ)
			bor(&d->rd, addrs(p, pf, o->a));
		else if (o->kind == O_WRITE)
			bor(&d->wr, addrs(p, pf, o->a));
		else if (o->kind == O_CALL)
			devcall(p, pf, &f->calls.v[o->call], d);
	}
	if (f->flags & FNF_LEFTOUT) { /* what nvcc compiles for the GPU may differ from what was parsed */
		d->unknown = true;
		if (!d->why)
			d->why = "code of another configuration (#if)";
	}
	for (int n = 0; n < f->st.n; n++)
		if (f->st.v[n].flags & (SF_ASM | SF_HIDDEN)) {
			d->unknown = true;
			if (!d->why)
				d->why = f->st.v[n].flags & SF_ASM ? "inline assembly" : "code cuflow cannot see";
		}
}

static void
summarise(Prog *p, PFunc *k, Dev *own)
{
	int n = p->fns.n;
	bool *seen = xcalloc(n, sizeof *seen);
	Ints stack = {0};
	vpush(stack, k->id);
	seen[k->id] = true;
	Bits rd = bnew(p->locs.n), wr = bnew(p->locs.n);
	KSum *ks = &k->ks;
	while (stack.n) {
		int f = stack.v[--stack.n];
		bor(&rd, &own[f].rd);
		bor(&wr, &own[f].wr);
		ks->io |= own[f].io;
		if (!ks->solo)
			ks->solo = own[f].solo;
		if (own[f].unknown && !ks->unknown) {
			ks->unknown = true;
			ks->why = own[f].why;
		}
		for (int i = 0; i < own[f].callees.n; i++) {
			int g = own[f].callees.v[i];
			if (!seen[g]) {
				seen[g] = true;
				vpush(stack, g);
			}
		}
	}
	ks->grd = bnew(p->locs.n);
	ks->gwr = bnew(p->locs.n);
	for (int pass = 0; pass < 2; pass++) {
		Bits *s = pass ? &wr : &rd, *g = pass ? &ks->gwr : &ks->grd;
		uint32_t *bits = pass ? &ks->pwr : &ks->prd;
		for (int l = bnext(s, 0); l >= 0; l = bnext(s, l + 1)) {
			const Loc *x = &p->locs.v[l];
			if (x->kind == L_PARAMOBJ) {
				if (x->fn == k->id && x->param < 32)
					*bits |= 1u << x->param;
			} else if (x->kind == L_VAR && !(x->flags & SYMF_STATIC))
				; /* the kernel's own locals and parameters */
			else
				bset(g, l);
		}
	}
	bfree(&rd);
	bfree(&wr);
	vfree(stack);
	free(seen);
}

void
fillkernels(Prog *p)
{
	int n = p->fns.n;
	Dev *own = xcalloc(n, sizeof *own);
	for (int f = 0; f < n; f++) {
		own[f].rd = bnew(p->locs.n);
		own[f].wr = bnew(p->locs.n);
		if (p->fns.v[f].f->kind != FN_HOST)
			devfn(p, &p->fns.v[f], &own[f]);
	}
	for (int f = 0; f < n; f++)
		if (p->fns.v[f].f->kind == FN_KERNEL)
			summarise(p, &p->fns.v[f], own);
	for (int f = 0; f < n; f++) {
		bfree(&own[f].rd);
		bfree(&own[f].wr);
		vfree(own[f].callees);
	}
	free(own);
}

/* Launch of kernel kfid (-1: unknown) by call c; args >= 0 names the
 * argument holding an argument array (cudaLaunchKernel), whose reach is
 * then read and written as a whole. */
void
launcheff(const Prog *p, const PFunc *pf, const Call *c, int kfid, int args, Eff *e)
{
	e->ex |= EX_DEVOP | EX_OTHERDEV | EX_LAUNCH | EX_ASYNC;
	if (c->stream >= 0 && pf->f->nodes.v[c->stream].kind != N_NULL) {
		e->ex |= EX_STREAMOP;
		const Bits *s = addrs(p, pf, c->stream);
		bor(&e->strm, s);
		if (bempty(s))
			bset(&e->strm, LOC_UNKNOWN);
	}
	if (!e->what) {
		e->what = c->name;
		e->whatline = c->line;
	}
	const PFunc *k = kfid >= 0 && p->fns.v[kfid].f->kind == FN_KERNEL ? &p->fns.v[kfid] : NULL;
	if (!k) { /* it may print too */
		e->ex |= EX_KIO;
		bset(&e->prd, LOC_UNKNOWN);
		bset(&e->pwr, LOC_UNKNOWN);
		return;
	}
	const KSum *ks = &k->ks;
	if (ks->io || ks->unknown)
		e->ex |= EX_KIO;
	bor(&e->prd, &ks->grd);
	bor(&e->pwr, &ks->gwr);
	Bits s = bnew(p->locs.n);
	if (args >= 0 && args < c->nargs) {
		bor(&s, addrs(p, pf, c->argv[args]));
		reach(p, &s);
		bor(&e->prd, &s);
		bor(&e->pwr, &s);
	}
	for (int i = 0; args < 0 && i < c->nargs; i++) {
		bool r = ks->unknown || (i < 32 && (ks->prd >> i & 1));
		bool w = (ks->unknown || (i < 32 && (ks->pwr >> i & 1))) && !MUTANT(p->opts, 6);
		if (!r && !w)
			continue;
		bclear(&s);
		bor(&s, addrs(p, pf, c->argv[i]));
		reach(p, &s);
		if (r)
			bor(&e->prd, &s);
		if (w)
			bor(&e->pwr, &s);
	}
	if (ks->unknown) /* and every device global */
		for (int l = 0; l < p->locs.n; l++)
			if (p->locs.v[l].space == SP_SYMBOL) {
				bset(&e->prd, l);
				bset(&e->pwr, l);
			}
	bfree(&s);
}
