/* macro.c: a macro's use in a kernel, read from its definition's tokens.
 *
 * libclang gives a cursor a macro writes only the use's extent: every
 * expression and statement in the expansion spans the whole use (or, for
 * one a use's argument ends, stops at its start), so the lowering, which
 * copies text by extents, cannot copy one of them alone. Where that
 * matters, the definition is read: the use's arguments as written, whether
 * the body is one call (kernel.c: a warp operation a macro writes), and the
 * use written out, its parameters replaced by the arguments' tokens as the
 * preprocessor replaces them (inline.c: a macro writing a barrier among
 * other statements, which the thread loops must split). Macros with #, ##
 * or a variable argument list are not written out. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "front/cursor.h"
#include "lower/lower.h"

static const char *const opens[] = {"(", "[", "{", NULL}, *const shuts[] = {")", "]", "}", NULL};
static const char *const popens[] = {"(", NULL}, *const pshuts[] = {")", NULL};

unsigned
tokclose(const Tokens *t, unsigned i, unsigned end, bool parens)
{
	int depth = 0;
	for (unsigned j = i; j < end; j++) {
		depth += tokenin(t, j, parens ? popens : opens);
		depth -= tokenin(t, j, parens ? pshuts : shuts);
		if (!depth)
			return j + 1;
	}
	return end;
}

void
tokcommas(const Tokens *t, unsigned lo, unsigned hi, bool parens, Ints *at)
{
	at->n = 0;
	if (lo >= hi)
		return;
	vpush(*at, (int)lo);
	for (unsigned j = lo; j < hi; j++)
		if (tokenin(t, j, parens ? popens : opens))
			j = tokclose(t, j, hi, parens) - 1;
		else if (tokenis(t, j, ","))
			vpush(*at, (int)j + 1);
	vpush(*at, (int)hi + 1); /* as if a comma ended the last piece */
}

void
tokunparen(const Tokens *t, unsigned *lo, unsigned *hi)
{
	while (*hi - *lo >= 2 && tokenis(t, *lo, "(") && tokclose(t, *lo, *hi, false) == *hi) {
		++*lo;
		--*hi;
	}
}

static int
tokenend(const Tokens *t, unsigned i)
{
	return locoffset(clang_getRangeEnd(clang_getTokenExtent(t->tu, t->v[i])));
}

bool
macroat(CXTranslationUnit tu, CXFile f, int off, Macro *m)
{
	memset(m, 0, sizeof *m);
	CXCursor use = clang_getCursor(tu, clang_getLocationForOffset(tu, f, (unsigned)off));
	CXCursor def = clang_getCursorReferenced(use);
	if (clang_getCursorKind(use) != CXCursor_MacroExpansion || clang_getCursorKind(def) != CXCursor_MacroDefinition)
		return false;
	int ub, ue;
	CXFile uf;
	offsets(use, &ub, &ue, &uf);
	if (ub != off || !clang_File_isEqual(uf, f))
		return false;
	m->ub = ub;
	m->ue = ue;
	m->fn = clang_Cursor_isMacroFunctionLike(def);
	m->d = cursortokens(def);
	m->u = tokensof(tu, clang_getCursorExtent(use));
	unsigned body = 1;
	if (m->fn) {
		for (body = 2; body < m->d.n && !tokenis(&m->d, body, ")"); body++)
			if (!tokenis(&m->d, body, ","))
				vpush(m->params, (int)body);
		body++;
		if (m->u.n < 3 || !tokenis(&m->u, 1, "(") || tokclose(&m->u, 1, m->u.n, true) != m->u.n) {
			macrofree(m);
			return false;
		}
		tokcommas(&m->u, 2, m->u.n - 1, true, &m->args);
		int nu = m->args.n ? m->args.n - 1 : 0;
		bool va = m->params.n && tokenis(&m->d, (unsigned)m->params.v[m->params.n - 1], "..."); /* (not plain) */
		if (nu != m->params.n && !(nu == 0 && m->params.n == 1) && !va) { /* F() of a one-parameter F: one empty argument */
			macrofree(m);
			return false;
		}
	}
	m->lo = body;
	m->hi = m->d.n;
	return true;
}

void
macrofree(Macro *m)
{
	freetokens(&m->d);
	freetokens(&m->u);
	vfree(m->params);
	vfree(m->args);
}

int
macroparam(const Macro *m, unsigned i)
{
	if (clang_getTokenKind(m->d.v[i]) != CXToken_Identifier)
		return -1;
	CXString s = clang_getTokenSpelling(m->d.tu, m->d.v[i]);
	int r = -1;
	for (int j = 0; j < m->params.n && r < 0; j++)
		if (tokenis(&m->d, (unsigned)m->params.v[j], clang_getCString(s)))
			r = j;
	clang_disposeString(s);
	return r;
}

bool
macroarg(const Macro *m, int p, int *lo, int *hi)
{
	if (p + 1 >= m->args.n || m->args.v[p] >= m->args.v[p + 1] - 1)
		return false;
	*lo = tokenoff(&m->u, (unsigned)m->args.v[p]);
	*hi = tokenend(&m->u, (unsigned)m->args.v[p + 1] - 2);
	return true;
}

bool
macroplain(const Macro *m)
{
	static const char *const paste[] = {"#", "##", "...", "__VA_ARGS__", NULL};
	for (unsigned j = 1; j < m->d.n; j++)
		if (tokenin(&m->d, j, paste))
			return false;
	return true;
}

static bool
samespelling(CXSourceLocation a, CXSourceLocation b)
{
	CXFile fa, fb;
	unsigned oa, ob;
	clang_getSpellingLocation(a, &fa, NULL, NULL, &oa);
	clang_getSpellingLocation(b, &fb, NULL, NULL, &ob);
	return oa == ob && clang_File_isEqual(fa, fb);
}

bool
macrocall(const Macro *m, CXCursor call, unsigned *args)
{
	static const char *const joins[] = {".", "->", "::", NULL};
	unsigned lo = m->lo, hi = m->hi, j;
	tokunparen(&m->d, &lo, &hi);
	for (j = lo; j < hi && (clang_getTokenKind(m->d.v[j]) == CXToken_Identifier ||
	                        clang_getTokenKind(m->d.v[j]) == CXToken_Keyword || tokenin(&m->d, j, joins));
	     j++)
		;
	*args = j + 1;
	return j > lo && j < hi && tokenis(&m->d, j, "(") && tokclose(&m->d, j, hi, false) == hi &&
	       samespelling(clang_getRangeStart(clang_getCursorExtent(call)), clang_getTokenLocation(m->d.tu, m->d.v[lo]));
}

bool
macroops(const Macro *m, unsigned args)
{
	unsigned lo = m->lo, hi = m->hi;
	tokunparen(&m->d, &lo, &hi);
	Ints at = {0};
	tokcommas(&m->d, args, hi - 1, false, &at);
	bool ok = true;
	for (int i = 0; i + 1 < at.n && ok; i++) {
		unsigned a = (unsigned)at.v[i], b = (unsigned)at.v[i + 1] - 1, params = 0;
		tokunparen(&m->d, &a, &b);
		for (unsigned j = a; j < b; j++)
			params += macroparam(m, j) >= 0;
		ok = !params || (params == 1 && b - a == 1);
	}
	vfree(at);
	return ok;
}

void
puttokens(Buf *b, const Tokens *t, unsigned lo, unsigned hi)
{
	for (unsigned j = lo; j < hi; j++) {
		CXString s = clang_getTokenSpelling(t->tu, t->v[j]);
		if (b->n && b->v[b->n - 1] != ' ')
			bputs(b, " ");
		for (const char *p = clang_getCString(s); *p; p++) { /* a line's splice inside (CRLF files) */
			const char *q = p + (*p == '\\');
			while (q > p && (*q == ' ' || *q == '\t' || *q == '\r'))
				q++;
			if (q > p && *q == '\n')
				p = q;
			else
				bputn(b, p, 1);
		}
		clang_disposeString(s);
	}
}

char *
macrotext(const Macro *m)
{
	if (!macroplain(m))
		return NULL;
	Buf b = {0};
	for (unsigned j = m->lo; j < m->hi; j++) {
		int p = macroparam(m, j);
		if (p < 0)
			puttokens(&b, &m->d, j, j + 1);
		else if (p + 1 < m->args.n) /* (an empty argument: nothing) */
			puttokens(&b, &m->u, (unsigned)m->args.v[p], (unsigned)m->args.v[p + 1] - 1);
	}
	return bstr(&b);
}
