/* config.c: code that other configurations of the preprocessor compile,
 * for the copies pass. libclang parses one configuration; the text of every
 * other #if/#elif/#else group is read here as tokens. A copy's buffers that
 * only the function's own variables reach (ownheap) can be reached in that
 * text only by naming those variables: when no group names them, jumps
 * with goto or changes a macro, what the analysis proved of the buffers
 * holds in every configuration. A copy that moves out of a loop is
 * re-emitted under the #if lines that enclose it there (condopen). */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "analysis/analysis.h"
#include "pass/copies.h"

static const char *const ifs[] = {"if", "ifdef", "ifndef", NULL}, *const elses[] = {"elif", "else", NULL},
                        *const endif[] = {"endif", NULL};

/* Does the identifier [b, e) name one of the variables of rel? */
static bool
namesrel(const C *c, int b, int e, const Bits *rel)
{
	for (int l = bnext(rel, 0); l >= 0; l = bnext(rel, l + 1)) {
		const char *nm = c->p->locs.v[l].name;
		if ((int)strlen(nm) == e - b && !strncmp(c->u->src + b, nm, e - b))
			return true;
	}
	return false;
}

/* Is the identifier [b, e) followed by a call's '(' or a launch's '<<<',
 * and neither a keyword nor a function the rules call pure? */
static bool
impurecall(const C *c, int b, int e)
{
	static const char *const kw[] = {"if", "for", "while", "switch", "sizeof", "alignof", "_Alignof", "catch", NULL};
	const char *s = c->u->src;
	int i = e;
	while (i < (int)c->u->len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
		i++;
	if (s[i] != '(' && strncmp(s + i, "<<<", 3))
		return false;
	if (isword(s + b, e - b, kw))
		return false;
	char *name = xstrndup(s + b, e - b);
	const Rule *r = rules_find(c->p->rules, name);
	free(name);
	return !r || r->kind != RK_PURE || s[i] != '(';
}

/* The first token of [a, b) that may reach rel's buffers in code the parse
 * did not see: a name of one of rel's variables, a goto (a path the CFG
 * lacks), a #define, #undef or #include (the active code may mean
 * something else); with jumps, also a statement that leaves the loop or
 * the iteration, and a call of anything but a pure function (it may end
 * the program, or wait). Its offset, or -1. */
static int
reachesin(const C *c, int a, int b, const Bits *rel, bool jumps)
{
	static const char *const dirs[] = {"define", "undef", "include", "import", NULL};
	static const char *const leave[] = {"break", "continue", "return", "throw", "co_return", NULL};
	const char *s = c->u->src;
	for (int at = a, t; (t = nexttoken(s, &at, b)) >= 0;) {
		if (s[t] == '#') {
			int n;
			const char *w = directiveword(c->u, t, &n);
			if (isword(w, n, dirs))
				return t;
			at = directiveend(c->u, t);
		} else if (isword(s + t, at - t, (const char *const[]){"goto", NULL}) || namesrel(c, t, at, rel) ||
		           (jumps && (isword(s + t, at - t, leave) || impurecall(c, t, at))))
			return t;
	}
	return -1;
}

/* Does some statement of the function lie wholly in [a, b)? Then the parse
 * compiled that text. */
static bool
compiled(const C *c, int a, int b)
{
	for (int v = 2; v < c->f->st.n; v++)
		if (c->f->st.v[v].begin >= a && c->f->st.v[v].end <= b && c->f->st.v[v].end > c->f->st.v[v].begin)
			return true;
	return false;
}

/* Is one of the names in ms (offsets of names in the unit's text) spelled
 * by a token of [a, b)? Its offset, or -1. */
static int
namesin(const Unit *u, int a, int b, const Ints *ms)
{
	for (int at = a, t; (t = nexttoken(u->src, &at, b)) >= 0;)
		for (int i = 0; i < ms->n; i++) {
			int m = ms->v[i], k = m;
			while (isident(u->src[k]))
				k++;
			if (u->src[t] != '#' && k - m == at - t && !strncmp(u->src + m, u->src + t, at - t))
				return t;
		}
	return -1;
}

/* The names of the unit's macros: those it defines under an #if or
 * undefines (cond), and the others (plain); offsets of their names. */
static void
macronames(const Unit *u, Ints *cond, Ints *plain)
{
	int depth = 0;
	for (int i = 0; i < u->directives.n; i++) {
		int d = u->directives.v[i], n, e = directiveend(u, d);
		const char *w = directiveword(u, d, &n);
		if (isword(w, n, ifs))
			depth++;
		else if (isword(w, n, endif) && depth > 0)
			depth--;
		else if (isword(w, n, (const char *const[]){"define", "undef", NULL})) {
			int at = (int)(w - u->src) + n, name = nexttoken(u->src, &at, e);
			if (name >= 0)
				vpush(*(depth || w[0] == 'u' ? cond : plain), name);
		}
	}
}

/* A use in [lo, hi) of a macro the unit defines under an #if or
 * undefines: another configuration may expand it to other code. Its
 * offset, or -1. */
int
condmacro(const Unit *u, int lo, int hi)
{
	Ints cond = {0}, plain = {0};
	macronames(u, &cond, &plain);
	int t = namesin(u, lo, hi, &cond);
	vfree(cond);
	vfree(plain);
	return t;
}

/* Where code another configuration compiles may reach rel's buffers
 * (reachesin), in [lo, hi): the #if/#elif/#else groups meeting it that hold
 * no statement the parse saw (but #if 0 ones); every #define of the unit (a
 * macro may name the variables anywhere); a use of a macro the unit
 * defines under an #if (condmacro); and the text of every statement
 * written through a macro the unit does not define (one from a header may
 * expand to nothing here and read its arguments elsewhere). Its offset, or
 * -1. */
int
otherconfig(const C *c, int lo, int hi, const Bits *rel, bool jumps)
{
	const Unit *u = c->u;
	Ints open = {0}; /* per open #if chain, where its current group starts */
	int found = -1;
	for (int i = 0; i < u->directives.n && found < 0; i++) {
		int d = u->directives.v[i], n, e = directiveend(u, d);
		const char *w = directiveword(u, d, &n);
		if (isword(w, n, (const char *const[]){"define", NULL})) {
			int at = (int)(w - u->src) + n;
			nexttoken(u->src, &at, e); /* the macro's name */
			for (int t; found < 0 && (t = nexttoken(u->src, &at, e)) >= 0;)
				if (namesrel(c, t, at, rel))
					found = d;
		} else if (isword(w, n, ifs))
			vpush(open, neverif(u, w + n, e) ? -1 : e);
		else if (open.n && (isword(w, n, elses) || isword(w, n, endif))) {
			int gs = open.v[open.n - 1];
			if (gs >= 0 && gs < hi && d > lo && !compiled(c, gs, d))
				found = reachesin(c, gs, d, rel, jumps);
			if (w[1] == 'n')
				open.n--;
			else
				open.v[open.n - 1] = e;
		}
	}
	vfree(open);
	Ints cond = {0}, plain = {0};
	macronames(u, &cond, &plain);
	if (found < 0)
		found = namesin(u, lo, hi, &cond);
	for (int v = 2; v < c->f->st.n && found < 0; v++) {
		const Stmt *st = &c->f->st.v[v];
		int at = st->begin, m = nexttoken(u->src, &at, st->end);
		if ((st->flags & SF_MACRO) && st->begin >= lo && st->end <= hi && (m < 0 || namesin(u, m, at, &plain) < 0))
			found = reachesin(c, st->begin, st->end, rel, jumps);
	}
	vfree(cond);
	vfree(plain);
	return found;
}

/* Is location l a variable of the function itself, not a parameter and
 * not static, whose address no memory holds (C.held)? It ends with the call. */
bool
ownlocal(const C *c, int l)
{
	const Loc *x = &c->p->locs.v[l];
	if (x->kind != L_VAR || x->fn != c->pf->id || (x->flags & (SYMF_STATIC | SYMF_EXTERN)) || bhas(c->held, l))
		return false;
	if (c->p->dtors && (x->flags & SYMF_RECORD))
		return false; /* a destructor of the program's own may read through it at the end of its scope */
	int ui = unitidx(c->p, c->u);
	for (int i = 0; i < c->f->params.n; i++)
		if (symloc(c->p, ui, c->f->params.v[i]) == l)
			return false;
	return c->f->retsym < 0 || symloc(c->p, ui, c->f->retsym) != l;
}

/* Are the buffers of s heap the function allocates, which only its own
 * variables point to (ownlocal)? Then once it returns nothing reaches
 * them. Those variables go to rel. */
bool
ownheap(const C *c, const Bits *s, Bits *rel)
{
	if (bempty(s))
		return false;
	for (int h = bnext(s, 0); h >= 0; h = bnext(s, h + 1))
		if (c->p->locs.v[h].kind != L_HEAP || c->p->locs.v[h].fn != c->pf->id)
			return false;
	for (int l = 0; l < c->p->locs.n; l++)
		if (bmeets(&c->p->pts[l], s)) {
			if (!ownlocal(c, l))
				return false;
			bset(rel, l);
		}
	return true;
}

/* Are the directives of [lo, hi) whole #if chains (each #if with its #endif
 * inside, no #elif, #else or #endif of a chain opened outside), and no
 * other directive? The first that is not, or -1. */
static int
condnest(const Unit *u, int lo, int hi)
{
	int depth = 0;
	for (int i = 0; i < u->directives.n; i++) {
		int d = u->directives.v[i], n;
		if (d < lo || d >= hi)
			continue;
		const char *w = directiveword(u, d, &n);
		if (isword(w, n, ifs))
			depth++;
		else if (isword(w, n, endif) && depth > 0)
			depth--;
		else if (!(isword(w, n, elses) && depth > 0))
			return d;
	}
	return depth ? directivein(u, lo, hi) : -1;
}

/* The #if, #ifdef and #ifndef lines in [lo, at) whose group holds offset
 * at, outermost first (to re-emit around a copy leaving [lo, ...)). False
 * when at lies in an #elif or #else group, whose condition no line says. */
bool
condopen(const Unit *u, int lo, int at, Ints *lines)
{
	lines->n = 0;
	for (int i = 0; i < u->directives.n; i++) {
		int d = u->directives.v[i], n;
		if (d < lo || d >= at)
			continue;
		const char *w = directiveword(u, d, &n);
		if (isword(w, n, ifs))
			vpush(*lines, d);
		else if (isword(w, n, endif) && lines->n)
			lines->n--;
		else if (isword(w, n, elses) && lines->n)
			lines->v[lines->n - 1] = -1;
	}
	for (int i = 0; i < lines->n; i++)
		if (lines->v[i] < 0)
			return false;
	return true;
}

/* The text around a copy re-emitted outside [lo, ...): its #if lines
 * (condopen) before it, an #endif each after it. */
void
condwrap(const Unit *u, int lo, int at, Buf *text)
{
	Ints open = {0};
	if (condopen(u, lo, at, &open) && open.n) {
		Buf w = {0};
		for (int i = 0; i < open.n; i++) {
			int e = directiveend(u, open.v[i]);
			bputn(&w, u->src + open.v[i], e - open.v[i]);
			bputs(&w, "\n");
		}
		bputn(&w, text->v, text->n);
		for (int i = 0; i < open.n; i++)
			bputs(&w, "#endif\n");
		free(text->v);
		*text = w;
	}
	vfree(open);
}

/* The copy's variables that code of other configurations in the loop may
 * name (its arguments, and those pointing to its buffers) into rel: false
 * when its buffers are not the function's own (ownheap) or an argument is
 * not its own variable (ownlocal), so other names may reach them. */
static bool
copyrel(const C *c, const Copy *x, Bits *rel)
{
	if (!ownheap(c, &x->dset, rel) || !ownheap(c, &x->sset, rel))
		return false;
	for (int l = bnext(&x->args, 0); l >= 0; l = bnext(&x->args, l + 1)) {
		if (!ownlocal(c, l))
			return false;
		bset(rel, l);
	}
	return true;
}

/* Why other configurations keep copy x (and y, its round trip's other
 * half, or NULL) in loop lp, which holds directives, or NULL: the loop's
 * directives must be whole #if chains; each copy in the first group of its
 * chains, whose lines go with it (condwrap); its buffers and arguments the
 * function's own; and no group the parse did not compile may name them
 * (otherconfig), leave the loop or call what is not pure. A round trip's
 * two copies stand under the same #if lines. *ln: the line to blame. */
char *
loopconfig(const C *c, const Loop *lp, const Copy *x, const Copy *y, int *ln)
{
	const char *other = "is a preprocessor directive inside the loop: the code may differ in other configurations";
	int d = condnest(c->u, lp->begin, lp->end);
	Ints open = {0};
	Bits rel = bnew(c->p->locs.n);
	char *why = NULL;
	if (d < 0 && (x->via || (y && y->via))) /* a callee's copy: its text is not in this loop */
		d = directivein(c->u, lp->begin, lp->end);
	if (d >= 0)
		why = xstrdup(other);
	Ints yopen = {0};
	if (!why && y && (!condopen(c->u, lp->begin, homest(c, y)->begin, &yopen) ||
	                  !condopen(c->u, lp->begin, homest(c, x)->begin, &open) || open.n != yopen.n ||
	                  memcmp(open.v, yopen.v, open.n * sizeof *open.v))) {
		d = homest(c, y)->begin;
		why = xstrdup("holds the download under other #if lines than the upload");
	}
	vfree(yopen);
	for (const Copy *z = x; !why && z; z = z == x ? y : NULL)
		if (!condopen(c->u, lp->begin, homest(c, z)->begin, &open)) {
			d = homest(c, z)->begin;
			why = xstrdup("holds the copy in an #elif or #else group, whose condition cuflow cannot repeat outside "
			              "the loop");
		} else if (!copyrel(c, z, &rel)) {
			d = directivein(c->u, lp->begin, lp->end);
			why = xstrdup(other);
		}
	if (!why && (d = otherconfig(c, lp->begin, lp->end, &rel, true)) >= 0)
		why = xstrdup("is code another configuration compiles, which may use the copy's buffers or arguments, "
		              "leave the loop or call a function");
	if (why)
		*ln = line(c, d);
	vfree(open);
	bfree(&rel);
	return why;
}

/* What makes moving copy x out of loop lp safe in other configurations,
 * for its report, or NULL when the loop holds no directive. */
char *
configfacts(const C *c, const Loop *lp, const Copy *x)
{
	int d = directivein(c->u, lp->begin, lp->end);
	if (d < 0)
		return NULL;
	Bits rel = bnew(c->p->locs.n);
	copyrel(c, x, &rel);
	Buf b = {0};
	bprintf(&b, "the loop's #if groups from line %d that this build leaves out name none of ", line(c, d));
	for (int l = bnext(&rel, 0), k = 0; l >= 0; l = bnext(&rel, l + 1), k++)
		bprintf(&b, "%s%s", k ? ", " : "", c->p->locs.v[l].name);
	bprintf(&b, " (only variables of %s() reach the copy's buffers), nor leave the loop or call a function", c->fname);
	Ints open = {0};
	condopen(c->u, lp->begin, homest(c, x)->begin, &open);
	for (int i = 0; i < open.n; i++)
		bprintf(&b, i ? ", line %d" : "; the copy keeps the #if lines around it (line %d", line(c, open.v[i]));
	if (open.n)
		bputs(&b, ")");
	vfree(open);
	bfree(&rel);
	return bstr(&b);
}
