/* hidden.c: code of other configurations. libclang compiles one
 * configuration of the preprocessor; the #if/#elif/#else groups it leaves
 * out are code users build too, and the analysis never saw it. A left-out
 * group that calls anything may leave device work in flight (an async copy,
 * a launch): pending.c marks the work in flight after it EX_HIDDEN, and the
 * sync pass then passes only statements no device work can reach. A group
 * that names a buffer's pointer may copy the buffer asynchronously: pin
 * keeps it pageable. Generated programs (tests/smith) found both.
 *
 * Groups are read as tokens. One holding a statement the parse saw is the
 * compiled one; `#if 0` groups are nobody's code. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "analysis/analysis.h"

static const char *const ifs[] = {"if", "ifdef", "ifndef", NULL}, *const elses[] = {"elif", "else", NULL},
                        *const endif[] = {"endif", NULL};

/* Does a statement of some function of the unit's main file lie wholly in
 * [a, b)? (The front end keeps the main file's directives only.) */
static bool
compiledin(const Unit *u, int a, int b)
{
	for (int f = 0; f < u->fns.n; f++)
		for (int v = 2; u->fns.v[f].inmain && v < u->fns.v[f].st.n; v++) {
			const Stmt *st = &u->fns.v[f].st.v[v];
			if (st->begin >= a && st->end <= b && st->end > st->begin)
				return true;
		}
	return false;
}

/* Can a call of name leave device work in flight? Anything but what the
 * rules say only computes, touches host memory, prints, reads a clock,
 * exits, queries the device, allocates, frees or waits. */
static bool
enqueues(const Rules *rules, const char *s, int n)
{
	char *name = xstrndup(s, n);
	const Rule *r = rules_find(rules, name);
	free(name);
	if (!r)
		return true;
	switch (r->kind) {
	case RK_PURE: case RK_HOST: case RK_IO: case RK_TIMER: case RK_EXIT: case RK_DEVICE: case RK_ALLOC: case RK_FREE:
	case RK_SYNC:
		return false;
	case RK_COPY: case RK_MEMSET:
		return (r->flags & RF_ASYNC) != 0;
	default:
		return true;
	}
}

/* Is there a call in [a, b) that may leave device work in flight: a name
 * followed by '(' or '<<<' that is no keyword (enqueues)? Directive lines
 * inside are skipped. */
static bool
calls(const Rules *rules, const Unit *u, int a, int b)
{
	static const char *const kw[] = {"if", "for", "while", "switch", "sizeof", "alignof", "_Alignof", "return",
	                                 "catch", "defined", NULL};
	const char *s = u->src;
	for (int at = a, t; (t = nexttoken(s, &at, b)) >= 0;) {
		if (s[t] == '#') {
			at = directiveend(u, t);
			continue;
		}
		int i = at;
		while (i < b && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
			i++;
		if ((s[i] == '(' || !strncmp(s + i, "<<<", 3)) && !isword(s + t, at - t, kw) &&
		    (s[i] != '(' || enqueues(rules, s + t, at - t)))
			return true;
	}
	return false;
}

/* Does a token of s's [a, b) spell name, or name a macro of the program's
 * own files whose body does (REGROW() for free(h); h = malloc(n)), a few
 * macros deep? */
static bool
spellsin(const Unit *u, const char *s, int a, int b, const char *name, int depth)
{
	int n = (int)strlen(name);
	for (int at = a, t; (t = nexttoken(s, &at, b)) >= 0;) {
		if (at - t == n && !strncmp(s + t, name, n))
			return true;
		int w = at;
		if (s[t] == '#' && (w = nexttoken(s, &w, b)) >= 0 && !strncmp(s + w, "include", 7))
			return true; /* a header only this group includes: cuflow has not read its macros */
		for (int i = 0; depth < 4 && i + 1 < u->macros.n; i += 2) {
			const char *m = u->macros.v[i], *body = u->macros.v[i + 1];
			if ((int)strlen(m) == at - t && !strncmp(s + t, m, at - t) &&
			    spellsin(u, body, 0, (int)strlen(body), name, depth + 1))
				return true;
		}
	}
	return false;
}

static bool
spells(const Unit *u, int a, int b, const char *name)
{
	return spellsin(u, u->src, a, b, name, 0);
}

/* The first left-out group meeting [lo, hi) that calls something (name
 * NULL) or spells name: the offset where its text begins, or -1. */
static int
leftout(const Rules *rules, const Unit *u, int lo, int hi, const char *name)
{
	Ints open = {0}; /* per open #if chain, where its current group starts (-1: #if 0) */
	int found = -1;
	for (int i = 0; i < u->directives.n && found < 0; i++) {
		int d = u->directives.v[i], n, e = directiveend(u, d);
		const char *w = directiveword(u, d, &n);
		if (isword(w, n, ifs))
			vpush(open, neverif(u, w + n, e) ? -1 : e);
		else if (open.n && (isword(w, n, elses) || isword(w, n, endif))) {
			int gs = open.v[open.n - 1];
			if (gs >= 0 && gs < hi && d > lo && (name ? spells(u, gs, d, name) : calls(rules, u, gs, d)) &&
			    !compiledin(u, gs, d))
				found = gs;
			if (w[1] == 'n')
				open.n--;
			else
				open.v[open.n - 1] = e;
		}
	}
	vfree(open);
	return found;
}

int
hiddenwork(const Rules *rules, const Unit *u, int lo, int hi)
{
	return leftout(rules, u, lo, hi, NULL);
}

int
hiddenname(const Unit *u, const char *name)
{
	return leftout(NULL, u, 0, (int)u->len, name);
}

/* The first left-out group meeting [lo, hi) that may leave its block
 * (return, break, continue, goto, throw): the offset of its text, or -1. */
int
hiddenjump(const Unit *u, int lo, int hi)
{
	static const char *const jumps[] = {"return", "break", "continue", "goto", "throw", NULL};
	int at = -1;
	for (int i = 0; jumps[i]; i++) {
		int g = leftout(NULL, u, lo, hi, jumps[i]);
		if (g >= 0 && (at < 0 || g < at))
			at = g;
	}
	return at;
}

/* The nodes of f that a left-out group calling something runs right before:
 * the first node after it in the text (a statement, or the '}' of the block
 * holding the group). Set in before. */
void
hiddenbefore(const Rules *rules, const Unit *u, const Func *f, bool *before)
{
	for (int lo = f->begin, g; f->inmain && (g = hiddenwork(rules, u, lo, f->end)) >= 0;) {
		int next = -1;
		for (int v = 2; v < f->st.n; v++)
			if (f->st.v[v].begin >= g && f->st.v[v].end > f->st.v[v].begin &&
			    (next < 0 || f->st.v[v].begin < f->st.v[next].begin))
				next = v;
		if (next < 0)
			break;
		before[next] = true;
		lo = f->st.v[next].begin;
	}
}

/* Per node of f: does its statement lie in a conditional group (#if ...
 * #endif) opened inside f's body? Another configuration may leave it out,
 * so a wait there may not happen (pending.c lets work stay in flight past
 * it). Groups around the whole function, include guards among them, do
 * not count: the function goes with them. */
void
ingroup(const Unit *u, const Func *f, bool *in)
{
	for (int v = 2; v < f->st.n; v++) {
		int depth = 0, b = f->st.v[v].begin;
		for (int i = 0; i < u->directives.n; i++) {
			int d = u->directives.v[i], n;
			if (d < f->begin || d >= b)
				continue;
			const char *w = directiveword(u, d, &n);
			if (w && n >= 2 && !strncmp(w, "if", 2)) /* if, ifdef, ifndef */
				depth++;
			else if (w && n == 5 && !strncmp(w, "endif", 5) && depth > 0)
				depth--;
		}
		in[v] = depth > 0;
	}
}

/* A variable that may point to location loc and that a left-out group of
 * some unit names (that code may copy, free or keep the buffer): its name,
 * and the group's line and file in *line and *u; NULL when there is none. */
const char *
hiddenptr(const Prog *p, int loc, int *line, const Unit **u)
{
	for (int l = 0; l < p->locs.n; l++) {
		const Loc *y = &p->locs.v[l];
		for (int i = 0; y->kind == L_VAR && bhas(&p->pts[l], loc) && i < p->nunits; i++) {
			int at = hiddenname(p->units[i], y->name);
			if (at >= 0) {
				*line = unitline(p->units[i], at);
				*u = p->units[i];
				return y->name;
			}
		}
	}
	return NULL;
}

/* May device work that left-out code leaves in flight reach what e
 * touches? Anything but variables whose address nothing takes and that no
 * left-out group of the unit names; output and volatile memory too (a sync
 * orders them). The location; -2 for output or volatile memory; -1: no. */
int
hiddenreach(const Prog *p, const Unit *u, const Eff *e)
{
	if (e->ex & (EX_IO | EX_VOLATILE))
		return -2;
	int found = -1;
	Bits acc = bnew(p->locs.n);
	bor(&acc, &e->rd);
	bor(&acc, &e->wr);
	for (int l = bnext(&acc, 0); l >= 0 && found < 0; l = bnext(&acc, l + 1)) {
		const Loc *y = &p->locs.v[l];
		if (y->kind != L_VAR || bhas(&p->escapable, l) || hiddenname(u, y->name) >= 0)
			found = l;
	}
	bfree(&acc);
	return found;
}

/* A macro of u.cfgmacros (defined otherwise in another configuration) that
 * [a, b) of the main file names, or NULL. */
const char *
cfgmacro(const Unit *u, int a, int b)
{
	for (int at = a, t; u->cfgmacros.n && (t = nexttoken(u->src, &at, b)) >= 0;)
		for (int i = 0; i < u->cfgmacros.n; i++)
			if ((int)strlen(u->cfgmacros.v[i]) == at - t && !strncmp(u->src + t, u->cfgmacros.v[i], at - t))
				return u->cfgmacros.v[i];
	return NULL;
}
