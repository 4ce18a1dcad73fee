/* text.c: the human report, read from the plans: the files cuflow could
 * not analyse, one line per decision, and a summary count. The words
 * for one decision (changemsg) are shared with the JSON and SARIF reports. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "report/report.h"

static void
members(Buf *b, const Change *c)
{
	if (c->members.n < 2)
		return;
	bputs(b, " (with the sync");
	if (c->members.n > 2)
		bputs(b, "s");
	bputs(b, " at line");
	if (c->members.n > 2)
		bputs(b, "s");
	for (int i = 1; i < c->members.n; i++)
		bprintf(b, "%s %d", i == 1 ? "" : i == c->members.n - 1 ? " and" : ",", c->members.v[i]);
	bputs(b, ")");
}

/* "the loop at line 8", "the loops at lines 8 and 3": innermost first */
static void
loops(Buf *b, const Change *c)
{
	bprintf(b, "the loop%s at line%s", c->members.n > 1 ? "s" : "", c->members.n > 1 ? "s" : "");
	for (int i = 0; i < c->members.n; i++)
		bprintf(b, "%s %d", i == 0 ? "" : i == c->members.n - 1 ? " and" : ",", c->members.v[i]);
}

/* What stopped a move, or kept a statement where it is. */
static void
stopmsg(Buf *b, const Change *c)
{
	if (c->stopline && c->stopu)
		bprintf(b, "%s:%d %s", relpath(c->stopu->path), c->stopline, c->stop);
	else if (c->stopline)
		bprintf(b, "line %d %s", c->stopline, c->stop);
	else
		bprintf(b, "%s", c->stop);
}

static void
copymsg(Buf *b, const Change *c)
{
	if (c->kind != CH_MOVE) {
		bprintf(b, "kept %s in its loop: ", c->call);
		stopmsg(b, c);
		return;
	}
	if (c->how == CP_REMOVE || c->how == CP_RESYNC) {
		if (c->how == CP_REMOVE)
			bprintf(b, "removed %s", c->call);
		else
			bprintf(b, "replaced %s by cudaStreamSynchronize(0)", c->call);
		bprintf(b, ": %s; saves one copy (size: %s)", c->safe, c->bytes);
		return;
	}
	bprintf(b, "%s %s out of ", c->how == CP_HOIST ? "hoisted" : "sunk", c->call);
	loops(b, c);
	bprintf(b, " to line %d, %s it", c->target, c->how == CP_HOIST ? "before" : "after");
	if (c->guard)
		bprintf(b, ", under the loop's first test (if (%s)), since the loop may run zero times", c->guard);
	bprintf(b, ": %s; saves one copy per iteration but the first (size: %s)", c->safe, c->bytes);
}

static void
pinmsg(Buf *b, const Change *c)
{
	if (c->kind != CH_MOVE) {
		bprintf(b, "kept this %s's buffer pageable: ", c->call);
		stopmsg(b, c);
		return;
	}
	if (c->how == PN_SPLIT) {
		bprintf(b, "split %s into cudaMemcpyAsync", c->call);
		if (c->members.n > 1) {
			bprintf(b, " (with the cop%s at line%s", c->members.n > 2 ? "ies" : "y", c->members.n > 2 ? "s" : "");
			for (int i = 1; i < c->members.n; i++)
				bprintf(b, "%s %d", i == 1 ? "" : i == c->members.n - 1 ? " and" : ",", c->members.v[i]);
			bputs(b, ")");
		}
		bprintf(b, " and a cudaStreamSynchronize(0) before line %d: %s", c->target, c->safe);
		return;
	}
	if (c->how == PN_REGISTER) {
		bprintf(b, "page-locked this std::vector's data in place (cudaHostRegister after its declaration, "
		           "cudaHostUnregister before line %d, size: %s): %s",
		        c->target, c->bytes, c->safe);
		return;
	}
	bprintf(b, "pinned this %s's buffer (now cudaMallocHost, size: %s): %s", c->call, c->bytes, c->safe);
}

static void
fusemsg(Buf *b, const Change *c)
{
	if (c->kind != CH_MOVE) {
		bprintf(b, "kept this %s apart: ", c->call);
		stopmsg(b, c);
		return;
	}
	bprintf(b, "fused %d copies (line", c->overlap);
	for (int i = 0; i < c->members.n; i++)
		bprintf(b, "%s %d", i == 0 ? "s" : i == c->members.n - 1 ? " and" : ",", c->members.v[i]);
	bprintf(b, ") into %d: %s", c->calls, c->safe);
}

static void syncmsg(Buf *b, const Change *c);

/* --verify's verdict on a program (driver/verify.c). */
static void
verifymsg(Buf *b, const Change *c)
{
	if (c->how == VF_SAME)
		bprintf(b, "verified (%d runs): the rewrite prints what the original prints and exits as it does, eagerly "
		        "and with launches deferred", c->calls);
	else if (c->how == VF_DIFFERS)
		bprintf(b, "not rewritten: --verify found that %s", c->stop);
	else
		bprintf(b, "not verifiable: %s; the rewrite stands unverified", c->stop);
}

/* A change's words; one made in several rounds (Change.also) says what the
 * other passes did as part of it. */
void
changemsg(Buf *b, const Change *c)
{
	if (c->pass == PASS_VERIFY)
		verifymsg(b, c);
	else if (c->pass == PASS_FUSE)
		fusemsg(b, c);
	else if (c->pass == PASS_COPIES)
		copymsg(b, c);
	else if (c->pass == PASS_PIN)
		pinmsg(b, c);
	else
		syncmsg(b, c);
	for (int k = 0; k < c->also.n; k++) {
		if (c->also.v[k].u != c->u)
			bprintf(b, "; with it, %s:%d: ", relpath(c->also.v[k].u->path), c->also.v[k].line);
		else
			bprintf(b, "; with it, line %d: ", c->also.v[k].line);
		changemsg(b, &c->also.v[k]);
	}
}

static void
syncmsg(Buf *b, const Change *c)
{
	if (c->kind == CH_MOVE && c->safe) { /* across calls: where it went at each call, or in the callee */
		bprintf(b, "moved %s %s; it now overlaps %d host statement%s (%d call%s) ", c->call, c->safe, c->overlap,
		        c->overlap == 1 ? "" : "s", c->calls, c->calls == 1 ? "" : "s");
		if (c->how == SY_INTO)
			bprintf(b, "of %s() with %s", c->targetfn, c->inflight ? c->inflight : "device work in flight");
		else
			bprintf(b, "of the callers with %s", c->inflight ? c->inflight : "device work in flight");
	} else if (c->kind == CH_MOVE) {
		bprintf(b, "moved %s", c->call);
		members(b, c);
		if (c->toend)
			bprintf(b, " down to the end of its block (line %d)", c->target);
		else
			bprintf(b, " down to line %d", c->target);
		bprintf(b, "; it now overlaps %d host statement%s (%d call%s) with %s", c->overlap, c->overlap == 1 ? "" : "s",
		        c->calls, c->calls == 1 ? "" : "s", "device work in flight");
		if (c->inflight)
			bprintf(b, " since %s", c->inflight);
		if (c->toend)
			bprintf(b, "; nothing in its block stops it");
		else if (c->stopline)
			bprintf(b, "; stopped before line %d: line %d %s", c->target, c->stopline, c->stop);
		else
			bprintf(b, "; stopped: %s", c->stop);
	} else {
		bprintf(b, "kept %s: ", c->call);
		stopmsg(b, c);
	}
}

static void
change(Buf *b, const Change *c)
{
	if (c->pass == PASS_VERIFY) /* about the program, no line of it */
		bprintf(b, "%s: ", relpath(c->u->path));
	else
		bprintf(b, "%s:%d: ", relpath(c->u->path), c->line);
	changemsg(b, c);
	bputs(b, "\n");
}

void
textreport(Buf *b, const Report *r)
{
	for (int i = 0; i < r->nunits; i++) {
		const Unit *u = r->units[i];
		if (u->refused)
			bprintf(b, "%s: not analysed: %s%s%s\n", relpath(u->path), u->refused, u->fixhint ? "; try " : "",
			        u->fixhint ? u->fixhint : "");
		else if (u->skipped)
			continue;
		else if (u->legacy)
			bprintf(b, "%s: parsed with cuflow's minimal CUDA declarations: it uses %s, which CUDA 13 removed\n",
			        relpath(u->path), u->legacy);
		else if (u->mode == PM_MINIMAL && (i == 0 || r->units[i - 1]->mode != PM_MINIMAL))
			bprintf(b, "%s: parsed with cuflow's minimal CUDA declarations (no usable CUDA toolkit%s)\n",
			        relpath(u->path), r->minimalwhy ? r->minimalwhy : "");
	}
	for (int i = 0; i < r->plan->n; i++)
		change(b, &r->plan->v[i]);
	Tally t;
	tally(r, &t);
	bprintf(b, "summary:\n  files    %d analysed", t.analysed);
	if (t.refused)
		bprintf(b, ", %d not analysed", t.refused);
	if (t.skipped)
		bprintf(b, ", %d skipped by the pre-scan (no CUDA calls, launches or kernels)", t.skipped);
	if (t.hostonly)
		bprintf(b, ", %d C/C++ source%s read for %s calls", t.hostonly, t.hostonly == 1 ? "" : "s",
		        t.hostonly == 1 ? "its" : "their");
	bputs(b, "\n");
	if (ranpass(r, PASS_SYNC))
		bprintf(b, "  sync     %d move%s (%d sync%s), %d kept\n", t.moved, t.moved == 1 ? "" : "s", t.synced,
		        t.synced == 1 ? "" : "s", t.kept);
	if (ranpass(r, PASS_COPIES))
		bprintf(b, "  copies   %d hoisted, %d sunk, %d removed, %d kept in %s loop\n", t.hoisted, t.sunk, t.removed,
		        t.ckept, t.ckept == 1 ? "its" : "their");
	if (ranpass(r, PASS_PIN))
		bprintf(b, "  pin      %d buffer%s pinned, %d cop%s split, %d copied buffer%s kept pageable\n", t.pinned,
		        t.pinned == 1 ? "" : "s", t.split, t.split == 1 ? "y" : "ies", t.pkept, t.pkept == 1 ? "" : "s");
	if (ranpass(r, PASS_FUSE))
		bprintf(b, "  fuse     %d group%s: %d copies became %d; %d cop%s kept apart\n", t.groups,
		        t.groups == 1 ? "" : "s", t.fused, t.after, t.fkept, t.fkept == 1 ? "y" : "ies");
	if (t.verified + t.differs + t.unverifiable)
		bprintf(b, "  verify   %d program%s verified (%d runs), %d not rewritten, %d not verifiable\n", t.verified,
		        t.verified == 1 ? "" : "s", t.runs, t.differs, t.unverifiable);
	bprintf(b, "  changed  %d file%s\n", t.changed, t.changed == 1 ? "" : "s");
	bprintf(b, "  time     %.2f s (parsing %.2f s, analysis %.2f s)\n", r->twall, r->tparse, r->tanalyse);
}
