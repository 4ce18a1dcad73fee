/* forms.c: the edits the passes make, at the level of statements and
 * declarators, whatever the shape of the lines around them. A pass says
 * what changes (replace this statement, insert before or after that one,
 * split this declaration where its declarator changes); this file writes
 * the text: a statement that shares its line with others is replaced or
 * preceded alone and the line is split, each new line taking the line's
 * indentation; a declaration of several declarators becomes one declaration
 * per declarator (the type they share repeated), the one that changes
 * replaced and the others keeping their text, in their order (their
 * initialisers run in the same order as before). The passes then test
 * facts about the program, never line shapes (doc/design.md). Offsets are
 * the unit's bytes; edits go to an Edits, which the edit engine applies
 * (edit.c). */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"

static bool
blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* Is there code (not blanks) on off's line before off? */
static bool
codebefore(const Unit *u, int off)
{
	for (int i = linestart(u->src, off); i < off; i++)
		if (!blank(u->src[i]))
			return true;
	return false;
}

/* Past the blanks after off on its line. */
static int
skipblanks(const Unit *u, int off)
{
	while (off < (int)u->len && blank(u->src[off]))
		off++;
	return off;
}

/* Back over the blanks before off on its line. */
static int
backblanks(const Unit *u, int off)
{
	while (off > 0 && blank(u->src[off - 1]))
		off--;
	return off;
}

/* Is there code after end on its line (not blanks, not a comment to the
 * line's end)? */
static bool
codeafter(const Unit *u, int end)
{
	return stmtlineend(u, end) < 0;
}

/* Is statement st a block's item that is call c and its ';' and nothing
 * else (not `cudaMemcpyAsync(...), h[1] = 3;`, nor a for's
 * initialisation), with line, also no other code after it on its line: a
 * wait put after it then follows the whole copy? */
bool
callalone(const Unit *u, const Stmt *st, const Call *c, bool line)
{
	if (st->list < 0 || c->off != st->begin || (line && codeafter(u, st->end)))
		return false;
	int at = c->end;
	while (at < st->end && (blank(u->src[at]) || u->src[at] == '\n'))
		at++;
	return at == st->end || (u->src[at] == ';' && at + 1 == st->end);
}

/* text's lines, the first as it is, each later one after "\n" + indent. */
static void
indented(Buf *out, const char *text, const char *indent)
{
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		if (p != text)
			bprintf(out, "\n%s", n ? indent : "");
		bputn(out, p, n);
		p += n + (nl != NULL);
	}
}

/* The line break that sets a statement apart from code before it (at
 * begin) or after it (at end): the blanks between become a new line at
 * the statement's indentation. Both statements beside such a place make
 * the same edit (EDIT_SHARED): it is made once. */
static void
linebreak(const Unit *u, int at, bool before, const char *indent, Edits *e)
{
	int a = before ? backblanks(u, at) : at, z = before ? at : skipblanks(u, at);
	Edit x = {a, z - a, fmt("\n%s", indent), EDIT_SHARED, true, NULL};
	vpush(*e, x);
}

/* Replace the statement [begin, end) (end past its ';') with text, one or
 * more lines without indentation. Where other code shares its line, the
 * line is split around it. */
void
replacestmt(const Unit *u, int begin, int end, const char *text, Edits *e)
{
	char *indent = indentof(u->src, u->len, begin);
	if (codebefore(u, begin))
		linebreak(u, begin, true, indent, e);
	if (codeafter(u, end))
		linebreak(u, end, false, indent, e);
	Buf b = {0};
	indented(&b, text, indent);
	addedit(e, begin, end - begin, bstr(&b));
	free(indent);
}

/* Insert text (lines without indentation) before the statement starting at
 * begin, at its indentation: above its line when it starts the line, else
 * on lines of their own split from the code before it. seq orders inserts
 * at one offset. */
void
insertbefore(const Unit *u, int begin, const char *text, int seq, Edits *e)
{
	char *indent = indentof(u->src, u->len, begin);
	Buf b = {0};
	if (codebefore(u, begin)) {
		linebreak(u, begin, true, indent, e);
		indented(&b, text, indent);
		bprintf(&b, "\n%s", indent);
		Edit x = {begin, 0, bstr(&b), seq, false, NULL};
		vpush(*e, x);
	} else {
		bputs(&b, indent);
		indented(&b, text, indent);
		bputs(&b, "\n");
		Edit x = {linestart(u->src, begin), 0, bstr(&b), seq, false, NULL};
		vpush(*e, x);
	}
	free(indent);
}

/* Insert text after the statement ending at end (past its ';'): below its
 * line when it ends the line, else on lines of their own before the code
 * after it. */
void
insertafter(const Unit *u, int begin, int end, const char *text, int seq, Edits *e)
{
	char *indent = indentof(u->src, u->len, begin);
	Buf b = {0};
	int le = stmtlineend(u, end);
	if (le < 0) {
		linebreak(u, end, false, indent, e);
		int z = skipblanks(u, end);
		indented(&b, text, indent);
		bprintf(&b, "\n%s", indent);
		Edit x = {z, 0, bstr(&b), seq, false, NULL};
		vpush(*e, x);
	} else {
		bputs(&b, indent);
		indented(&b, text, indent);
		bputs(&b, "\n");
		Edit x = {le, 0, bstr(&b), seq, false, NULL};
		vpush(*e, x);
	}
	free(indent);
}

/* The statement of f that is an item of a block and holds statement v: v
 * itself, or the if or loop whose body without braces v is; -1 if none. */
int
itemof(const Func *f, int v)
{
	const Stmt *st = &f->st.v[v];
	int w = st->list >= 0 ? v : -1;
	for (int k = 0; w < 0 && k < f->st.n; k++) {
		const Stmt *x = &f->st.v[k];
		if (x->list >= 0 && x->begin <= st->begin && st->end <= x->end && x->end > x->begin &&
		    (w < 0 || x->begin >= f->st.v[w].begin))
			w = k;
	}
	return w;
}

/* Give statement [begin, end), the body without braces of an if, else or
 * loop, statements before it and after it (lines without indentation,
 * NULL: none): braces open where the blanks before it start and close
 * after it; the lines between go one step in from the line the braces
 * open on. False when a comment lies between the body and its owner. */
bool
wrapstmt(const Unit *u, int begin, int end, const char *before, const char *after, Edits *e)
{
	int ws = begin;
	while (ws > 0 && (blank(u->src[ws - 1]) || u->src[ws - 1] == '\n'))
		ws--;
	if (ws == 0)
		return false;
	for (int i = 0; i < u->comments.n; i++)
		if (u->comments.v[i].off < begin && u->comments.v[i].end >= ws)
			return false;
	char *outer = indentof(u->src, u->len, ws - 1), *own = indentof(u->src, u->len, begin);
	size_t ol = strlen(outer);
	char *in = strlen(own) > ol && !strncmp(own, outer, ol) ? xstrdup(own)
	           : fmt("%s%s", outer, strchr(outer, ' ') ? "    " : "\t");
	Buf a = {0}, z = {0};
	bputs(&a, " {\n");
	bputs(&a, in);
	if (before) {
		indented(&a, before, in);
		bprintf(&a, "\n%s", in);
	}
	if (after) {
		bprintf(&z, "\n%s", in);
		indented(&z, after, in);
	}
	bprintf(&z, "\n%s}", outer);
	addedit(e, ws, begin - ws, bstr(&a));
	addedit(e, end, 0, bstr(&z));
	free(outer);
	free(own);
	free(in);
	return true;
}

/* Insert lines (each indented and ending in a newline: what cutstmt
 * gives) before the statement at `at` (with the comment lines above it),
 * or after the one ending there; where code shares the line, the line is
 * split there. */
void
insertlines(const Unit *u, int at, bool before, const char *lines, int seq, Edits *e)
{
	char *indent = indentof(u->src, u->len, at);
	Edit x = {0, 0, NULL, seq, false, NULL};
	if (before && !codebefore(u, at)) {
		x.off = leadcomments(u, at);
		x.text = xstrdup(lines);
	} else if (!before && stmtlineend(u, at) >= 0) {
		x.off = stmtlineend(u, at);
		x.text = xstrdup(lines);
	} else {
		x.off = before ? backblanks(u, at) : at;
		x.len = before ? at - x.off : skipblanks(u, at) - at;
		x.text = fmt("\n%s%s", lines, indent);
	}
	vpush(*e, x);
	free(indent);
}

/* Cut the statement [begin, end) out: with its comment lines above when it
 * is alone on its lines (the lines go, and a blank line left doubled),
 * else the statement and the blanks after it. Its text, reindented to
 * indent (NULL: none), goes to text when that is not NULL. */
void
cutstmt(const Unit *u, int begin, int end, const char *indent, Buf *text, Edits *e)
{
	char *from = indentof(u->src, u->len, begin);
	if (!codebefore(u, begin) && !codeafter(u, end)) {
		int a = leadcomments(u, begin), b = stmtlineend(u, end);
		if (text)
			reindent(text, u, a, b, from, indent ? indent : "");
		addedit(e, a, trimblank(u, a, b) - a, xstrdup(""));
	} else {
		if (text) {
			bputs(text, indent ? indent : "");
			bputn(text, u->src + begin, end - begin);
			bputs(text, "\n");
		}
		int z = skipblanks(u, end), a = begin;
		if (!codeafter(u, end)) /* the last on its line: the blanks before go */
			a = backblanks(u, begin), z = end;
		addedit(e, a, z - a, xstrdup(""));
	}
	free(from);
}

/* The declarator of sym in declaration st: its index, or -1. */
int
declarator(const Stmt *st, int sym)
{
	for (int i = 0; st->spec >= 0 && i < st->decls.n && i < st->dbeg.n; i++)
		if (st->decls.v[i] == sym)
			return i;
	return -1;
}

/* The type the declarators of st share, trimmed. */
static char *
spectext(const Unit *u, const Stmt *st)
{
	int se = st->spec;
	while (se > st->begin && (blank(u->src[se - 1]) || u->src[se - 1] == '\n'))
		se--;
	return xstrndup(u->src + st->begin, (size_t)(se - st->begin));
}

/* Declaration st as one declaration per declarator (the type they share
 * repeated), declarator d's text replaced by text: lines, the first taking
 * the declarator's place after the type, the last followed by the ';'
 * that ends it. Each change of one declaration splits it the same way
 * (EDIT_SHARED). False (no edit) when st cannot be split. */
bool
splitdecl(const Unit *u, const Stmt *st, int d, const char *text, Edits *e)
{
	if (st->spec < 0 || d < 0 || d >= st->dbeg.n)
		return false;
	char *indent = indentof(u->src, u->len, st->begin), *spec = spectext(u, st);
	if (st->dbeg.n > 1) {
		if (codebefore(u, st->begin))
			linebreak(u, st->begin, true, indent, e);
		if (codeafter(u, st->end))
			linebreak(u, st->end, false, indent, e);
	}
	for (int i = 1; i < st->dbeg.n; i++) { /* , *b  ->  ;\n<indent>T *b */
		Edit x = {st->dend.v[i - 1], st->dbeg.v[i] - st->dend.v[i - 1], fmt(";\n%s%s ", indent, spec), EDIT_SHARED,
		          true, NULL};
		vpush(*e, x);
	}
	Buf b = {0};
	indented(&b, text, indent);
	addedit(e, st->dbeg.v[d], st->dend.v[d] - st->dbeg.v[d], bstr(&b));
	free(indent);
	free(spec);
	return true;
}

/* The type declarator d of st shares, and its text up to (not including)
 * the initialiser at vb (trailing '=' and blanks dropped): `float` and `*a`
 * of `float *a = malloc(n), *b;`. False when st cannot be split or the
 * initialiser is not written `= value`. */
bool
declhead(const Unit *u, const Stmt *st, int d, int vb, char **type, char **head)
{
	if (st->spec < 0 || d < 0 || d >= st->dbeg.n || vb <= st->dbeg.v[d] || vb > st->dend.v[d])
		return false;
	int h = vb;
	while (h > st->dbeg.v[d] && (blank(u->src[h - 1]) || u->src[h - 1] == '\n'))
		h--;
	if (h <= st->dbeg.v[d] || u->src[h - 1] != '=')
		return false;
	h--;
	while (h > st->dbeg.v[d] && (blank(u->src[h - 1]) || u->src[h - 1] == '\n'))
		h--;
	int se = st->spec;
	while (se > st->begin && (blank(u->src[se - 1]) || u->src[se - 1] == '\n'))
		se--;
	*type = xstrndup(u->src + st->begin, (size_t)(se - st->begin));
	*head = xstrndup(u->src + st->dbeg.v[d], (size_t)(h - st->dbeg.v[d]));
	return true;
}

/* ---------------------------------------------------------------- allocations */

static char *
trimmed(const Unit *u, int a, int b)
{
	while (a < b && (blank(u->src[a]) || u->src[a] == '\n'))
		a++;
	while (b > a && (blank(u->src[b - 1]) || u->src[b - 1] == '\n'))
		b--;
	return xstrndup(u->src + a, (size_t)(b - a));
}

/* A name or a number: no operator needs parentheses around it. */
static bool
atomicexpr(const char *s)
{
	for (; *s; s++)
		if (!isident(*s) && *s != '.')
			return false;
	return true;
}

/* The bytes allocation a takes, as an expression: malloc's argument,
 * (size_t)count * size for calloc, (size_t)count * sizeof(T) for new. */
char *
allocbytes(const Unit *u, const Alloc *a)
{
	char *n = trimmed(u, a->nb, a->ne);
	if (a->kind == AL_MALLOC)
		return n;
	char *z = trimmed(u, a->sb, a->se), *r;
	const char *fmtn = atomicexpr(n) ? "(size_t)%s" : "(size_t)(%s)";
	char *cn = fmt(fmtn, n);
	if (a->kind == AL_CALLOC)
		r = fmt(atomicexpr(z) || !strncmp(z, "sizeof", 6) ? "%s * %s" : "%s * (%s)", cn, z);
	else
		r = fmt("%s * sizeof(%s)", cn, z);
	free(n);
	free(z);
	free(cn);
	return r;
}

/* The text of what allocation a stores into: the declared variable's name,
 * or the assignment's left side. */
char *
allocdest(const Unit *u, const Alloc *a)
{
	return a->decl ? xstrdup(u->syms.v[a->sym].name) : trimmed(u, a->db, a->de);
}

/* Does text have a side effect (an assignment, ++, --, a call)? */
static bool
effects(const char *s)
{
	for (int i = 0; s[i]; i++)
		if ((s[i] == '+' && s[i + 1] == '+') || (s[i] == '-' && s[i + 1] == '-') || s[i] == '(' ||
		    (s[i] == '=' && (i == 0 || !strchr("=!<>", s[i - 1])) && s[i + 1] != '='))
			return true;
	return false;
}

/* Why allocation a (in statement st) cannot be replaced by statements that
 * set its destination, or NULL. */
char *
allocbar(const Unit *u, const Stmt *st, const Alloc *a)
{
	if (a->macro || (st->flags & SF_MACRO))
		return xstrdup("is written by a macro, whose text cuflow does not change");
	if (st->flags & SF_DIRECTIVE)
		return xstrdup("has a preprocessor directive inside its statement");
	if (a->decl) {
		char *type = NULL, *head = NULL;
		int d = declarator(st, a->sym);
		bool ok = d >= 0 && declhead(u, st, d, a->vb, &type, &head);
		char *why = NULL;
		if (!ok)
			why = xstrdup("declares its variable with the type defined in place (struct { ... } p = ...)");
		else if (strstr(type, "auto") && !isident(strstr(type, "auto")[4]))
			why = xstrdup("declares its variable auto: the replacement needs the pointer's type");
		else if (strchr(head, '*') && strstr(strrchr(head, '*'), "const"))
			why = xstrdup("declares a const pointer, which the replacement would have to assign");
		free(type);
		free(head);
		return why;
	}
	int z = a->ve;
	while (z < st->end && (blank(u->src[z]) || u->src[z] == '\n'))
		z++;
	if (a->db != st->begin || z != st->end - 1 || u->src[z] != ';')
		return xstrdup("assigns it inside a larger expression (its result is used in the same statement)");
	char *lhs = trimmed(u, a->db, a->de);
	bool side = a->zero && effects(lhs);
	free(lhs);
	return side ? xstrdup("assigns it to a left side with a side effect, which the zero fill would repeat") : NULL;
}

/* Replace allocation a's statement st so that the lines `set` (which name
 * the destination, allocdest) give the destination its value instead: a
 * declarator keeps declaring the variable, NULL first (its declaration
 * split where it has others); an assignment statement becomes the lines.
 * allocbar must have said yes. */
void
allocreplace(const Unit *u, const Stmt *st, const Alloc *a, const char *set, Edits *e)
{
	if (!a->decl && st->list < 0 && !strchr(set, '\n')) /* a branch's body: in place (if (c) a; else b;) */
		addedit(e, st->begin, st->end - st->begin, xstrdup(set));
	if (!a->decl) {
		if (st->list >= 0 || strchr(set, '\n'))
			replacestmt(u, st->begin, st->end, set, e);
		return;
	}
	int d = declarator(st, a->sym);
	char *type = NULL, *head = NULL;
	declhead(u, st, d, a->vb, &type, &head);
	size_t n = strlen(set);
	while (n > 0 && (set[n - 1] == ';' || set[n - 1] == ' ')) /* the declaration's own ';' ends it */
		n--;
	char *text = fmt("%s = NULL;\n%.*s", head, (int)n, set);
	splitdecl(u, st, d, text, e);
	free(text);
	free(type);
	free(head);
}
