/* cursor.c: the one cursor layer (cursor.h). The questions every libclang
 * user of cuflow asks of a cursor, answered once: its children and whether
 * one has a kind (attributes are children), where its bytes are, whether a
 * macro or a system header wrote it, its spelling, and the expression
 * wrappers libclang leaves unexposed. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "front/cursor.h"

static enum CXChildVisitResult
addkid(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	Cursors *k = d;
	vpush(*k, c);
	return CXChildVisit_Continue;
}

int
kids(CXCursor c, CXCursor **out)
{
	Cursors k = {0};
	clang_visitChildren(c, addkid, &k);
	*out = k.v;
	return k.n;
}

bool
haskid(CXCursor c, enum CXCursorKind k)
{
	CXCursor *ks;
	int n = kids(c, &ks);
	bool found = false;
	for (int i = 0; i < n && !found; i++)
		found = clang_getCursorKind(ks[i]) == k;
	free(ks);
	return found;
}

bool
insystem(CXCursor c)
{
	return clang_Location_isInSystemHeader(clang_getCursorLocation(c));
}

/* Written through a macro: the first token comes from a macro expansion. */
bool
ismacro(CXCursor c)
{
	CXSourceLocation l = clang_getRangeStart(clang_getCursorExtent(c));
	CXFile ef, sf;
	unsigned eo, so;
	clang_getExpansionLocation(l, &ef, NULL, NULL, &eo);
	clang_getSpellingLocation(l, &sf, NULL, NULL, &so);
	return eo != so || !clang_File_isEqual(ef, sf);
}

/* A parameter written as an array (double c[], T c[][N]), or an expression
 * naming one: the parameter is a pointer, but libclang reports the written
 * array type for it, for references to it and for the function's argument
 * types alike. */
bool
parmarray(CXCursor c)
{
	CXType t = clang_getCursorType(c);
	enum CXCursorKind k = clang_getCursorKind(c);
	while (k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr) { /* casts that keep the type */
		CXCursor *ks;
		int n = kids(c, &ks);
		CXCursor only = n ? ks[0] : clang_getNullCursor();
		free(ks);
		if (n != 1 || !clang_equalTypes(clang_getCursorType(only), t))
			return false;
		c = only;
		k = clang_getCursorKind(c);
	}
	if (k == CXCursor_DeclRefExpr)
		c = clang_getCursorReferenced(c);
	enum CXTypeKind ak = clang_getCanonicalType(clang_getCursorType(c)).kind;
	return clang_getCursorKind(c) == CXCursor_ParmDecl &&
	       (ak == CXType_ConstantArray || ak == CXType_IncompleteArray || ak == CXType_VariableArray ||
	        ak == CXType_DependentSizedArray);
}

/* Through the wrappers libclang leaves unexposed (implicit casts, cleanups,
 * temporaries) and parentheses. */
CXCursor
strip(CXCursor e)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(e);
		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr)
			return e;
		CXCursor *ks;
		int n = kids(e, &ks);
		if (n != 1) {
			free(ks);
			return e;
		}
		e = ks[0];
		free(ks);
	}
}

/* An integer constant expression's value, else LLONG_MIN. */
long long
intconst(CXCursor a)
{
	CXEvalResult r = clang_Cursor_Evaluate(a);
	long long v = LLONG_MIN;
	if (r) {
		if (clang_EvalResult_getKind(r) == CXEval_Int)
			v = clang_EvalResult_getAsLongLong(r);
		clang_EvalResult_dispose(r);
	}
	return v;
}

/* ---------------------------------------------------------------- where */

int
locoffset(CXSourceLocation l)
{
	unsigned o;
	clang_getExpansionLocation(l, NULL, NULL, NULL, &o);
	return (int)o;
}

int
startof(CXCursor c)
{
	return locoffset(clang_getRangeStart(clang_getCursorExtent(c)));
}

int
endof(CXCursor c)
{
	return locoffset(clang_getRangeEnd(clang_getCursorExtent(c)));
}

void
offsets(CXCursor c, int *begin, int *end, CXFile *file)
{
	CXSourceRange r = clang_getCursorExtent(c);
	unsigned bo, eo;
	CXFile f;
	clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &bo);
	clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &eo);
	*begin = (int)bo;
	*end = (int)(eo > bo ? eo : bo);
	if (file)
		*file = f;
}

/* ---------------------------------------------------------------- names and types */

char *
spelling(CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	char *r = xstrdup(clang_getCString(s));
	clang_disposeString(s);
	return r;
}

bool
named(CXCursor c, const char *name)
{
	char *s = spelling(c);
	bool yes = !strcmp(s, name);
	free(s);
	return yes;
}

bool
isref(CXType t)
{
	return t.kind == CXType_LValueReference || t.kind == CXType_RValueReference;
}
