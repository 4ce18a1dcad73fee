/* fixpoint.c: several passes in one run, to a fixed point. One round of
 * passes sees the program as it was written, and a pass leaves alone what
 * another changes in the same round (fuse, the buffers pin makes
 * page-locked; sync, the copies that move). So the rounds go on: the
 * round's edits are applied, the files they changed are parsed again, and
 * the passes run on the new text, until a round changes nothing (at most
 * MAXROUNDS). The sync pass alone goes on to another round only when a
 * helper's sync was moved to the end of its caller, to move it on to that
 * caller's callers (a parse of the new text costs, and may read what the
 * first parse read: a FIFO). A second run of cuflow then finds nothing to do.
 *
 * The rounds' edits compose into edits of the files as they are on disk
 * (edit/compose.c). Changes whose text a later round rewrote become one
 * change, listed once with the passes that made it (Change.also); the
 * keeps are those of the last round, which say why the program as
 * rewritten stays as it is, except those about text a change wrote: that
 * change says it. A parse of the new text reads lines as the original's
 * (Unit.origline), so every line a later round reports is a line on disk. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"

enum { MAXROUNDS = 4 };

typedef struct {
	Unit **orig, **cur;
	int n;
	Layers *lay;
	bool *laid;   /* per unit: lay[i] is set */
	Plan moves;   /* every round's moves: a move's index is its owner in lay */
	Ints round;   /* per move: its round */
	Ints fromnew; /* per move: its statement was text an earlier round wrote */
	Ints uf;      /* per move: union-find of the moves that made one change */
	Plan keeps;   /* the last round's */
	int rounds;   /* rounds that made moves */
} Fix;

static int
unitof(const Fix *f, const Unit *u)
{
	for (int i = 0; i < f->n; i++)
		if (f->cur[i] == u || f->orig[i] == u)
			return i;
	return -1;
}

/* The function's name as the original unit holds it: the parse of a
 * round's text goes before the report reads the name. */
static const char *
origname(const Unit *u, const char *name)
{
	for (int i = 0; name && i < u->syms.n; i++)
		if (u->syms.v[i].name && !strcmp(u->syms.v[i].name, name))
			return u->syms.v[i].name;
	return "?";
}

/* A change of a later round, made of the original: its unit, its bytes;
 * its lines are the original's already. */
static void
toorig(Fix *f, Change *c, bool *innew, bool *replaced, int *owner)
{
	int i = unitof(f, c->u);
	*owner = -1;
	*innew = false;
	if (!f->laid[i])
		return;
	const Layers *l = &f->lay[i];
	*owner = layowner(l, c->begin, c->end, replaced);
	*innew = *owner >= 0;
	bool rep;
	int b = layorig(l, c->begin), e = c->end > c->begin ? layorig(l, c->end - 1) : b;
	if (c->end > c->begin && layowner(l, c->end - 1, c->end, &rep) < 0)
		e++;
	c->begin = b;
	c->end = e > b ? e : b;
	c->u = f->orig[i];
	c->fn = origname(c->u, c->fn);
	if (c->targetu)
		c->targetu = f->orig[unitof(f, c->targetu)];
	for (int k = 0; k < c->edits.n; k++) /* an edit in another file: that file as on disk */
		if (c->edits.v[k].u)
			c->edits.v[k].u = c->edits.v[k].u == c->u ? NULL : f->orig[unitof(f, c->edits.v[k].u)];
}

/* Takes round r's plan: its keeps replace the last round's, its moves are
 * added. The keeps about text a change of the same pass wrote, or that a
 * change added, go: that change reports them. */
static int
adopt(Fix *f, Plan *pr, int r)
{
	planfree(&f->keeps);
	int moves = 0;
	for (int k = 0; k < pr->n; k++) {
		Change *c = &pr->v[k];
		bool innew, replaced = false;
		int owner;
		toorig(f, c, &innew, &replaced, &owner);
		if (c->kind == CH_MOVE && c->edits.n) {
			vpush(f->moves, *c);
			vpush(f->round, r);
			vpush(f->fromnew, innew);
			int self = f->uf.n;
			vpush(f->uf, self);
			moves++;
		} else if (innew && (!replaced || f->moves.v[owner].pass == c->pass))
			changefree(c);
		else
			vpush(f->keeps, *c);
	}
	vfree(*pr);
	return moves;
}

/* Unit i's edits among moves [from, f->moves.n), each with its move. */
static void
editsof(Fix *f, int i, int from, Edits *e, Ints *owner)
{
	for (int m = from; m < f->moves.n; m++)
		for (int k = 0; k < f->moves.v[m].edits.n; k++)
			if (editunit(&f->moves.v[m], &f->moves.v[m].edits.v[k]) == f->orig[i]) {
				vpush(*e, f->moves.v[m].edits.v[k]);
				vpush(*owner, m);
			}
}

/* Applies the edits of moves [from, f->moves.n) to the units' pieces, all
 * or (when one file's cannot be: overlapping edits) none. */
static char *
apply(Fix *f, int from, bool *edited)
{
	char *why = NULL;
	for (int pass = 0; pass < 2 && !why; pass++)
		for (int i = 0; i < f->n && !why; i++) {
			Edits e = {0};
			Ints owner = {0};
			editsof(f, i, from, &e, &owner);
			edited[i] = e.n > 0;
			if (e.n && !f->laid[i]) {
				layinit(&f->lay[i], f->orig[i]->src, f->orig[i]->len);
				f->laid[i] = true;
			}
			if (e.n && pass == 0)
				why = laycheck(&f->lay[i], &e);
			else if (e.n)
				layapply(&f->lay[i], &e, owner.v, &f->uf);
			vfree(e);
			vfree(owner);
		}
	return why;
}

static const char *
basename_(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* Does a directive of u (an #include) name the file path? */
static bool
includes(const Unit *u, const char *path)
{
	const char *base = basename_(path);
	for (int i = 0; i < u->directives.n; i++) {
		int d = u->directives.v[i], e = directiveend(u, d);
		char *line = xstrndup(u->src + d, e - d);
		bool hit = strstr(line, base) != NULL;
		free(line);
		if (hit)
			return true;
	}
	return false;
}

/* Parses the edited units' new text; false when one cannot be (then the
 * rounds stop): a header, a file another one includes (whose parse would
 * still see the old text), or a parse that fails. */
static bool
reparse(Fix *f, const bool *edited, Reparse rp, void *ctx)
{
	for (int i = 0; i < f->n; i++)
		for (int k = 0; edited[i] && k < f->n; k++)
			if (k != i && includes(f->cur[k], f->orig[i]->path))
				return false;
	for (int i = 0; i < f->n; i++) {
		if (!edited[i])
			continue;
		size_t len;
		char *text = laytext(&f->lay[i], &len);
		int *lines = laylines(&f->lay[i], text, len);
		Unit *u = rp(ctx, f->orig[i], text, len, lines);
		free(text);
		free(lines);
		if (!u)
			return false;
		u->unseen = f->orig[i]->unseen;
		u->nunseen = f->orig[i]->nunseen;
		if (f->cur[i] != f->orig[i])
			unit_free(f->cur[i]);
		f->cur[i] = u;
	}
	return true;
}

/* The move that speaks for a change made in several rounds: the latest;
 * its statement's place is the earliest member's, of the same pass, that
 * stood in the original. */
static void
merge(Fix *f, Ints *members, Plan *plan, Edits *edits)
{
	int top = members->v[0];
	for (int k = 1; k < members->n; k++)
		if (f->round.v[members->v[k]] > f->round.v[top])
			top = members->v[k];
	Change c = f->moves.v[top];
	freeedits(&c.edits);
	c.edits = *edits;
	for (int k = 0; k < members->n; k++) {
		Change *m = &f->moves.v[members->v[k]];
		if (members->v[k] == top)
			continue;
		if (f->fromnew.v[top] && !f->fromnew.v[members->v[k]] && m->pass == c.pass) {
			c.line = m->line, c.endline = m->endline, c.begin = m->begin, c.end = m->end;
			if (!c.targetu && c.targetfn && m->u != c.u) /* up a chain from a helper in another file: that file */
				c.targetu = c.u;
			c.u = m->u, c.fn = m->fn;
			f->fromnew.v[top] = false;
			if (c.pass == PASS_SYNC && c.how == SY_OUT) { /* up a chain: the sync as it stood in the helper */
				Ints t = c.members;
				c.members = m->members;
				m->members = t;
			}
		}
		freeedits(&m->edits);
		c.passes |= m->passes;
		vpush(c.also, *m);
	}
	for (int k = 0; k < c.edits.n; k++) /* compose gave every edit its file */
		if (c.edits.v[k].u == c.u)
			c.edits.v[k].u = NULL;
	vpush(*plan, c);
}

/* The moves, joined into changes, with the rounds' edits composed. */
static void
compose(Fix *f, Plan *plan)
{
	Edits *byroot = xcalloc(f->moves.n + 1, sizeof *byroot);
	for (int i = 0; i < f->n; i++) {
		if (!f->laid[i])
			continue;
		Edits e = {0};
		Ints owner = {0};
		layedits(&f->lay[i], &e, &owner);
		for (int k = 0; k < e.n; k++) {
			int root = ufind(&f->uf, owner.v[k]);
			e.v[k].seq = k; /* the file's order: one sequence for all its changes */
			e.v[k].u = f->orig[i];
			vpush(byroot[root], e.v[k]);
		}
		vfree(e);
		vfree(owner);
	}
	for (int m = 0; m < f->moves.n; m++) {
		if (ufind(&f->uf, m) != m)
			continue;
		Ints members = {0};
		for (int k = m; k < f->moves.n; k++)
			if (ufind(&f->uf, k) == m)
				vpush(members, k);
		if (byroot[m].n)
			merge(f, &members, plan, &byroot[m]);
		else /* later rounds undid it: nothing to show */
			for (int k = 0; k < members.n; k++)
				changefree(&f->moves.v[members.v[k]]);
		vfree(members);
	}
	free(byroot);
}

static int
npasses(unsigned passes)
{
	int n = 0;
	for (; passes; passes &= passes - 1)
		n++;
	return n;
}

static void
finish(Fix *f, Plan *plan)
{
	if (f->rounds > 1)
		compose(f, plan);
	else
		for (int m = 0; m < f->moves.n; m++)
			vpush(*plan, f->moves.v[m]);
	for (int k = 0; k < f->keeps.n; k++)
		vpush(*plan, f->keeps.v[k]);
	vfree(f->keeps);
	vfree(f->moves);
	vfree(f->round);
	vfree(f->fromnew);
	vfree(f->uf);
	for (int i = 0; i < f->n; i++) {
		if (f->laid[i])
			layfree(&f->lay[i]);
		if (f->cur[i] != f->orig[i])
			unit_free(f->cur[i]);
	}
	free(f->lay);
	free(f->laid);
	free(f->cur);
}

/* Did a move of the round that starts at move from leave a sync at the
 * end of a caller (Change.chain), which the next round may take further? */
static bool
chained(const Fix *f, int from)
{
	for (int m = from; m < f->moves.n; m++)
		if (f->moves.v[m].chain)
			return true;
	return false;
}

/* runpasses, in rounds while more than one pass runs or sync does (a
 * sync that leaves a helper for the end of its caller leaves that caller
 * in the next round: GSOHC's motion up the call chain); rp parses a
 * unit's new text. NULL, or why the program was refused. */
char *
fixpoint(Unit **u, int n, const Rules *rules, const Opts *o, unsigned passes, Reparse rp, void *ctx, Plan *plan)
{
	if ((npasses(passes) < 2 && !(passes & 1u << PASS_SYNC)) || !rp)
		return runpasses(u, n, rules, o, passes, false, plan);
	bool alone = npasses(passes) < 2; /* sync alone: another round only to climb a chain of callers */
	Fix f = {0};
	f.orig = u;
	f.n = n;
	f.cur = xcalloc(n + 1, sizeof *f.cur);
	f.lay = xcalloc(n + 1, sizeof *f.lay);
	f.laid = xcalloc(n + 1, sizeof *f.laid);
	memcpy(f.cur, u, n * sizeof *u);
	bool *edited = xcalloc(n + 1, sizeof *edited);
	char *why = NULL;
	for (int r = 0; r < MAXROUNDS; r++) {
		Plan pr = {0};
		why = runpasses(f.cur, n, rules, o, passes, r + 1 < MAXROUNDS, &pr);
		if (why && r > 0) { /* the rounds so far stand */
			free(why);
			why = NULL;
			planfree(&pr);
			break;
		}
		if (why)
			break;
		int from = f.moves.n;
		if (!adopt(&f, &pr, r))
			break;
		f.rounds++;
		char *err = apply(&f, from, edited);
		if (err) { /* the driver reports edits that overlap, from the first round's own */
			free(err);
			if (r > 0) {
				for (int m = from; m < f.moves.n; m++)
					changefree(&f.moves.v[m]);
				f.moves.n = f.round.n = f.fromnew.n = f.uf.n = from;
				f.rounds--;
			}
			break;
		}
		if (r + 1 == MAXROUNDS || (alone && !chained(&f, from)) || !reparse(&f, edited, rp, ctx))
			break;
	}
	free(edited);
	finish(&f, plan);
	return why;
}
