/* cursor.c: the one cursor layer (cursor.h). The questions every libclang
 * user of cuflow asks of a cursor, answered once: its children and whether
 * one has a kind (attributes are children), walks over its descendants,
 * where its bytes are, whether a macro or a system header wrote it, its
 * tokens, its spelling and type, and the expression wrappers libclang
 * leaves unexposed. Strings come back as the caller's own copies, so no
 * CXString leaves this file. */
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
	return frommacro(clang_getRangeStart(clang_getCursorExtent(c)));
}

bool
frommacro(CXSourceLocation l)
{
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

long long
typesize(CXType t)
{
	long long n = clang_Type_getSizeOf(t);
	return n < 0 ? LLONG_MIN : n;
}

CXCursor
firstkid(CXCursor c)
{
	CXCursor *ks;
	int n = kids(c, &ks);
	CXCursor first = n ? ks[0] : clang_getNullCursor();
	free(ks);
	return first;
}

CXCursor
lastkid(CXCursor c)
{
	CXCursor *ks;
	int n = kids(c, &ks);
	CXCursor last = n ? ks[n - 1] : clang_getNullCursor();
	free(ks);
	return last;
}

CXCursor
calleeof(CXCursor c)
{
	return clang_getCursorKind(c) == CXCursor_CallExpr ? clang_getCursorReferenced(c) : clang_getNullCursor();
}

static bool
isoverloadref(CXCursor c, void *found)
{
	if (clang_getCursorKind(c) != CXCursor_OverloadedDeclRef)
		return false;
	*(CXCursor *)found = c;
	return true;
}

CXCursor
overloadref(CXCursor c)
{
	CXCursor r = clang_getNullCursor();
	contains(c, true, isoverloadref, &r);
	return r;
}

/* ---------------------------------------------------------------- walks */

typedef struct {
	Visit at;
	void *arg;
	bool stopped;
} Walk;

static enum CXChildVisitResult
walkkid(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	Walk *w = d;
	switch (w->at(c, w->arg)) {
	case WALK_IN:
		return CXChildVisit_Recurse;
	case WALK_OVER:
		return CXChildVisit_Continue;
	default:
		w->stopped = true;
		return CXChildVisit_Break;
	}
}

bool
descend(CXCursor c, Visit at, void *arg)
{
	Walk w = {at, arg, false};
	clang_visitChildren(c, walkkid, &w);
	return w.stopped;
}

typedef struct {
	bool (*hit)(CXCursor, void *);
	void *arg;
} Hit;

static int
hitkid(CXCursor c, void *d)
{
	Hit *h = d;
	return h->hit(c, h->arg) ? WALK_STOP : WALK_IN;
}

bool
contains(CXCursor c, bool self, bool (*hit)(CXCursor, void *), void *arg)
{
	Hit h = {hit, arg};
	return (self && hit(c, arg)) || descend(c, hitkid, &h);
}

static int
okkid(CXCursor c, void *d)
{
	Hit *h = d;
	return h->hit(c, h->arg) ? WALK_OVER : WALK_STOP;
}

bool
allkids(CXCursor c, bool (*ok)(CXCursor, void *), void *arg)
{
	Hit h = {ok, arg};
	return !descend(c, okkid, &h);
}

typedef struct {
	void (*fn)(CXCursor, void *);
	void *arg;
} Each;

static int
eachone(CXCursor c, void *d)
{
	Each *e = d;
	e->fn(c, e->arg);
	return WALK_OVER;
}

void
eachkid(CXCursor c, void (*fn)(CXCursor, void *), void *arg)
{
	Each e = {fn, arg};
	descend(c, eachone, &e);
}

/* ---------------------------------------------------------------- where */

CXFile
fileof(CXCursor c)
{
	CXFile f;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	return f;
}

void
locate(CXCursor c, CXFile *f, int *line, int *off)
{
	unsigned l, o;
	clang_getExpansionLocation(clang_getCursorLocation(c), f, &l, NULL, &o);
	if (line)
		*line = (int)l;
	if (off)
		*off = (int)o;
}

bool
extentfile(CXCursor c, CXFile *f, int *begin, int *end)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile g;
	unsigned b, e;
	clang_getExpansionLocation(clang_getRangeStart(r), f, NULL, NULL, &b);
	clang_getExpansionLocation(clang_getRangeEnd(r), &g, NULL, NULL, &e);
	*begin = (int)b;
	*end = (int)e;
	return *f && g && clang_File_isEqual(*f, g);
}

bool
systemfile(CXTranslationUnit tu, CXFile f)
{
	return clang_Location_isInSystemHeader(clang_getLocation(tu, f, 1, 1));
}

/* Tokens from a macro's arguments are spelled in the file, tokens from its
 * body are not (they cannot be edited). */
bool
spelledin(CXCursor c, CXFile f, int *begin, int *end)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile f1, f2;
	unsigned o1, o2;
	clang_getSpellingLocation(clang_getRangeStart(r), &f1, NULL, NULL, &o1);
	clang_getSpellingLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &o2);
	*begin = (int)o1;
	*end = (int)o2;
	return clang_File_isEqual(f1, f) && clang_File_isEqual(f2, f);
}

int
locoffset(CXSourceLocation l)
{
	unsigned o;
	clang_getExpansionLocation(l, NULL, NULL, NULL, &o);
	return (int)o;
}

int
locof(CXCursor c)
{
	return locoffset(clang_getCursorLocation(c));
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

char *
typespelling(CXType t)
{
	CXString s = clang_getTypeSpelling(t);
	char *r = xstrdup(clang_getCString(s));
	clang_disposeString(s);
	return r;
}

/* The element type of array variable v as written (a template's T, not
 * the canonical type-parameter-0-0), or canonical when v's type names the
 * array through a typedef. */
char *
elemspelling(CXCursor v)
{
	CXType t = clang_getCursorType(v);
	if (t.kind != CXType_ConstantArray && t.kind != CXType_IncompleteArray && t.kind != CXType_DependentSizedArray)
		t = clang_getCanonicalType(t);
	return typespelling(clang_getArrayElementType(t));
}

CXType
canontype(CXCursor c)
{
	return clang_getCanonicalType(clang_getCursorType(c));
}

CXType
pointee(CXType t)
{
	return clang_getCanonicalType(clang_getPointeeType(t));
}

char *
filename(CXFile f)
{
	CXString s = clang_getFileName(f);
	const char *p = clang_getCString(s);
	char *r = p ? xstrdup(p) : NULL;
	clang_disposeString(s);
	return r;
}

/* ---------------------------------------------------------------- tokens */

Tokens
tokensof(CXTranslationUnit tu, CXSourceRange r)
{
	Tokens t = {tu, NULL, 0};
	clang_tokenize(tu, r, &t.v, &t.n);
	return t;
}

Tokens
filetokens(CXTranslationUnit tu, CXFile f, size_t len)
{
	return tokensof(tu, clang_getRange(clang_getLocationForOffset(tu, f, 0),
	                                   clang_getLocationForOffset(tu, f, (unsigned)len)));
}

Tokens
cursortokens(CXCursor c)
{
	return tokensof(clang_Cursor_getTranslationUnit(c), clang_getCursorExtent(c));
}

void
freetokens(Tokens *t)
{
	clang_disposeTokens(t->tu, t->v, t->n);
}

int
tokenoff(const Tokens *t, unsigned i)
{
	return locoffset(clang_getTokenLocation(t->tu, t->v[i]));
}

bool
tokenis(const Tokens *t, unsigned i, const char *s)
{
	const char *set[] = {s, NULL};
	return tokenin(t, i, set);
}

bool
tokenin(const Tokens *t, unsigned i, const char *const *set)
{
	CXString sp = clang_getTokenSpelling(t->tu, t->v[i]);
	bool yes = false;
	for (int j = 0; set[j] && !yes; j++)
		yes = !strcmp(clang_getCString(sp), set[j]);
	clang_disposeString(sp);
	return yes;
}

/* Does an expression start with one of the prefixes (NULL-terminated)?
 * The atomic builtins are no calls to libclang, only their first token
 * tells them. */
bool
startswith(CXCursor c, const char *const *prefixes)
{
	Tokens t = cursortokens(c);
	bool yes = false;
	if (t.n) {
		CXString sp = clang_getTokenSpelling(t.tu, t.v[0]);
		for (int j = 0; prefixes[j] && !yes; j++)
			yes = !strncmp(clang_getCString(sp), prefixes[j], strlen(prefixes[j]));
		clang_disposeString(sp);
	}
	freetokens(&t);
	return yes;
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

bool
mutref(CXType t)
{
	return t.kind == CXType_LValueReference && !clang_isConstQualifiedType(clang_getPointeeType(t));
}
