/* effects.c: what each host statement reads and writes (abstract locations
 * from points-to), what device work it leaves in flight, and its kind
 * (device op, sync, timer, I/O, exit, unknown); and per host function the
 * union of its statements' effects, its mod/ref summary, iterated to a
 * fixed point over the call graph.
 *
 * Library calls take their effects from the rules; a function from a system
 * header with no rule is a value computation when nothing it takes or
 * returns can carry an address and it is not of an API family that talks to
 * devices or other processes; anything else unseen is unknown: it reads and
 * writes unknown memory and may leave unknown device work in flight. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "analysis/analysis.h"

void
effnew(Eff *e, int nlocs)
{
	*e = (Eff){.syncstream = -1, .event = -1};
	e->rd = bnew(nlocs);
	e->wr = bnew(nlocs);
	e->prd = bnew(nlocs);
	e->pwr = bnew(nlocs);
	e->strm = bnew(nlocs);
}

/* The calls a report names (the first of each kind) of b, where a has none. */
void
effnotes(Eff *a, const Eff *b)
{
	if (!a->what && b->what) {
		a->what = b->what;
		a->whatline = b->whatline;
	}
	if (!a->unk && b->unk) {
		a->unk = b->unk;
		a->unkvia = b->unkvia;
		a->unkline = b->unkline;
	}
	if (!a->cfg && b->cfg) {
		a->cfg = b->cfg;
		a->cfgline = b->cfgline;
	}
}

/* Merges b into a; true if a grew. */
bool
effor(Eff *a, const Eff *b)
{
	bool ch = bor(&a->rd, &b->rd);
	ch |= bor(&a->wr, &b->wr);
	ch |= bor(&a->prd, &b->prd);
	ch |= bor(&a->pwr, &b->pwr);
	ch |= bor(&a->strm, &b->strm);
	if ((a->ex | b->ex) != a->ex) {
		a->ex |= b->ex;
		ch = true;
	}
	effnotes(a, b);
	return ch;
}

static void
note(Eff *e, const char *what, int line)
{
	if (!e->what) {
		e->what = what;
		e->whatline = line;
	}
}

/* Everything reachable from the locations in s through stored pointers. */
void
reach(const Prog *p, Bits *s)
{
	bool ch = true;
	while (ch) {
		ch = false;
		for (int l = bnext(s, 0); l >= 0; l = bnext(s, l + 1))
			ch |= bor(s, &p->pts[l]);
	}
}

static bool
valuefamily(const char *name)
{
	/* device and parallel libraries; the type-generic atomic builtins, whose
	 * pointer parameters no prototype shows */
	static const char *dev[] = {"cu",        "nccl",     "MPI_",           "omp_",           "pthread_", "__cuda",
	                            "hip",       "nv",       "__atomic",       "__c11_atomic",   "__sync_",  "__hip_atomic",
	                            "__scoped_atomic"};
	for (size_t i = 0; i < sizeof dev / sizeof *dev; i++)
		if (!strncmp(name, dev[i], strlen(dev[i])))
			return false;
	return true;
}

/* A system-header function cuflow may treat as computing a value only. */
bool
valuefn(const Sym *s)
{
	return (s->flags & SYMF_SYSTEM) && !(s->flags & SYMF_METHOD) && s->ptrparams == 0 &&
	       !(s->flags & SYMF_REFRET) && valuefamily(s->name);
}

static void
addlocs(Bits *dst, const Bits *src, int *ex, const Prog *p)
{
	bor(dst, src);
	for (int l = bnext(src, 0); l >= 0; l = bnext(src, l + 1)) {
		const Loc *x = &p->locs.v[l];
		if (x->flags & SYMF_VOLATILE && x->kind == L_VAR)
			*ex |= EX_VOLATILE;
		if (x->space == SP_MANAGED)
			*ex |= EX_MANAGED;
	}
}

static void
unknowneff(Eff *e, const char *what, int line)
{
	bset(&e->rd, LOC_UNKNOWN);
	bset(&e->wr, LOC_UNKNOWN);
	bset(&e->prd, LOC_UNKNOWN); /* it may launch work of its own */
	bset(&e->pwr, LOC_UNKNOWN);
	bset(&e->strm, LOC_UNKNOWN);
	e->ex |= EX_UNKNOWN | EX_ASYNC | EX_STREAMOP;
	e->evop = EV_KILL;
	e->event = -1;
	note(e, what, line);
	if (!e->unk) {
		e->unk = what;
		e->unkline = line;
	}
}

/* The locations an argument designates under a rule's deref level. */
static void
argset(const Prog *p, const PFunc *pf, const Call *c, int arg, int deref, Bits *out)
{
	if (arg == ARG_ALL) {
		for (int i = 0; i < c->nargs; i++)
			argset(p, pf, c, i, deref, out);
		return;
	}
	int node = arg == ARG_THIS ? c->self : arg >= 0 && arg < c->nargs ? c->argv[arg] : -1;
	if (node < 0)
		return;
	if (arg == ARG_THIS) { /* the object itself; *this is what it points to */
		Bits s = bnew(p->locs.n);
		bor(&s, addrs(p, pf, node));
		for (int d = 0; d < deref; d++)
			reach(p, &s);
		bor(out, &s);
		bfree(&s);
		return;
	}
	if (deref == AD_VALUE) { /* the argument object: its lvalue */
		if (c->argl[arg] >= 0)
			bor(out, addrs(p, pf, c->argl[arg]));
		return;
	}
	Bits s = bnew(p->locs.n);
	bor(&s, addrs(p, pf, node));
	if (deref == AD_PTR2)
		reach(p, &s);
	bor(out, &s);
	bfree(&s);
}

/* Async work on the default stream unless the rule's stream argument says
 * otherwise; then the stream objects it may name go into strm. */
static bool
onstream(const Prog *p, const PFunc *pf, const Call *c, const Rule *r, Bits *strm)
{
	for (int i = 0; i < r->neff; i++) {
		const Effect *e = &r->eff[i];
		if (e->what != EF_STREAM)
			continue;
		if (e->arg >= c->nargs || c->argk[e->arg] == 0)
			return false; /* the default argument, or the constant 0 */
		if (pf->f->nodes.v[c->argv[e->arg]].kind == N_NULL)
			return false;
		const Bits *s = addrs(p, pf, c->argv[e->arg]);
		bor(strm, s);
		if (bempty(s))
			bset(strm, LOC_UNKNOWN);
		return true;
	}
	return false;
}

/* The one stream object the handle in argument arg names, or -1. */
static int
syncedstream(const Prog *p, const PFunc *pf, const Call *c, int arg)
{
	if (arg < 0 || arg >= c->nargs)
		return -1;
	const Bits *s = addrs(p, pf, c->argv[arg]);
	int l = bnext(s, 0);
	return l > LOC_UNKNOWN && bnext(s, l + 1) < 0 ? l : -1;
}

void launcheff(const Prog *p, const PFunc *pf, const Call *c, int kfid, int args, Eff *e);

/* The variable argument arg names when it is a plain one (ev, not ev[i],
 * s.ev or a reference), or -1. Events are followed by the variable that
 * holds them: an event object's location may stand for several (made in a
 * loop, kept in an array), while a variable not written in between holds
 * one and the same event (pending.c). */
static int
handlevar(const Prog *p, const PFunc *pf, const Call *c, int arg)
{
	if (arg < 0 || arg >= c->nargs || pf->f->nodes.v[c->argv[arg]].kind != N_LOAD)
		return -1;
	int lv = pf->f->nodes.v[c->argv[arg]].a;
	const Node *l = &pf->f->nodes.v[lv];
	if (l->kind != N_VAR || l->sym < 0 ||
	    (pf->u->syms.v[l->sym].flags & (SYMF_ARRAY | SYMF_REF | SYMF_RECORD | SYMF_VOLATILE)))
		return -1;
	const Bits *s = addrs(p, pf, lv);
	int loc = bnext(s, 0);
	return loc > LOC_UNKNOWN && bnext(s, loc + 1) < 0 ? loc : -1;
}

/* Note what the statement does to event ev: two event operations in one
 * statement, in an order cuflow does not follow, may undo each other. */
static void
eventop(Eff *e, int op, int ev)
{
	if (e->evop == EV_NONE || (e->evop == op && e->event == ev)) {
		e->evop = op;
		e->event = ev;
	} else {
		e->evop = EV_KILL;
		e->event = -1;
	}
}

static void
ruleeff(const Prog *p, const PFunc *pf, const Call *c, const Rule *r, Eff *e)
{
	bool async = r->flags & RF_ASYNC;
	Bits *rd = async ? &e->prd : &e->rd, *wr = async ? &e->pwr : &e->wr;
	int ex = 0, rec = -2; /* the event a record names (-1: not one object) */
	for (int i = 0; i < r->neff; i++) {
		const Effect *f = &r->eff[i];
		switch (f->what) {
		case EF_READ:
			if (MUTANT(p->opts, 1) && r->kind == RK_COPY) break;
			argset(p, pf, c, f->arg, f->deref, rd);
			break;
		case EF_WRITE:
		case EF_FREE:
		case EF_ALLOC:
			if (f->what == EF_FREE || f->space == SP_HANDLE)
				eventop(e, EV_KILL, -1); /* a new event object may take an old one's place */
			if (f->arg != ARG_RET)
				argset(p, pf, c, f->arg, f->deref ? f->deref : AD_PTR, f->what == EF_ALLOC ? &e->wr : wr);
			break;
		case EF_SYNC:
			if (!hostwaits(f, c->argk, c->nargs))
				break; /* a device-to-device copy: the host does not wait */
			ex |= EX_SYNC |
			      (f->space == SY_DEVICE ? EX_DEVSYNC : f->space == SY_DEFAULT || f->space == SY_COPY ? EX_DEFSYNC : 0);
			if (MUTANT(p->opts, 2) && f->space == SY_STREAM) ex |= EX_DEVSYNC;
			if (MUTANT(p->opts, 3) && f->space == SY_EVENT) ex |= EX_DEVSYNC;
			if (MUTANT(p->opts, 7) && f->space == SY_COPY) ex |= EX_DEVSYNC;
			if (f->space == SY_STREAM && f->arg < c->nargs &&
			    (c->argk[f->arg] == 0 || pf->f->nodes.v[c->argv[f->arg]].kind == N_NULL))
				ex |= EX_DEFSYNC; /* cudaStreamSynchronize(0): the legacy default stream */
			else if (f->space == SY_STREAM)
				e->syncstream = syncedstream(p, pf, c, f->arg);
			else if (f->space == SY_EVENT && handlevar(p, pf, c, f->arg) >= 0)
				eventop(e, EV_WAIT, handlevar(p, pf, c, f->arg));
			break;
		case EF_RECORD:
			rec = handlevar(p, pf, c, f->arg);
			break;
		case EF_LAUNCH:
			launcheff(p, pf, c, c->kernel >= 0 ? symfn(p, unitidx(p, pf->u), c->kernel) : -1, f->arg2, e);
			break;
		}
	}
	switch (r->kind) {
	case RK_IO:
		ex |= EX_IO;
		break;
	case RK_TIMER:
		ex |= EX_TIMER;
		break;
	case RK_EXIT:
		ex |= EX_EXIT;
		break;
	case RK_COPY:
	case RK_MEMSET:
	case RK_ALLOC:
	case RK_FREE:
	case RK_SYNC:
	case RK_EVENT:
	case RK_STREAM:
	case RK_DEVICE:
		ex |= EX_DEVOP;
		if (r->kind != RK_SYNC && !(r->kind == RK_COPY && (ex & EX_SYNC)) && !(r->kind == RK_FREE && (ex & EX_SYNC)))
			ex |= EX_OTHERDEV;
		break;
	case RK_LAUNCH:
		ex |= EX_DEVOP | EX_OTHERDEV | EX_LAUNCH;
		if (c->kernel < 0) { /* graphs, host functions: unknown work */
			bset(&e->prd, LOC_UNKNOWN);
			bset(&e->pwr, LOC_UNKNOWN);
		}
		break;
	case RK_UNSAFE:
		ex |= EX_UNSAFE;
		unknowneff(e, c->name, c->line);
		break;
	}
	if (r->flags & RF_NORETURN)
		ex |= EX_EXIT;
	/* where the program catches, what the C++ library allocates may throw (std::bad_alloc, length_error) */
	if ((r->flags & RF_THROWS) || (p->catches && r->kind != RK_PURE && !strncmp(r->name, "std::", 5)))
		ex |= EX_THROW;
	if (async) {
		/* a record or a stream's wait for an event enqueues a marker, no
		 * work: nothing is left in flight to overlap (golden 280) */
		if (r->kind != RK_EVENT && r->kind != RK_STREAM)
			ex |= EX_ASYNC;
		if (onstream(p, pf, c, r, &e->strm) && !MUTANT(p->opts, 12))
			ex |= EX_STREAMOP;
	}
	if (rec != -2) /* only a record on the default stream follows all its work */
		eventop(e, rec >= 0 && !(ex & EX_STREAMOP) ? EV_RECORD : EV_KILL, rec);
	if (ex & (EX_DEVOP | EX_TIMER | EX_EXIT))
		note(e, c->name, c->line);
	e->ex |= ex;
}

/* The waits every return of g passes last: EX_DEVSYNC or EX_DEFSYNC when
 * a statement of its body waits so, only statements without calls follow
 * it (GSOHC's into-the-callee motion leaves a sync before the host work
 * that needs it), and nothing leaves the body before it (no return but a final one, no goto, throw or unseen code,
 * no setjmp in the program, and no destructor of the program's own that a
 * scope's end may run); else 0. A sync somewhere else in g may not run on every call. */
static int
endsync(const Prog *p, const PFunc *g)
{
	const Func *f = g->f;
	if ((f->flags & (FNF_TRY | FNF_SETJMP | FNF_GOTO | FNF_ASM)) || (g->sum.ex & (EX_THROW | EX_UNKNOWN | EX_UNSAFE)) ||
	    p->dtors || p->setjmps) /* a local's destructor may launch work after the last statement; */
		return 0;                 /* a longjmp may leave before it */
	const List *body = NULL;
	for (int li = 0; li < f->lists.n; li++)
		if (f->lists.v[li].owner < 0 && (!body || f->lists.v[li].begin < body->begin))
			body = &f->lists.v[li];
	int n = body ? body->first.n : 0;
	if (n && f->st.v[body->first.v[n - 1]].kind == ST_RETURN && !f->st.v[body->first.v[n - 1]].ncall)
		n--; /* a final "return x;" computes a value only */
	for (; n > 0 && !(g->st[body->first.v[n - 1]].ex & (EX_DEVSYNC | EX_DEFSYNC)); n--)
		for (int v = body->first.v[n - 1]; v <= body->last.v[n - 1]; v++) {
			const Eff *e = &g->st[v];
			if ((e->ex & (EX_ASYNC | EX_UNKNOWN | EX_UNSAFE | EX_HIDDEN | EX_STREAMOP | EX_DEVOP | EX_THROW | EX_EXIT)) ||
			    !bempty(&e->prd) || !bempty(&e->pwr))
				return 0; /* host work only may follow the wait: calls whose effects hold no device work */
		}
	if (!n || body->first.v[n - 1] != body->last.v[n - 1])
		return 0;
	int last = body->first.v[n - 1];
	for (int v = 2; v < f->st.n; v++) {
		const Stmt *st = &f->st.v[v];
		if ((st->kind == ST_RETURN && v < last) || st->kind == ST_GOTO || (st->flags & (SF_JUMP | SF_THROW)))
			return 0;
	}
	return f->st.v[last].kind == ST_PLAIN ? g->st[last].ex & (EX_DEVSYNC | EX_DEFSYNC) : 0;
}

/* A call of g does what g's summary says, but it waits for all device
 * work, or the default stream's, only when every return of g passes such
 * a wait last (endsync); then the device work g started has ended when
 * the call returns (unless another stream may still run it): the call
 * reads and writes that memory itself and leaves nothing in flight. */
static void
summaryeff(const Prog *p, const PFunc *g, Eff *e)
{
	Eff t;
	effnew(&t, p->locs.n);
	effor(&t, &g->sum);
	if (MUTANT(p->opts, 5)) bclear(&t.wr);
	if (g->sum.ex & EX_DEVOP)
		eventop(e, EV_KILL, -1); /* it may record, make or free events */
	int ends = endsync(p, g);
	t.ex = (t.ex & ~(EX_DEVSYNC | EX_DEFSYNC)) | ends;
	if (ends == EX_DEVSYNC || (ends == EX_DEFSYNC && !(t.ex & EX_STREAMOP))) {
		bor(&t.rd, &t.prd);
		bor(&t.wr, &t.pwr);
		bclear(&t.prd);
		bclear(&t.pwr);
		t.ex &= ~(EX_ASYNC | EX_KIO);
	}
	effor(e, &t);
	efffree(&t);
}

/* The function whose summary a call uses: its body, unless a rule marked
 * `body` names it exactly (the rule says what a wrapper does; a library's
 * rule must not stand for a user's function of the same name, log() say);
 * -1 when there is none. */
/* The rule of a direct call to a function with no body in the program, or
 * NULL. */
const Rule *
callrule(const Prog *p, const PFunc *pf, const Call *c)
{
	if (c->kind != C_DIRECT || calledfn(p, unitidx(p, pf->u), c) >= 0)
		return NULL;
	return rules_find(p->rules, c->name);
}

int
calledfn(const Prog *p, int ui, const Call *c)
{
	const Rule *r = c->kind == C_DIRECT ? rules_exact(p->rules, c->name) : NULL;
	if (c->kind != C_DIRECT || (r && (r->flags & RF_BODY)))
		return -1;
	return symfn(p, ui, c->callee);
}

/* Candidate i of a dependent call, as a direct call to it. */
Call
candcall(const Unit *u, const Call *c, int i)
{
	Call d = *c;
	const Sym *s = &u->syms.v[c->cands[i]];
	d.kind = C_DIRECT;
	d.callee = c->cands[i];
	d.name = s->qualname ? s->qualname : s->name;
	d.cands = NULL;
	d.ncands = 0;
	return d;
}

static void
calleff(const Prog *p, const PFunc *pf, const Call *c, Eff *e)
{
	int ui = unitidx(p, pf->u);
	if (c->kind == C_DEPENDENT && c->ncands > 0) { /* the union of what they do */
		for (int i = 0; i < c->ncands; i++) {
			Call d = candcall(pf->u, c, i);
			calleff(p, pf, &d, e);
		}
		return;
	}
	const Sym *s = c->callee >= 0 ? &pf->u->syms.v[c->callee] : NULL;
	if (c->kind == C_LAUNCH) {
		launcheff(p, pf, c, symfn(p, ui, c->callee), -1, e);
		return;
	}
	if (c->kind == C_DEFAULTED) {
		if (c->self >= 0)
			bor(&e->wr, addrs(p, pf, c->self));
		for (int i = 0; i < c->nargs; i++)
			bor(&e->rd, addrs(p, pf, c->argv[i]));
		return;
	}
	if (c->kind != C_DIRECT) {
		unknowneff(e, c->name, c->line);
		return;
	}
	if (s && (s->flags & SYMF_NORETURN)) {
		e->ex |= EX_EXIT;
		note(e, c->name, c->line);
	}
	int fid = calledfn(p, ui, c);
	if (fid >= 0) {
		const PFunc *g = &p->fns.v[fid];
		if (g->sum.ex & (EX_DEVOP | EX_UNKNOWN | EX_TIMER | EX_EXIT))
			note(e, c->name, c->line); /* name the call here, not what is inside the helper */
		if ((g->sum.ex & EX_CONFIG) && !e->cfg) {
			e->cfg = c->name;
			e->cfgline = c->line;
		}
		if ((g->sum.ex & EX_UNKNOWN) && !e->unk) {
			e->unk = g->sum.unk;
			e->unkvia = c->name;
			e->unkline = c->line;
		}
		if (g->st) /* callee already summarised (or being: the fixed point settles it) */
			summaryeff(p, g, e);
		return;
	}
	const Rule *r = rules_find(p->rules, c->name);
	if (r && r->kind != RK_UNKNOWN)
		ruleeff(p, pf, c, r, e);
	else if (!r && s && valuefn(s))
		; /* computes a value from values (a rule of kind unknown says otherwise: raise) */
	else
		unknowneff(e, c->name, c->line);
}

void
efffree(Eff *e)
{
	bfree(&e->rd);
	bfree(&e->wr);
	bfree(&e->prd);
	bfree(&e->pwr);
	bfree(&e->strm);
}

/* Call c's effects on e; a call some evaluations skip (an arm of ?:, the
 * right of && or ||) may do them, but its wait is no wait: the work in
 * flight stays in flight, and an event it may record is in no known state. */
static void
callonce(const Prog *p, const PFunc *pf, const Call *c, Eff *e)
{
	int ex = e->ex, stream = e->syncstream, evop = e->evop, ev = e->event;
	calleff(p, pf, c, e);
	if (!c->cond)
		return;
	e->ex = (e->ex & ~(EX_DEVSYNC | EX_DEFSYNC)) | (ex & (EX_DEVSYNC | EX_DEFSYNC));
	e->syncstream = stream;
	if (e->evop != evop || e->event != ev) {
		bool wait = e->evop == EV_WAIT;
		e->evop = wait ? evop : EV_KILL;
		e->event = wait ? ev : -1;
	}
}

void
stmteff(const Prog *p, const PFunc *pf, int n, Eff *e)
{
	stmteffbut(p, pf, n, NULL, e);
}

/* Is statement s, written through a macro, one invocation NAME(...) and
 * nothing more (CHECK(cudaDeviceSynchronize());)? Not FOR(i, n) { ... }. */
static bool
onemacro(const Unit *u, const Stmt *s)
{
	int j = s->begin;
	while (j < s->end && isident(u->src[j]))
		j++;
	while (j < s->end && (u->src[j] == ' ' || u->src[j] == '\t'))
		j++;
	if (j == s->begin || j >= s->end || u->src[j] != '(')
		return false;
	int k = closeparen(u->src, j, s->end);
	while (k >= 0 && k < s->end && (u->src[k] == ' ' || u->src[k] == '\t' || u->src[k] == ';'))
		k++;
	return k == s->end;
}

/* What statement n does, less the calls skip marks (by index; NULL: none)
 * beyond reading their arguments: the copies pass leaves out what an error
 * check does when the copy fails. */
void
stmteffbut(const Prog *p, const PFunc *pf, int n, const bool *skip, Eff *e)
{
	const Stmt *s = &pf->f->st.v[n];
	for (int i = s->op0; i < s->op0 + s->nop; i++) {
		const Op *o = &pf->f->ops.v[i];
		if (o->kind == O_READ || o->kind == O_WRITE) {
			Bits *to = o->kind == O_READ ? &e->rd : &e->wr;
			const Bits *a = addrs(p, pf, o->a);
			if (bempty(a)) /* a pointer the front end could not follow: any memory */
				bset(to, LOC_UNKNOWN);
			else
				addlocs(to, a, &e->ex, p);
		} else if (o->kind == O_CALL && !(skip && skip[o->call]))
			callonce(p, pf, &pf->f->calls.v[o->call], e);
	}
	if ((s->flags & SF_MACRO) && (e->ex & (EX_DEVSYNC | EX_DEFSYNC)) && !onemacro(pf->u, s))
		e->ex &= ~(EX_DEVSYNC | EX_DEFSYNC); /* a macro loop or branch around the wait may skip it */
	if ((s->flags & SF_MACRO) && e->evop != EV_NONE && !onemacro(pf->u, s))
		e->evop = e->evop == EV_WAIT ? EV_NONE : EV_KILL; /* the same for an event's wait or record */
	if ((s->flags & SF_THROW) || ((s->flags & SF_NEW) && p->catches))
		e->ex |= EX_THROW;
	if (s->flags & SF_NORETURN)
		e->ex |= EX_EXIT;
	if (s->flags & (SF_ASM | SF_HIDDEN))
		unknowneff(e,
		           s->flags & SF_ASM        ? "inline assembly"
		           : s->flags & SF_CALLBACK ? "a lambda, functor or function pointer a library call is given"
		                                    : "a destructor, statement expression, atomic builtin, default argument, or a field's or "
		                                      "static local's initialiser",
		           s->line);
	if (bhas(&e->rd, LOC_UNKNOWN) || bhas(&e->wr, LOC_UNKNOWN))
		e->ex |= EX_MANAGED; /* unknown memory may be managed */
}

static bool
ishost(const PFunc *pf)
{
	return pf->f->kind == FN_HOST || pf->f->kind == FN_HOSTDEVICE;
}

/* Does f's body in the main file hold a conditional directive (#if,
 * #ifdef, #else, ...), or does f lie in an #if group with an #else or
 * #elif (defined otherwise in another configuration)? Then what it does
 * differs between configurations (a -DDEBUG build's error check), and a
 * move past a call to it that is
 * right for this build may be wrong for another. Headers' bodies are not
 * seen: the front end keeps the main file's directives only. */
static bool
conditional(const Unit *u, const Func *f)
{
	typedef struct {
		int at;
		bool alt;
	} Group;
	VEC(Group) open = {0};
	bool yes = false;
	for (int i = 0; f->inmain && !yes && i < u->directives.n; i++) {
		int d = u->directives.v[i];
		const char *s = u->src + d;
		while (*s == ' ' || *s == '\t' || *s == '#')
			s++;
		bool in = d > f->begin && d < f->end;
		if (!strncmp(s, "if", 2)) {
			Group g = {d, false};
			vpush(open, g);
			yes = in;
		} else if (!strncmp(s, "el", 2) && open.n) {
			open.v[open.n - 1].alt = true;
			yes = in;
		} else if (!strncmp(s, "endif", 5) && open.n) { /* #if A f() {...} #else f() {...} #endif */
			Group g = open.v[--open.n];
			yes = g.alt && g.at < f->begin && d > f->end;
		}
	}
	vfree(open);
	return yes;
}

/* Does the program define a destructor of its own (a body, or ~Name() in
 * its text)? It runs when a scope ends, after the last statement. */
static bool
owndtors(const Prog *p)
{
	for (int f = 0; f < p->fns.n; f++)
		if (p->fns.v[f].u->syms.v[p->fns.v[f].f->sym].name[0] == '~')
			return true;
	for (int i = 0; i < p->nunits; i++)
		for (const char *t = p->units[i]->src; (t = strchr(t, '~')); t++) {
			const char *e = t + 1;
			while (isident(*e))
				e++;
			e += strspn(e, " \t");
			if (e > t + 1 && !(t[1] >= '0' && t[1] <= '9') && *e == '(' &&
			    (e[1 + strspn(e + 1, " \t")] == ')' || !strncmp(e + 1 + strspn(e + 1, " \t"), "void", 4)))
				return true;
		}
	return false;
}

/* A statement naming a macro another configuration defines otherwise does
 * what the parse saw in one configuration only (hidden.c's cfgmacro). */
static void
cfgstmt(const PFunc *pf, int n, Eff *e)
{
	const Stmt *st = &pf->f->st.v[n];
	const char *m = pf->f->inmain && st->end > st->begin ? cfgmacro(pf->u, st->begin, st->end) : NULL;
	if (!m)
		return;
	e->ex |= EX_CONFIG;
	if (!e->cfg) {
		e->cfg = m;
		e->cfgline = st->line;
	}
}

/* Where the memory pointer argument i of c may be: 1 the host's alone, 2
 * the device's alone, 0 either or unknown. */
static int
argside(const Prog *p, const PFunc *pf, const Call *c, int i)
{
	if (i < 0 || i >= c->nargs)
		return 0;
	const Bits *to = &p->pts[nodevar(pf, c->argv[i])];
	int side = 0;
	for (int l = bnext(to, 0); l >= 0; l = bnext(to, l + 1)) {
		const Loc *x = &p->locs.v[l];
		int s = l == LOC_UNKNOWN || x->kind == L_PARAMOBJ ? 0
		        : x->space == SP_DEVICE                  ? 2
		        : x->space == SP_NONE || x->space == SP_HOST || x->space == SP_PINNED ? 1
		                                                                            : 0;
		if (!s || (side && s != side))
			return 0;
		side = s;
	}
	return side;
}

/* A blocking copy whose kind is cudaMemcpyDefault takes its direction from
 * unified addressing: where both pointers point to the host's memory alone
 * or the device's alone, the kind constant becomes that direction, for
 * every pass (a Default download waits for the device as a
 * DeviceToHost one does). Otherwise it stays Default: no direction. */
void
copykinds(Prog *p)
{
	for (int f = 0; f < p->fns.n; f++) {
		PFunc *pf = &p->fns.v[f];
		for (int i = 0; i < pf->f->calls.n; i++) {
			Call *c = &pf->f->calls.v[i];
			const Rule *r = callrule(p, pf, c);
			int kind = -1, dst = -1, src = -1;
			for (int k = 0; r && k < r->neff; k++) {
				const Effect *e = &r->eff[k];
				if (e->what == EF_SYNC && e->space == SY_COPY)
					kind = e->arg;
				else if (e->what == EF_WRITE && e->deref == AD_PTR)
					dst = e->arg;
				else if (e->what == EF_READ && e->deref == AD_PTR)
					src = e->arg;
			}
			if (kind < 0 || kind >= c->nargs || c->argk[kind] != 4 /* cudaMemcpyDefault */)
				continue;
			int d = argside(p, pf, c, dst), s = argside(p, pf, c, src);
			if (d && s)
				c->argk[kind] = d == 1 ? (s == 1 ? 0 : 2) : (s == 1 ? 1 : 3);
		}
	}
}

void
filleffects(Prog *p)
{
	int nl = p->locs.n;
	p->dtors = owndtors(p);
	for (int f = 0; f < p->fns.n; f++) {
		p->setjmps |= (p->fns.v[f].f->flags & FNF_SETJMP) != 0;
		p->catches |= (p->fns.v[f].f->flags & FNF_TRY) != 0;
	}
	for (int f = 0; f < p->fns.n; f++) {
		PFunc *pf = &p->fns.v[f];
		effnew(&pf->sum, nl);
		if (conditional(pf->u, pf->f))
			pf->sum.ex |= EX_CONFIG;
		if (pf->f->inmain && hiddenwork(p->rules, pf->u, pf->f->begin, pf->f->end) >= 0)
			pf->sum.ex |= EX_HIDDEN;
		pf->st = xcalloc(pf->f->st.n, sizeof *pf->st);
		for (int n = 0; n < pf->f->st.n; n++)
			effnew(&pf->st[n], nl);
	}
	bool changed = true;
	while (changed) { /* summaries only grow, so this ends */
		changed = false;
		for (int f = 0; f < p->fns.n; f++) {
			PFunc *pf = &p->fns.v[f];
			if (!ishost(pf))
				continue;
			for (int n = 0; n < pf->f->st.n; n++) {
				Eff *e = &pf->st[n];
				bclear(&e->rd);
				bclear(&e->wr);
				bclear(&e->prd);
				bclear(&e->pwr);
				bclear(&e->strm);
				e->syncstream = -1;
				e->evop = EV_NONE;
				e->event = -1;
				e->ex = 0;
				e->what = e->unk = e->unkvia = e->cfg = NULL;
				stmteff(p, pf, n, e);
				cfgstmt(pf, n, e);
				changed |= effor(&pf->sum, e);
			}
		}
	}
}
