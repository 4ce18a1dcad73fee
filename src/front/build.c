/* build.c: libclang AST -> Unit. Declarations become symbols keyed by USR;
 * each function body becomes a statement-level CFG whose nodes carry the IR
 * ops of expr.c. Control statements written through a macro, and statements
 * cuflow does not decompose, are one node holding all their ops. */
#include <limits.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "front/front.h"

static void stmt(B *b, CXCursor s);
static void flat(B *b, CXCursor c);

static Source *
sourceof(B *b, CXFile f)
{
	for (int i = 0; i < b->srcs.n; i++)
		if (clang_File_isEqual(b->srcs.v[i].file, f))
			return &b->srcs.v[i];
	Source s = {f, NULL, 0, NULL, 0};
	s.src = clang_getFileContents(b->tu, f, &s.len);
	if (s.src)
		s.lines = linestarts(s.src, s.len, &s.nlines);
	vpush(b->srcs, s);
	return &b->srcs.v[b->srcs.n - 1];
}

/* ---------------------------------------------------------------- symbols */

/* __managed__ has no libclang cursor kind: find its spelling among the attributes. */
static bool
ismanaged(B *b, CXCursor c)
{
	CXCursor *ks;
	int n = kids(c, &ks);
	bool found = false;
	for (int i = 0; i < n && !found; i++) {
		if (!clang_isAttribute(clang_getCursorKind(ks[i])))
			continue;
		CXString s = clang_getCursorSpelling(ks[i]);
		found = strstr(clang_getCString(s), "managed") != NULL;
		clang_disposeString(s);
	}
	free(ks);
	if (!found) { /* attributes written with macros spell as the macro */
		int bo, eo;
		CXFile f;
		offsets(c, &bo, &eo, &f);
		Source *s = sourceof(b, f);
		if (s->src && eo <= (int)s->len) {
			char *t = xstrndup(s->src + bo, eo - bo);
			found = strstr(t, "__managed__") != NULL;
			free(t);
		}
	}
	return found;
}

/* Bit i set: a function of type ft takes parameter i by reference. */
uint32_t
refmask(CXType ft)
{
	uint32_t m = 0;
	int n = clang_getNumArgTypes(ft);
	for (int i = 0; i < n && i < 32; i++) {
		CXType pt = clang_getCanonicalType(clang_getArgType(ft, i));
		if (pt.kind == CXType_LValueReference || pt.kind == CXType_RValueReference)
			m |= 1u << i;
	}
	return m;
}

bool
holdsaddr(CXType t)
{
	t = clang_getCanonicalType(t);
	switch (t.kind) {
	case CXType_Pointer:
	case CXType_LValueReference:
	case CXType_RValueReference:
	case CXType_Record:
	case CXType_BlockPointer:
	case CXType_MemberPointer:
	case CXType_Unexposed:
	case CXType_Dependent:
	case CXType_Auto:
	case CXType_Elaborated:
		return true;
	case CXType_ConstantArray:
	case CXType_IncompleteArray:
	case CXType_VariableArray:
	case CXType_DependentSizedArray:
		return holdsaddr(clang_getArrayElementType(t));
	default:
		return false;
	}
}

static int
typeflags(CXType t)
{
	int fl = 0;
	if (clang_isVolatileQualifiedType(t))
		fl |= SYMF_VOLATILE;
	if (clang_isConstQualifiedType(t))
		fl |= SYMF_CONST;
	t = clang_getCanonicalType(t);
	switch (t.kind) {
	case CXType_LValueReference:
	case CXType_RValueReference:
		fl |= SYMF_REF | SYMF_PTR;
		if (clang_isVolatileQualifiedType(clang_getPointeeType(t)))
			fl |= SYMF_VOLATILE;
		break;
	case CXType_ConstantArray:
	case CXType_IncompleteArray:
	case CXType_VariableArray:
	case CXType_DependentSizedArray:
		fl |= SYMF_ARRAY;
		if (holdsaddr(clang_getArrayElementType(t)))
			fl |= SYMF_PTR;
		break;
	case CXType_Record:
		fl |= SYMF_RECORD | SYMF_PTR;
		break;
	case CXType_Unexposed:
	case CXType_Dependent:
		fl |= SYMF_DEPENDENT | SYMF_PTR;
		break;
	default:
		if (holdsaddr(t))
			fl |= SYMF_PTR;
	}
	return fl;
}

static bool
isfunction(enum CXCursorKind k)
{
	return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_Constructor ||
	       k == CXCursor_Destructor || k == CXCursor_ConversionFunction || k == CXCursor_FunctionTemplate;
}

/* std::vector::data: namespaces and classes, without inline namespaces
 * (std::__cxx11) or template arguments. */
char *
qualname(CXCursor fn)
{
	Buf b = {0};
	VEC(char *) parts = {0};
	CXString s = clang_getCursorSpelling(fn);
	vpush(parts, xstrdup(clang_getCString(s)));
	clang_disposeString(s);
	for (CXCursor p = clang_getCursorSemanticParent(fn); !clang_Cursor_isNull(p);
	     p = clang_getCursorSemanticParent(p)) {
		enum CXCursorKind k = clang_getCursorKind(p);
		if (k == CXCursor_TranslationUnit || clang_isInvalid(k))
			break;
		if (k == CXCursor_Namespace && clang_Cursor_isInlineNamespace(p))
			continue;
		if (k == CXCursor_LinkageSpec)
			continue;
		s = clang_getCursorSpelling(p);
		const char *n = clang_getCString(s);
		if (*n)
			vpush(parts, xstrdup(n));
		clang_disposeString(s);
	}
	for (int i = parts.n - 1; i >= 0; i--) {
		char *lt = strchr(parts.v[i], '<'); /* operator< keeps its name */
		if (lt && strncmp(parts.v[i], "operator", 8))
			*lt = 0;
		bputs(&b, parts.v[i]);
		if (i)
			bputs(&b, "::");
		free(parts.v[i]);
	}
	vfree(parts);
	return bstr(&b);
}

static int
addsym(B *b, const char *usr, Sym s)
{
	SymKey *k = xcalloc(1, sizeof *k);
	k->usr = xstrdup(usr);
	k->sym = b->u->syms.n;
	s.usr = k->usr;
	s.fn = -1;
	s.link = -1;
	HASH_ADD_KEYPTR(hh, b->syms, k->usr, strlen(k->usr), k);
	vpush(b->u->syms, s);
	return k->sym;
}

static int
findsym(B *b, const char *usr)
{
	SymKey *k;
	HASH_FIND_STR(b->syms, usr, k);
	return k ? k->sym : -1;
}

static void
fnsym(CXCursor c, Sym *s)
{
	s->kind = SYM_FUNC;
	s->qualname = qualname(c);
	if (haskid(c, CXCursor_CUDAGlobalAttr))
		s->flags |= SYMF_KERNEL | SYMF_DEVFN;
	else if (haskid(c, CXCursor_CUDADeviceAttr)) {
		s->flags |= SYMF_DEVFN;
		if (haskid(c, CXCursor_CUDAHostAttr))
			s->flags |= SYMF_HOSTFN;
	} else
		s->flags |= SYMF_HOSTFN;
	CXType ft = clang_getCursorType(c);
	CXType rt = clang_getCanonicalType(clang_getResultType(ft));
	if (rt.kind == CXType_LValueReference || rt.kind == CXType_RValueReference)
		s->flags |= SYMF_REFRET;
	else if (holdsaddr(rt))
		s->flags |= SYMF_PTR;
	CXString ts = clang_getTypeSpelling(ft);
	if (strstr(clang_getCString(ts), "noreturn"))
		s->flags |= SYMF_NORETURN;
	clang_disposeString(ts);
	int n = clang_getNumArgTypes(ft);
	s->nparams = n < 0 ? 0 : n;
	if (n < 0 || n > 32 || clang_isFunctionTypeVariadic(ft))
		s->ptrparams = ~0u; /* cannot tell: assume any argument carries an address */
	if (holdsaddr(rt))
		s->ptrparams = ~0u;
	s->refparams = refmask(ft);
	for (int i = 0; i < n && i < 32; i++)
		if (holdsaddr(clang_getArgType(ft, i)))
			s->ptrparams |= 1u << i;
	if (clang_getCursorKind(c) == CXCursor_FunctionTemplate)
		s->flags |= SYMF_TEMPLATE;
	enum CXCursorKind k = clang_getCursorKind(c);
	if ((k == CXCursor_CXXMethod || k == CXCursor_Constructor || k == CXCursor_Destructor ||
	     k == CXCursor_ConversionFunction) &&
	    !clang_CXXMethod_isStatic(c))
		s->flags |= SYMF_METHOD;
	if (k == CXCursor_FunctionTemplate) {
		CXCursor p = clang_getCursorSemanticParent(c);
		enum CXCursorKind pk = clang_getCursorKind(p);
		if ((pk == CXCursor_ClassDecl || pk == CXCursor_StructDecl || pk == CXCursor_ClassTemplate) &&
		    !clang_CXXMethod_isStatic(c))
			s->flags |= SYMF_METHOD;
	}
	int ex = clang_getCursorExceptionSpecificationType(c);
	if (ex == CXCursor_ExceptionSpecificationKind_BasicNoexcept ||
	    ex == CXCursor_ExceptionSpecificationKind_DynamicNone)
		s->flags |= SYMF_NOTHROW;
}

/* Is c, a specialisation of template t, an instantiation of t's text? An
 * explicit specialisation (template <> void f<float>(...) { ... }) has a
 * body of its own, elsewhere, or none the unit sees. */
static bool
implicitinst(CXCursor c, CXCursor t)
{
	if (clang_equalLocations(clang_getCursorLocation(c), clang_getCursorLocation(t)))
		return true;
	CXCursor dc = clang_getCursorDefinition(c), dt = clang_getCursorDefinition(t);
	return !clang_Cursor_isNull(dc) && !clang_Cursor_isNull(dt) &&
	       clang_equalLocations(clang_getCursorLocation(dc), clang_getCursorLocation(dt));
}

/* The symbol for the declaration c (a variable, parameter or function),
 * or -1 for what cuflow does not track (fields, system variables). An
 * instantiation is its template's symbol; an explicit specialisation is a
 * function of its own. */
int
symof(B *b, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	if (isfunction(k)) {
		CXCursor t = clang_getSpecializedCursorTemplate(c);
		if (!clang_Cursor_isNull(t) && (insystem(t) || implicitinst(c, t)))
			c = t;
		k = clang_getCursorKind(c);
	} else if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl)
		return -1;
	else if (k == CXCursor_VarDecl && insystem(c))
		return -1; /* library state (stderr, optind, threadIdx): rules describe it */
	CXString usr = clang_getCursorUSR(c);
	const char *us = clang_getCString(usr);
	if (!us || !*us) {
		clang_disposeString(usr);
		return -1;
	}
	int i = findsym(b, us);
	if (i >= 0) {
		clang_disposeString(usr);
		return i;
	}
	Sym s = {0};
	s.owner = -1;
	CXString name = clang_getCursorSpelling(c);
	s.name = xstrdup(clang_getCString(name));
	clang_disposeString(name);
	unsigned line;
	CXFile file;
	clang_getExpansionLocation(clang_getCursorLocation(c), &file, &line, NULL, NULL);
	s.line = b->u->origline && clang_File_isEqual(file, b->mainfile) && (int)line <= b->u->nlines
	                 ? b->u->origline[line - 1]
	                 : (int)line;
	if (insystem(c))
		s.flags |= SYMF_SYSTEM;
	if (clang_getCursorLinkage(c) == CXLinkage_External)
		s.flags |= SYMF_EXTERN;
	if (isfunction(k))
		fnsym(c, &s);
	else {
		s.flags |= parmarray(c) ? SYMF_PTR : typeflags(clang_getCursorType(c));
		if (k == CXCursor_ParmDecl)
			s.kind = SYM_PARAM;
		else if (clang_Cursor_hasVarDeclGlobalStorage(c)) {
			s.kind = SYM_GLOBAL;
			s.flags |= SYMF_STATIC;
			s.qualname = qualname(c); /* ns::buf, Eater::buf: where the name is found */
		} else
			s.kind = SYM_LOCAL;
		if (s.kind != SYM_GLOBAL) {
			CXCursor fn = clang_getCursorSemanticParent(c);
			if (isfunction(clang_getCursorKind(fn)))
				s.owner = symof(b, fn);
		}
		s.space = SP_HOST;
		if (haskid(c, CXCursor_CUDAConstantAttr) || haskid(c, CXCursor_CUDADeviceAttr))
			s.space = SP_SYMBOL;
		if (haskid(c, CXCursor_CUDASharedAttr))
			s.space = SP_DEVICE;
		if (s.kind == SYM_GLOBAL && !(s.flags & SYMF_SYSTEM) && ismanaged(b, c))
			s.space = SP_MANAGED;
	}
	i = addsym(b, us, s);
	clang_disposeString(usr);
	return i;
}

/* A per-function pseudo symbol: the implicit this, the return slot. */
static int
pseudosym(B *b, int fnsym, int kind, const char *name)
{
	char *usr = fmt("%s#%s", b->u->syms.v[fnsym].usr, name);
	int i = findsym(b, usr);
	if (i < 0) {
		Sym s = {0};
		s.kind = kind;
		s.name = xstrdup(name);
		s.flags = SYMF_PTR;
		s.space = SP_HOST;
		s.owner = fnsym;
		i = addsym(b, usr, s);
	}
	free(usr);
	return i;
}

/* ---------------------------------------------------------------- CFG */

static void
edge(Func *f, int a, int z)
{
	Stmt *s = &f->st.v[a];
	for (int i = 0; i < s->succ.n; i++)
		if (s->succ.v[i] == z)
			return;
	vpush(s->succ, z);
	vpush(f->st.v[z].pred, a);
}

/* The line of byte off in the file of the function being built. */
int
srcline(B *b, int off)
{
	if (b->fsrc && b->fsrc->lines && !clang_File_isEqual(b->fsrc->file, b->mainfile))
		return lineof(b->fsrc->lines, b->fsrc->nlines, off);
	return unitline(b->u, off);
}

static void
setrange(B *b, Stmt *s, int bo, int eo)
{
	s->begin = bo;
	s->end = eo;
	if (b->fsrc == NULL || b->fsrc->src == NULL)
		return;
	s->line = srcline(b, bo);
	s->endline = srcline(b, eo > bo ? eo - 1 : bo);
}

/* Which types a statement's text names (moved to another function, text
 * naming T or a typedef the other function declares again would mean
 * another type there): SF_LOCALTYPE for a template's parameter or a type
 * declared inside a function, SF_TYPENAME for the program's other types. */
static enum CXChildVisitResult
typekid(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	int *flags = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k != CXCursor_TypeRef && k != CXCursor_TemplateRef && k != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	CXCursor d = clang_getCursorReferenced(c);
	enum CXCursorKind dk = clang_getCursorKind(d);
	if (dk == CXCursor_TemplateTypeParameter || dk == CXCursor_NonTypeTemplateParameter ||
	    dk == CXCursor_TemplateTemplateParameter) {
		*flags |= SF_LOCALTYPE;
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_DeclRefExpr && dk == CXCursor_EnumConstantDecl)
		d = clang_getCursorSemanticParent(d); /* an enumerator: named as its enum is */
	else if (k == CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	if (clang_Cursor_isNull(d) || insystem(d))
		return CXChildVisit_Recurse;
	*flags |= SF_TYPENAME;
	for (CXCursor s = clang_getCursorSemanticParent(d); !clang_Cursor_isNull(s) && !clang_isTranslationUnit(clang_getCursorKind(s));
	     s = clang_getCursorSemanticParent(s)) {
		enum CXCursorKind sk = clang_getCursorKind(s);
		if (sk == CXCursor_FunctionDecl || sk == CXCursor_CXXMethod || sk == CXCursor_FunctionTemplate ||
		    sk == CXCursor_Constructor || sk == CXCursor_Destructor || sk == CXCursor_LambdaExpr) {
			*flags |= SF_LOCALTYPE;
			break;
		}
	}
	return CXChildVisit_Continue;
}

/* The template parameters' names of c and of the templates around it. */
static void
tparams(CXCursor c, Strs *out)
{
	for (; !clang_Cursor_isNull(c) && !clang_isTranslationUnit(clang_getCursorKind(c)); c = clang_getCursorSemanticParent(c)) {
		CXCursor *ks;
		int n = kids(c, &ks);
		for (int i = 0; i < n; i++) {
			enum CXCursorKind k = clang_getCursorKind(ks[i]);
			if (k == CXCursor_TemplateTypeParameter || k == CXCursor_NonTypeTemplateParameter ||
			    k == CXCursor_TemplateTemplateParameter) {
				char *name = spelling(ks[i]);
				if (*name)
					vpush(*out, name);
				else
					free(name);
			}
		}
		free(ks);
	}
}

/* Does a function's body declare a type (typedef, using, struct, enum)? */
static enum CXChildVisitResult
localtype(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_TypedefDecl || k == CXCursor_TypeAliasDecl || k == CXCursor_StructDecl || k == CXCursor_ClassDecl ||
	    k == CXCursor_UnionDecl || k == CXCursor_EnumDecl || k == CXCursor_TypeAliasTemplateDecl) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return k == CXCursor_LambdaExpr ? CXChildVisit_Continue : CXChildVisit_Recurse;
}

/* A new node reached from every open edge; ops go to it until the next one. */
static int
newnode(B *b, int kind, CXCursor c)
{
	Func *f = b->fn;
	Stmt s = {0};
	s.kind = kind;
	s.list = s.pos = -1;
	s.loop = s.failvar = s.spec = -1;
	b->initsym = b->initcall = -1; /* Call.onfail links calls of one statement only */
	s.op0 = f->ops.n;
	s.call0 = f->calls.n;
	vpush(f->st, s);
	int n = f->st.n - 1;
	if (!clang_Cursor_isNull(c)) {
		int bo, eo;
		offsets(c, &bo, &eo, NULL);
		setrange(b, &f->st.v[n], bo, eo);
		if (ismacro(c))
			f->st.v[n].flags |= SF_MACRO;
		if (kind == ST_PLAIN) {
			int tf = 0;
			typekid(c, c, &tf);
			clang_visitChildren(c, typekid, &tf);
			/* an instantiation's text still says T where its cursors say float */
			for (int at = bo, t; b->fsrc && b->fsrc->src && b->tparams.n && eo <= (int)b->fsrc->len &&
			                     (t = nexttoken(b->fsrc->src, &at, eo)) >= 0;)
				for (int i = 0; i < b->tparams.n; i++)
					if ((int)strlen(b->tparams.v[i]) == at - t && !strncmp(b->fsrc->src + t, b->tparams.v[i], at - t))
						tf |= SF_LOCALTYPE;
			f->st.v[n].flags |= tf;
		}
	}
	if (b->fsrc && b->fsrc->file && clang_File_isEqual(b->fsrc->file, b->mainfile))
		f->st.v[n].flags |= SF_INMAIN;
	for (int i = 0; i < b->cur.n; i++)
		edge(f, b->cur.v[i], n);
	b->cur.n = 0;
	vpush(b->cur, n);
	b->node = n;
	return n;
}

static void
endnode(B *b)
{
	Stmt *s = &b->fn->st.v[b->node];
	s->nop = b->fn->ops.n - s->op0;
	s->ncall = b->fn->calls.n - s->call0;
}

void
stmtflag(B *b, int flags)
{
	if (b->node >= 0)
		b->fn->st.v[b->node].flags |= flags;
}

/* Extends a statement's end over its ';' (libclang extents stop before it). */
static void
takesemi(B *b, int n)
{
	Stmt *s = &b->fn->st.v[n];
	const char *src = b->fsrc ? b->fsrc->src : NULL;
	if (!src)
		return;
	size_t i = (size_t)s->end, len = b->fsrc->len;
	while (i < len) {
		if (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r')
			i++;
		else if (src[i] == '/' && i + 1 < len && src[i + 1] == '*') {
			const char *e = strstr(src + i + 2, "*/");
			if (!e)
				return;
			i = (size_t)(e - src) + 2;
		} else
			break;
	}
	if (i < len && src[i] == ';')
		setrange(b, s, s->begin, (int)i + 1);
}

static void
closeall(Ints *dst, Ints *src)
{
	for (int i = 0; i < src->n; i++)
		vpush(*dst, src->v[i]);
}

static Ints *
pushtarget(void *stack)
{
	VEC(Ints *) *st = stack;
	Ints *l = xcalloc(1, sizeof *l);
	vpush(*st, l);
	return l;
}

static void
poptarget(void *stack)
{
	VEC(Ints *) *st = stack;
	Ints *l = st->v[--st->n];
	vfree(*l);
	free(l);
}

static void
jump(B *b, int kind)
{
	int n = b->node;
	if (kind == ST_RETURN)
		edge(b->fn, n, 1);
	else if (kind == ST_BREAK && b->brk.n)
		vpush(*b->brk.v[b->brk.n - 1], n);
	else if (kind == ST_CONTINUE && b->cont.n)
		vpush(*b->cont.v[b->cont.n - 1], n);
}

static void
gotolabel(B *b, CXCursor s)
{
	CXCursor *ks;
	int n = kids(s, &ks);
	for (int i = 0; i < n; i++)
		if (clang_getCursorKind(ks[i]) == CXCursor_LabelRef) {
			CXString name = clang_getCursorSpelling(ks[i]);
			b->fn->st.v[b->node].label = xstrdup(clang_getCString(name));
			clang_disposeString(name);
		}
	free(ks);
	b->fn->flags |= FNF_GOTO;
}

/* A declaration's declarators, for a split into one declaration each
 * (edit/forms.c): after the type they share, each from after the comma
 * before it (the first from the stars and qualifiers before its name) to
 * the end of its initialiser. Not for types defined in place (struct {
 * ... } a, b) or text a macro wrote. */
static void
declarators(CXCursor s, Stmt *st)
{
	st->spec = -1;
	CXCursor *ks;
	int n = kids(s, &ks), nv = 0;
	Tokens t = cursortokens(s);
	bool ok = t.n > 0 && !(st->flags & SF_MACRO);
	static const char *const lead[] = {"*", "&", "&&", "const", "volatile", "__restrict__", "__restrict", NULL};
	for (int i = 0; i < n && ok; i++) {
		if (clang_getCursorKind(ks[i]) != CXCursor_VarDecl) {
			ok = clang_getCursorKind(ks[i]) != CXCursor_StructDecl && clang_getCursorKind(ks[i]) != CXCursor_ClassDecl &&
			     clang_getCursorKind(ks[i]) != CXCursor_UnionDecl && clang_getCursorKind(ks[i]) != CXCursor_EnumDecl;
			continue;
		}
		int name = locof(ks[i]), end = endof(ks[i]);
		unsigned k = 0;
		while (k < t.n && tokenoff(&t, k) < name)
			k++;
		if (k == t.n || tokenoff(&t, k) != name) {
			ok = false;
			break;
		}
		int begin = name;
		if (nv == 0) { /* back over the stars and qualifiers that belong to the declarator */
			while (k > 1 && tokenin(&t, k - 1, lead))
				begin = tokenoff(&t, --k);
			st->spec = begin;
		} else { /* after the comma that ends the one before */
			while (k > 0 && !tokenis(&t, k - 1, ","))
				k--;
			ok = k > 0 && tokenoff(&t, k - 1) >= st->dend.v[nv - 1];
			begin = ok && k < t.n ? tokenoff(&t, k) : begin;
		}
		ok = ok && begin <= name && end > name && (nv == 0 || begin >= st->dend.v[nv - 1]);
		vpush(st->dbeg, begin);
		vpush(st->dend, end);
		nv++;
	}
	freetokens(&t);
	free(ks);
	if (!ok || nv != st->decls.n || st->spec <= st->begin) {
		st->spec = -1;
		st->dbeg.n = st->dend.n = 0;
	}
}

static void
atomic(B *b, CXCursor s)
{
	int n = newnode(b, ST_PLAIN, s);
	flat(b, s);
	b->node = n;
	endnode(b);
	if (clang_getCursorKind(s) == CXCursor_DeclStmt) {
		b->fn->st.v[n].flags |= SF_DECL;
		declarators(s, &b->fn->st.v[n]);
	}
	takesemi(b, n);
}

/* Flattens a statement into the current node (macro bodies, opaque code):
 * all ops, no structure. Jumps out of it become edges. The nesting counter
 * tells a break that leaves the statement from one that stays inside it. */
typedef struct {
	int loops, switches;
} Nest;

static void flatn(B *b, CXCursor c, Nest *nest);
static void flatif(B *b, CXCursor c, Nest *nest);
static int failvar(B *b, CXCursor e, bool *ok);

static void
flatkids(B *b, CXCursor c, Nest *nest)
{
	CXCursor *ks;
	int n = kids(c, &ks);
	for (int i = 0; i < n; i++)
		flatn(b, ks[i], nest);
	free(ks);
}

static void
flatn(B *b, CXCursor c, Nest *nest)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	if (clang_isExpression(k)) {
		evaluate(b, c);
		return;
	}
	switch (k) {
	case CXCursor_DeclStmt: {
		CXCursor *ks;
		int n = kids(c, &ks);
		for (int i = 0; i < n; i++)
			if (clang_getCursorKind(ks[i]) == CXCursor_VarDecl)
				vardecl(b, ks[i]);
			else if (clang_getCursorKind(ks[i]) == CXCursor_UnexposedDecl)
				decomposition(b, ks[i]);
			else if ((clang_getCursorKind(ks[i]) == CXCursor_TypedefDecl ||
			          clang_getCursorKind(ks[i]) == CXCursor_TypeAliasDecl) &&
			         hasvla(clang_getTypedefDeclUnderlyingType(ks[i])))
				vlasize(b, ks[i], clang_getNullCursor());
		free(ks);
		return;
	}
	case CXCursor_ReturnStmt: {
		stmtflag(b, SF_JUMP);
		CXCursor *ks;
		int n = kids(c, &ks);
		int v = n ? rvalue(b, ks[0]) : mknode(b, N_NULL, -1, -1, -1);
		free(ks);
		if (b->fn->retsym >= 0)
			addop(b, O_ASSIGN, mknode(b, N_VAR, -1, -1, b->fn->retsym), v, -1);
		jump(b, ST_RETURN);
		return;
	}
	case CXCursor_BreakStmt:
		if (!nest->loops && !nest->switches) {
			stmtflag(b, SF_JUMP);
			jump(b, ST_BREAK);
		}
		return;
	case CXCursor_ContinueStmt:
		if (!nest->loops) {
			stmtflag(b, SF_JUMP);
			jump(b, ST_CONTINUE);
		}
		return;
	case CXCursor_GotoStmt:
	case CXCursor_IndirectGotoStmt:
		stmtflag(b, SF_JUMP);
		b->fn->flags |= FNF_GOTO;
		if (k == CXCursor_IndirectGotoStmt)
			b->fn->why = "computed goto";
		flatkids(b, c, nest);
		return;
	case CXCursor_LabelStmt:
		b->fn->flags |= FNF_GOTO;
		flatkids(b, c, nest);
		return;
	case CXCursor_CXXTryStmt:
		b->fn->flags |= FNF_TRY;
		flatkids(b, c, nest);
		return;
	case CXCursor_GCCAsmStmt:
	case CXCursor_MSAsmStmt:
		stmtflag(b, SF_ASM);
		b->fn->flags |= FNF_ASM;
		return;
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
	case CXCursor_ForStmt:
	case CXCursor_CXXForRangeStmt:
		nest->loops++;
		flatkids(b, c, nest);
		nest->loops--;
		return;
	case CXCursor_SwitchStmt:
		nest->switches++;
		flatkids(b, c, nest);
		nest->switches--;
		return;
	case CXCursor_IfStmt:
		flatif(b, c, nest);
		return;
	default:
		flatkids(b, c, nest);
	}
}

/* An if inside a statement cuflow keeps whole (a macro's do-while): after
 * "cudaError_t e = call;", the then branch of "if (e != cudaSuccess)" runs
 * only when that call failed, and its calls say so (Call.onfail). */
static void
flatif(B *b, CXCursor c, Nest *nest)
{
	CXCursor *ks;
	int n = kids(c, &ks);
	bool ok = false;
	int failed = n >= 2 && clang_isExpression(clang_getCursorKind(ks[0])) && b->initsym >= 0 &&
	                     failvar(b, ks[0], &ok) == b->initsym ? b->initcall : -1;
	for (int i = 0; i < n; i++) {
		int save = b->failof;
		if (i == (ok ? 2 : 1) && failed >= 0) /* the branch taken on failure */
			b->failof = failed;
		flatn(b, ks[i], nest);
		b->failof = save;
	}
	free(ks);
}

static void
flat(B *b, CXCursor c)
{
	Nest nest = {0, 0};
	flatn(b, c, &nest);
}

/* A compound statement: a list of movable items closed by an END node. */
static int
compound(B *b, CXCursor s, int owner)
{
	Func *f = b->fn;
	List l = {0};
	l.owner = owner;
	offsets(s, &l.begin, &l.end, NULL);
	vpush(f->lists, l);
	int li = f->lists.n - 1;
	bool dtors = b->dtors, objs = b->objs;
	b->dtors = b->objs = false;
	CXCursor *ks;
	int n = kids(s, &ks);
	for (int i = 0; i < n; i++) {
		int first = f->st.n;
		stmt(b, ks[i]);
		int last = f->st.n - 1;
		vpush(f->lists.v[li].first, first);
		vpush(f->lists.v[li].last, last);
		if (last >= first) {
			f->st.v[first].list = li;
			f->st.v[first].pos = i;
		}
	}
	free(ks);
	int e = newnode(b, ST_END, clang_getNullCursor());
	int end = f->lists.v[li].end;
	setrange(b, &f->st.v[e], end > 0 ? end - 1 : end, end);
	if (b->dtors) /* destructors run here, unseen */
		f->st.v[e].flags |= SF_HIDDEN;
	if (b->objs)
		f->st.v[e].flags |= SF_SCOPEOBJ;
	b->dtors = dtors;
	b->objs = objs;
	endnode(b);
	f->lists.v[li].endnode = e;
	f->st.v[e].list = li;
	f->st.v[e].pos = n;
	return li;
}

/* The parts of a control statement's header, told apart by offsets: what
 * lies before the top-level ';'s of its parentheses and after the ')'. */
typedef struct {
	int lparen, rparen;
	int semi[2];
	int nsemi;
	int elsekw;
} Header;

static void
header(B *b, CXCursor s, Header *h)
{
	memset(h, 0, sizeof *h);
	h->lparen = h->rparen = h->elsekw = -1;
	int bo, eo;
	offsets(s, &bo, &eo, NULL);
	const char *src = b->fsrc ? b->fsrc->src : NULL;
	if (!src)
		return;
	int depth = 0;
	for (int i = bo; i < eo && i < (int)b->fsrc->len; i++) {
		char c = src[i];
		if (c == '"' || c == '\'') { /* skip literals */
			for (i++; i < eo && src[i] != c; i++)
				if (src[i] == '\\')
					i++;
			continue;
		}
		if (c == '/' && src[i + 1] == '/') {
			while (i < eo && src[i] != '\n')
				i++;
			continue;
		}
		if (c == '/' && src[i + 1] == '*') {
			const char *e = strstr(src + i + 2, "*/");
			i = e ? (int)(e - src) + 1 : eo;
			continue;
		}
		if (c == '(' || c == '[' || c == '{') {
			if (c == '(' && depth == 0 && h->lparen < 0)
				h->lparen = i;
			depth++;
		} else if (c == ')' || c == ']' || c == '}') {
			depth--;
			if (depth == 0 && h->lparen >= 0 && h->rparen < 0) {
				h->rparen = i;
				break;
			}
		} else if (c == ';' && depth == 1 && h->nsemi < 2)
			h->semi[h->nsemi++] = i;
	}
}

/* Header children go into the current (condition) node. */
static void
evhead(B *b, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_VarDecl)
		vardecl(b, c);
	else
		flat(b, c);
}

/* Does the cursor name cudaSuccess (or the driver's CUDA_SUCCESS, or 0)? */
static bool
successconst(CXCursor e)
{
	e = strip(e);
	return intconst(e) == 0 || (clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	                            (named(e, "cudaSuccess") || named(e, "CUDA_SUCCESS")));
}

/* The variable whose CUDA status an if's condition tests ("err !=
 * cudaSuccess", "cudaSuccess != err", "err != 0", "err"; with *ok, "err ==
 * cudaSuccess": the test holds on success), as a symbol, or -1. */
static int
failvar(B *b, CXCursor e, bool *ok)
{
	e = strip(e);
	CXCursor side = e;
	*ok = false;
	if (clang_getCursorKind(e) == CXCursor_BinaryOperator) {
		CXCursor *ks;
		int n = kids(e, &ks);
		enum CXBinaryOperatorKind o = clang_getCursorBinaryOperatorKind(e);
		bool cmp = n == 2 && (o == CXBinaryOperator_NE || o == CXBinaryOperator_EQ);
		*ok = o == CXBinaryOperator_EQ;
		side = !cmp ? clang_getNullCursor() : successconst(ks[1]) ? ks[0] : successconst(ks[0]) ? ks[1] : clang_getNullCursor();
		free(ks);
	}
	side = strip(side);
	if (clang_Cursor_isNull(side) || clang_getCursorKind(side) != CXCursor_DeclRefExpr)
		return -1;
	CXCursor v = clang_getCursorReferenced(side);
	enum CXCursorKind k = clang_getCursorKind(v);
	return k == CXCursor_VarDecl || k == CXCursor_ParmDecl ? symof(b, v) : -1;
}

static void
ifstmt(B *b, CXCursor s)
{
	Header h;
	header(b, s, &h);
	CXCursor *ks;
	int n = kids(s, &ks);
	int c = newnode(b, ST_COND, s);
	int i = 0;
	for (; i < n && h.rparen >= 0 && startof(ks[i]) < h.rparen; i++) {
		evhead(b, ks[i]);
		if (clang_isExpression(clang_getCursorKind(ks[i])))
			b->fn->st.v[c].failvar = failvar(b, ks[i], &b->fn->st.v[c].failelse);
	}
	if (h.rparen < 0 && n) /* no header found: only the condition precedes the branches */
		evhead(b, ks[i++]);
	b->node = c;
	endnode(b);
	if (h.rparen >= 0) {
		Stmt *cs = &b->fn->st.v[c];
		setrange(b, cs, cs->begin, h.rparen + 1);
	}
	Ints out = {0};
	if (i < n) {
		stmt(b, ks[i++]);
		closeall(&out, &b->cur);
	}
	if (b->fn->st.n == c + 1) /* no then branch: no failure path of its own (failvar says succ[0] is it) */
		b->fn->st.v[c].failvar = -1;
	b->cur.n = 0;
	vpush(b->cur, c);
	if (i < n)
		stmt(b, ks[i++]);
	closeall(&out, &b->cur);
	b->cur.n = 0;
	closeall(&b->cur, &out);
	vfree(out);
	free(ks);
}

/* A while or range-for loop's body, its last child: the body's end and
 * every continue go back to the condition node c, and the loop leaves from c
 * and from every break. */
static void
loopbody(B *b, CXCursor *ks, int n, int c)
{
	Ints *brk = pushtarget(&b->brk), *cont = pushtarget(&b->cont);
	if (n)
		stmt(b, ks[n - 1]);
	for (int i = 0; i < b->cur.n; i++)
		edge(b->fn, b->cur.v[i], c);
	for (int i = 0; i < cont->n; i++)
		edge(b->fn, cont->v[i], c);
	b->cur.n = 0;
	vpush(b->cur, c);
	closeall(&b->cur, brk);
	poptarget(&b->cont);
	poptarget(&b->brk);
}

static bool pure(CXCursor e, CXCursor var);
static char *exprtext(B *b, CXCursor e);

static void
whilestmt(B *b, CXCursor s)
{
	Header h;
	header(b, s, &h);
	CXCursor *ks;
	int n = kids(s, &ks);
	int c = newnode(b, ST_COND, s);
	for (int i = 0; i < n - 1; i++)
		evhead(b, ks[i]);
	b->node = c;
	endnode(b);
	if (h.rparen >= 0)
		setrange(b, &b->fn->st.v[c], b->fn->st.v[c].begin, h.rparen + 1);
	if (n == 2 && clang_isExpression(clang_getCursorKind(ks[0])) && !ismacro(ks[0])) {
		long long k = intconst(ks[0]); /* while (1): the body runs at least once */
		if (k != LLONG_MIN && k != 0)
			b->fn->st.v[c].once = true;
		else if (k == LLONG_MIN && pure(ks[0], clang_getNullCursor()))
			b->fn->st.v[c].first = exprtext(b, ks[0]); /* the test itself, before the loop */
	}
	loopbody(b, ks, n, c);
	free(ks);
}

static void
dostmt(B *b, CXCursor s)
{
	CXCursor *ks;
	int n = kids(s, &ks);
	/* a head node at "do", so the statement starts where its text does */
	int top = newnode(b, ST_PLAIN, s);
	int bo, eo;
	offsets(s, &bo, &eo, NULL);
	setrange(b, &b->fn->st.v[top], bo, bo + 2);
	b->fn->st.v[top].once = true;
	endnode(b);
	Ints *brk = pushtarget(&b->brk), *cont = pushtarget(&b->cont);
	if (n)
		stmt(b, ks[0]);
	int c = newnode(b, ST_COND, n > 1 ? ks[1] : s);
	for (int i = 0; i < cont->n; i++)
		edge(b->fn, cont->v[i], c);
	for (int i = 1; i < n; i++)
		evhead(b, ks[i]);
	b->node = c;
	endnode(b);
	edge(b->fn, c, top);
	b->cur.n = 0;
	vpush(b->cur, c);
	closeall(&b->cur, brk);
	poptarget(&b->cont);
	poptarget(&b->brk);
	free(ks);
}

/* The loop variable a for's init sets and the constant it starts at. */
static bool
forstart(CXCursor init, CXCursor *var, long long *v)
{
	CXCursor *ks;
	int n = kids(init, &ks);
	bool ok = false;
	if (clang_getCursorKind(init) == CXCursor_DeclStmt && n == 1 && clang_getCursorKind(ks[0]) == CXCursor_VarDecl) {
		CXCursor *vk;
		int nv = kids(ks[0], &vk);
		*var = ks[0];
		ok = nv > 0 && (*v = intconst(vk[nv - 1])) != LLONG_MIN;
		free(vk);
	} else if (clang_getCursorKind(init) == CXCursor_BinaryOperator &&
	           clang_getCursorBinaryOperatorKind(init) == CXBinaryOperator_Assign && n == 2 &&
	           clang_getCursorKind(strip(ks[0])) == CXCursor_DeclRefExpr) {
		*var = clang_getCursorReferenced(strip(ks[0]));
		ok = (*v = intconst(ks[1])) != LLONG_MIN;
	}
	free(ks);
	return ok;
}

/* An expression that reads and never writes (no call, no assignment, no
 * ++ or --) and does not name var: it means the same before the loop. */
static bool
pure(CXCursor e, CXCursor var)
{
	enum CXCursorKind k = clang_getCursorKind(e);
	if (k == CXCursor_DeclRefExpr)
		return !clang_equalCursors(clang_getCursorReferenced(e), var);
	if (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(e) >= CXBinaryOperator_Assign)
		return false;
	if (k == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(e);
		if (u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PostDec || u == CXUnaryOperator_PreInc ||
		    u == CXUnaryOperator_PreDec)
			return false;
	}
	if (k != CXCursor_IntegerLiteral && k != CXCursor_CharacterLiteral && k != CXCursor_UnexposedExpr &&
	    k != CXCursor_ParenExpr && k != CXCursor_BinaryOperator && k != CXCursor_UnaryOperator &&
	    k != CXCursor_MemberRefExpr && k != CXCursor_ArraySubscriptExpr && k != CXCursor_CStyleCastExpr &&
	    k != CXCursor_CXXStaticCastExpr && k != CXCursor_CXXBoolLiteralExpr && k != CXCursor_UnaryExpr)
		return false;
	CXCursor *ks;
	int n = kids(e, &ks);
	bool ok = true;
	for (int i = 0; i < n && ok; i++)
		ok = clang_isExpression(clang_getCursorKind(ks[i])) ? pure(ks[i], var)
		                                                    : clang_getCursorKind(ks[i]) == CXCursor_TypeRef;
	free(ks);
	return ok;
}

static char *
exprtext(B *b, CXCursor e)
{
	int bo, eo;
	CXFile f;
	offsets(e, &bo, &eo, &f);
	if (!b->fsrc || !b->fsrc->src || !clang_File_isEqual(f, b->mainfile) || eo > (int)b->fsrc->len)
		return NULL;
	return xstrndup(b->fsrc->src + bo, eo - bo);
}

/* Has expression e the type of variable var (both canonical)? */
static bool
sametype(CXCursor e, CXCursor var)
{
	return clang_equalTypes(canontype(e), canontype(var));
}

/* A for's first test, `for (i = A; i OP E; ...)` as "A OP E" (A in
 * parentheses unless a name or a literal), when A and E are pure. */
static char *
firsttest(B *b, CXCursor init, CXCursor cond)
{
	CXCursor var, a, *ks, *vk = NULL;
	if (ismacro(init) || ismacro(cond)) /* its text is the macro's, not the test's */
		return NULL;
	int n = kids(init, &ks), nv = 0;
	char *t = NULL;
	if (clang_getCursorKind(init) == CXCursor_DeclStmt && n == 1 && clang_getCursorKind(ks[0]) == CXCursor_VarDecl &&
	    (nv = kids(ks[0], &vk)) > 0 && clang_isExpression(clang_getCursorKind(vk[nv - 1]))) {
		var = ks[0];
		a = vk[nv - 1];
	} else if (clang_getCursorKind(init) == CXCursor_BinaryOperator &&
	           clang_getCursorBinaryOperatorKind(init) == CXBinaryOperator_Assign && n == 2 &&
	           clang_getCursorKind(strip(ks[0])) == CXCursor_DeclRefExpr) {
		var = clang_getCursorReferenced(strip(ks[0]));
		a = ks[1];
	} else
		goto out;
	CXCursor *ck;
	int nc = kids(cond, &ck);
	enum CXBinaryOperatorKind op = clang_getCursorKind(cond) == CXCursor_BinaryOperator
	                                   ? clang_getCursorBinaryOperatorKind(cond) : CXBinaryOperator_Invalid;
	static const char *ops[] = {[CXBinaryOperator_LT] = "<", [CXBinaryOperator_GT] = ">",
	                            [CXBinaryOperator_LE] = "<=", [CXBinaryOperator_GE] = ">=",
	                            [CXBinaryOperator_NE] = "!="};
	if (nc == 2 && op < sizeof ops / sizeof *ops && ops[op] && clang_getCursorKind(strip(ck[0])) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(strip(ck[0])), var) && pure(a, var) && pure(ck[1], var) &&
	    sametype(strip(a), var)) { /* else "A OP E" converts otherwise than "i OP E" */
		char *at = exprtext(b, a), *et = exprtext(b, ck[1]);
		enum CXCursorKind ak = clang_getCursorKind(strip(a));
		bool bare = ak == CXCursor_DeclRefExpr || ak == CXCursor_IntegerLiteral;
		if (at && et)
			t = fmt(bare ? "%s %s %s" : "(%s) %s %s", at, ops[op], et);
		free(at);
		free(et);
	}
	free(ck);
out:
	free(vk);
	free(ks);
	return t;
}

/* Does a for's body run at least once: `for (i = A; i OP B; ...)` with
 * constants A and B such that A OP B holds? The first test sees i = A
 * whatever the body does later. */
static bool
firstpass(CXCursor init, CXCursor cond)
{
	CXCursor var;
	long long a, bnd;
	if (!forstart(init, &var, &a) || clang_getCursorKind(cond) != CXCursor_BinaryOperator)
		return false;
	CXCursor *ks;
	int n = kids(cond, &ks);
	bool ok = n == 2 && clang_getCursorKind(strip(ks[0])) == CXCursor_DeclRefExpr &&
	          clang_equalCursors(clang_getCursorReferenced(strip(ks[0])), var) && (bnd = intconst(ks[1])) != LLONG_MIN;
	free(ks);
	if (!ok)
		return false;
	/* compared as numbers, which C's conversions keep only for values every
	 * integer type holds: unsigned i = 0 against -1 is no pass */
	if (a < 0 || a > 127 || bnd < 0)
		return false;
	switch (clang_getCursorBinaryOperatorKind(cond)) {
	case CXBinaryOperator_LT:
		return a < bnd;
	case CXBinaryOperator_LE:
		return a <= bnd;
	case CXBinaryOperator_GT:
		return a > bnd;
	case CXBinaryOperator_GE:
		return a >= bnd;
	case CXBinaryOperator_NE:
		return a != bnd;
	default:
		return false;
	}
}

static void
forstmt(B *b, CXCursor s)
{
	Header h;
	header(b, s, &h);
	CXCursor *ks;
	int n = kids(s, &ks);
	if (h.rparen < 0 || h.nsemi < 2) { /* cannot tell the parts apart: one node */
		free(ks);
		atomic(b, s);
		return;
	}
	int i = 0, init = -1;
	if (i < n - 1 && startof(ks[i]) < h.semi[0]) {
		int in = newnode(b, ST_PLAIN, ks[i]);
		flat(b, ks[init = i++]);
		b->node = in;
		endnode(b);
	}
	int c = newnode(b, ST_COND, s), cond = i < n - 1 && startof(ks[i]) < h.semi[1] ? i : -1;
	for (; i < n - 1 && startof(ks[i]) < h.semi[1]; i++)
		evhead(b, ks[i]);
	b->node = c;
	endnode(b);
	setrange(b, &b->fn->st.v[c], b->fn->st.v[c].begin, h.rparen + 1);
	b->fn->st.v[c].once = init >= 0 && cond >= 0 && firstpass(ks[init], ks[cond]);
	if (!b->fn->st.v[c].once && init >= 0 && cond >= 0)
		b->fn->st.v[c].first = firsttest(b, ks[init], ks[cond]);
	int inc = i < n - 1 && startof(ks[i]) < h.rparen ? i++ : -1;
	/* for (;;) never leaves through its header: is anything between the ';'s? */
	const char *src = b->fsrc->src;
	bool hascond = false;
	for (int j = h.semi[0] + 1; j < h.semi[1]; j++)
		if (src[j] != ' ' && src[j] != '\t' && src[j] != '\n' && src[j] != '\r')
			hascond = true;
	Ints *brk = pushtarget(&b->brk), *cont = pushtarget(&b->cont);
	if (n)
		stmt(b, ks[n - 1]);
	if (inc >= 0) {
		int in = newnode(b, ST_PLAIN, ks[inc]);
		for (int j = 0; j < cont->n; j++)
			edge(b->fn, cont->v[j], in);
		flat(b, ks[inc]);
		b->node = in;
		endnode(b);
		edge(b->fn, in, c);
	} else {
		for (int j = 0; j < b->cur.n; j++)
			edge(b->fn, b->cur.v[j], c);
		for (int j = 0; j < cont->n; j++)
			edge(b->fn, cont->v[j], c);
	}
	b->cur.n = 0;
	if (hascond)
		vpush(b->cur, c);
	closeall(&b->cur, brk);
	poptarget(&b->cont);
	poptarget(&b->brk);
	free(ks);
}

/* for (T x : range): the range is read, its elements bind to x. */
static void
rangefor(B *b, CXCursor s)
{
	CXCursor *ks;
	int n = kids(s, &ks);
	int var = -1, range = -1;
	for (int i = 0; i < n - 1; i++) {
		enum CXCursorKind k = clang_getCursorKind(ks[i]);
		if (k == CXCursor_VarDecl)
			var = i;
		else if (clang_isExpression(k))
			range = i;
	}
	int c = newnode(b, ST_COND, s);
	if (range >= 0) {
		int l = lvalueortemp(b, ks[range]);
		if (l < 0)
			l = mknode(b, N_DEREF, mknode(b, N_UNKNOWN, -1, -1, -1), -1, -1);
		addop(b, O_READ, l, -1, -1);
		int x = var >= 0 ? symof(b, ks[var]) : -1;
		if (x >= 0) {
			int xv = mknode(b, N_VAR, -1, -1, x);
			addop(b, O_WRITE, xv, -1, -1);
			bool ref = b->u->syms.v[x].flags & SYMF_REF;
			addop(b, O_ASSIGN, xv, mknode(b, ref ? N_ADDR : N_LOAD, l, -1, -1), -1);
			vpush(b->fn->st.v[c].decls, x);
		}
	}
	b->node = c;
	endnode(b);
	loopbody(b, ks, n, c);
	free(ks);
}

static void
switchstmt(B *b, CXCursor s)
{
	Switches *sw = &b->sw;
	Header h;
	header(b, s, &h);
	CXCursor *ks;
	int n = kids(s, &ks);
	int c = newnode(b, ST_COND, s);
	for (int i = 0; i < n - 1; i++)
		evhead(b, ks[i]);
	b->node = c;
	endnode(b);
	if (h.rparen >= 0)
		setrange(b, &b->fn->st.v[c], b->fn->st.v[c].begin, h.rparen + 1);
	Switch me = {c, false};
	vpush(*sw, me);
	Ints *brk = pushtarget(&b->brk);
	b->cur.n = 0;
	if (n)
		stmt(b, ks[n - 1]);
	bool dflt = sw->v[sw->n - 1].dflt;
	sw->n--;
	if (!dflt)
		vpush(b->cur, c);
	closeall(&b->cur, brk);
	poptarget(&b->brk);
	free(ks);
}

static void
casestmt(B *b, CXCursor s)
{
	Switches *sw = &b->sw;
	CXCursor *ks;
	int n = kids(s, &ks);
	int l = newnode(b, ST_LABEL, s);
	if (sw->n) {
		edge(b->fn, sw->v[sw->n - 1].cond, l);
		if (clang_getCursorKind(s) == CXCursor_DefaultStmt)
			sw->v[sw->n - 1].dflt = true;
	}
	endnode(b);
	if (n) {
		Stmt *ls = &b->fn->st.v[l];
		setrange(b, ls, ls->begin, startof(ks[n - 1]));
		stmt(b, ks[n - 1]);
	}
	free(ks);
}

static void
labelstmt(B *b, CXCursor s)
{
	CXCursor *ks;
	int n = kids(s, &ks);
	int l = newnode(b, ST_LABEL, s);
	CXString name = clang_getCursorSpelling(s);
	b->fn->st.v[l].label = xstrdup(clang_getCString(name));
	clang_disposeString(name);
	b->fn->flags |= FNF_GOTO;
	endnode(b);
	if (n) {
		Stmt *ls = &b->fn->st.v[l];
		setrange(b, ls, ls->begin, startof(ks[n - 1]));
		stmt(b, ks[n - 1]);
	}
	free(ks);
}

static void
jumpstmt(B *b, CXCursor s, int kind)
{
	int n = newnode(b, kind, s);
	if (kind == ST_RETURN) {
		CXCursor *ks;
		int nk = kids(s, &ks);
		if (nk && b->fn->retsym >= 0) {
			bool ref = b->u->syms.v[b->fn->sym].flags & SYMF_REFRET;
			int v = ref ? lvalue(b, ks[0]) : rvalue(b, ks[0]);
			if (ref)
				v = v >= 0 ? mknode(b, N_ADDR, v, -1, -1) : mknode(b, N_UNKNOWN, -1, -1, -1);
			addop(b, O_ASSIGN, mknode(b, N_VAR, -1, -1, b->fn->retsym), v, -1);
		} else if (nk)
			evaluate(b, ks[0]);
		free(ks);
	}
	if (kind == ST_GOTO)
		gotolabel(b, s);
	b->node = n;
	endnode(b);
	takesemi(b, n);
	jump(b, kind);
	b->cur.n = 0;
}

static void
opaque(B *b, CXCursor s, int flags)
{
	int n = newnode(b, ST_OPAQUE, s);
	flat(b, s);
	b->node = n;
	stmtflag(b, flags);
	endnode(b);
}

static void
stmt(B *b, CXCursor s)
{
	enum CXCursorKind k = clang_getCursorKind(s);
	if (k != CXCursor_CompoundStmt && ismacro(s) && !clang_isExpression(k) && k != CXCursor_DeclStmt) {
		atomic(b, s); /* a control statement from a macro moves as one unit */
		return;
	}
	switch (k) {
	case CXCursor_CompoundStmt:
		compound(b, s, b->node);
		break;
	case CXCursor_IfStmt:
		ifstmt(b, s);
		break;
	case CXCursor_WhileStmt:
		whilestmt(b, s);
		break;
	case CXCursor_DoStmt:
		dostmt(b, s);
		break;
	case CXCursor_ForStmt:
		forstmt(b, s);
		break;
	case CXCursor_CXXForRangeStmt:
		rangefor(b, s);
		break;
	case CXCursor_SwitchStmt:
		switchstmt(b, s);
		break;
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt:
		casestmt(b, s);
		break;
	case CXCursor_LabelStmt:
		labelstmt(b, s);
		break;
	case CXCursor_GotoStmt:
		jumpstmt(b, s, ST_GOTO);
		break;
	case CXCursor_ReturnStmt:
		jumpstmt(b, s, ST_RETURN);
		break;
	case CXCursor_BreakStmt:
		jumpstmt(b, s, ST_BREAK);
		break;
	case CXCursor_ContinueStmt:
		jumpstmt(b, s, ST_CONTINUE);
		break;
	case CXCursor_CXXTryStmt:
		b->fn->flags |= FNF_TRY;
		opaque(b, s, 0);
		break;
	case CXCursor_GCCAsmStmt:
	case CXCursor_MSAsmStmt:
		b->fn->flags |= FNF_ASM;
		opaque(b, s, SF_ASM);
		break;
	case CXCursor_IndirectGotoStmt:
		b->fn->why = "computed goto";
		opaque(b, s, SF_JUMP);
		break;
	default:
		if (clang_isExpression(k) || k == CXCursor_DeclStmt || k == CXCursor_NullStmt)
			atomic(b, s);
		else
			opaque(b, s, 0);
	}
}

/* ---------------------------------------------------------------- functions */

static void
resolvegotos(B *b)
{
	Func *f = b->fn;
	for (int i = 0; i < f->st.n; i++) {
		Stmt *g = &f->st.v[i];
		if (g->kind != ST_GOTO || !g->label)
			continue;
		for (int j = 0; j < f->st.n; j++)
			if (f->st.v[j].kind == ST_LABEL && f->st.v[j].label && !strcmp(f->st.v[j].label, g->label))
				edge(f, i, j);
	}
}

static CXCursor
bodyof(CXCursor fn)
{
	CXCursor *ks;
	int n = kids(fn, &ks);
	CXCursor body = clang_getNullCursor();
	for (int i = n - 1; i >= 0; i--)
		if (clang_getCursorKind(ks[i]) == CXCursor_CompoundStmt) {
			body = ks[i];
			break;
		}
	free(ks);
	return body;
}

typedef struct {
	int list, begin, end, node;
} Range;

static int
byrange(const void *a, const void *b)
{
	const Range *x = a, *y = b;
	return x->list != y->list     ? x->list - y->list
	       : x->begin != y->begin ? x->begin - y->begin
	       : x->end != y->end     ? x->end - y->end
	                              : x->node - y->node;
}

/* Statements of one block that one macro invocation writes (SYNC2(s)
 * expanding to two statements) all report the invocation's range: each is
 * flagged SF_SHARED, since none can move or be cut without the others. (The
 * statements inside a do { } while (0) macro are one item of their block.) */
static void
markshared(Func *f)
{
	Range *r = xcalloc(f->st.n + 1, sizeof *r);
	int n = 0;
	for (int v = 2; v < f->st.n; v++)
		if ((f->st.v[v].flags & SF_MACRO) && f->st.v[v].list >= 0)
			r[n++] = (Range){f->st.v[v].list, f->st.v[v].begin, f->st.v[v].end, v};
	qsort(r, n, sizeof *r, byrange);
	for (int i = 1; i < n; i++)
		if (r[i].list == r[i - 1].list && r[i].begin == r[i - 1].begin && r[i].end == r[i - 1].end) {
			f->st.v[r[i].node].flags |= SF_SHARED;
			f->st.v[r[i - 1].node].flags |= SF_SHARED;
		}
	free(r);
}

/* Does the device code at [begin, end) of src depend on the preprocessor's
 * configuration: a conditional group inside it (`#if 0` groups are
 * nobody's code), or an #if chain around it with another group, which
 * may define it otherwise? In device code that matters more than on the
 * host: this parse is the host's, with __CUDA_ARCH__ undefined, so the
 * body of a kernel's `#if __CUDA_ARCH__ >= 700`, or the first of two
 * definitions of a helper under `#if __CUDA_ARCH__ ... #else`, is what nvcc
 * compiles for the GPU and cuflow never saw (cuda-samples'
 * warpAggregatedAtomicsCG). Headers too: their text is read here, their
 * directives are not kept. An include guard (`#ifndef X` alone) is no
 * other configuration. */
static bool
configured(const Source *src, int begin, int end)
{
	typedef struct {
		bool if0, alt, around; /* `#if 0`; another group compiles; opened before begin */
	} Chain;
	VEC(Chain) open = {0};
	bool yes = false;
	for (int l = 0; l < src->nlines && !yes; l++) {
		int a = src->lines[l];
		const char *t = src->src + a + strspn(src->src + a, " \t");
		if (*t != '#')
			continue;
		t += 1 + strspn(t + 1, " \t");
		const char *c = t + 2 + strspn(t + 2, " \t");
		bool inside = a >= begin && a < end;
		if (!strncmp(t, "if", 2)) {
			Chain ch = {!strncmp(t, "if", 2) && c[0] == '0' && !isalnum((unsigned char)c[1]) && t[2] != 'd' &&
			                    t[2] != 'n',
			            false, a < begin};
			yes = inside && !ch.if0;
			vpush(open, ch);
		} else if (!strncmp(t, "el", 2) && open.n) {
			Chain *ch = &open.v[open.n - 1];
			bool other = !(ch->if0 && !strncmp(t, "else", 4)); /* #if 0 ... #else: one group compiles */
			ch->alt |= other;
			yes = (inside && other) || (ch->around && ch->alt && a >= end);
		} else if (!strncmp(t, "endif", 5) && open.n) {
			Chain ch = open.v[--open.n];
			yes = ch.around && ch.alt && a >= end;
		}
		if (a >= end) { /* past the function: only the chains around it matter */
			bool any = false;
			for (int i = 0; i < open.n; i++)
				any |= open.v[i].around;
			if (!any)
				break;
		}
	}
	vfree(open);
	return yes;
}

/* ---------------------------------------------------------------- instantiations */

/* A function template's pattern leaves every call and type that depends on a
 * template parameter unresolved: code cuflow cannot see, which may touch any
 * memory and leave device work in flight (HeCBench md's buildNeighborList
 * over a std::list<T>). A host template the unit instantiates exactly once is
 * built from that instantiation instead (GSOHC, working on LLVM IR, sees
 * instantiations too): its calls and types are resolved, and its statements
 * keep the pattern's offsets, so an edit changes the text of the only code
 * that runs. Edits stay in the main file, whose templates only this unit
 * instantiates. Instantiations are found from the expressions of all code
 * outside templates, then of each instantiation found, in turn, the
 * library's too (std::sort<...> calls the comparator it is given). */
typedef struct {
	B *b;
	Inst *seen; /* instantiations, by their own USR */
	Cursors todo;
} Scan;

static char *
usrof(CXCursor c)
{
	CXString s = clang_getCursorUSR(c);
	char *u = xstrdup(clang_getCString(s) ? clang_getCString(s) : "");
	clang_disposeString(s);
	return u;
}

static bool
isclass(enum CXCursorKind k)
{
	return k == CXCursor_ClassDecl || k == CXCursor_StructDecl || k == CXCursor_UnionDecl ||
	       k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization;
}

static void
noteinst(Scan *sc, CXCursor inst, CXCursor pattern)
{
	char *u = usrof(inst);
	Inst *in;
	HASH_FIND_STR(sc->seen, u, in);
	if (in) {
		free(u);
		return;
	}
	in = xcalloc(1, sizeof *in);
	in->usr = u;
	HASH_ADD_KEYPTR(hh, sc->seen, in->usr, strlen(in->usr), in);
	if (!haskid(inst, CXCursor_CUDAGlobalAttr) && !haskid(inst, CXCursor_CUDADeviceAttr))
		vpush(sc->todo, inst);
	if (insystem(pattern)) /* walked only: std::sort<...> calls what it is given */
		return;
	char *p = usrof(pattern);
	HASH_FIND_STR(sc->b->insts, p, in);
	if (in) {
		in->n++;
		free(p);
		return;
	}
	in = xcalloc(1, sizeof *in);
	in->usr = p;
	in->inst = inst;
	in->n = 1;
	HASH_ADD_KEYPTR(hh, sc->b->insts, in->usr, strlen(in->usr), in);
}

static int
scaninst(CXCursor c, void *arg)
{
	if (!clang_isExpression(clang_getCursorKind(c)))
		return WALK_IN;
	CXCursor r = clang_getCursorReferenced(c);
	enum CXCursorKind k = clang_getCursorKind(r);
	if (!isfunction(k) || k == CXCursor_FunctionTemplate)
		return WALK_IN;
	CXCursor t = clang_getSpecializedCursorTemplate(r), def = clang_getCursorDefinition(r);
	if (!clang_Cursor_isNull(t) && !clang_Cursor_isNull(def) && implicitinst(r, t))
		noteinst(arg, def, t);
	return WALK_IN;
}

static int
scanroot(CXCursor c, void *arg)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	if (insystem(c) || k == CXCursor_FunctionTemplate || k == CXCursor_ClassTemplate ||
	    k == CXCursor_ClassTemplatePartialSpecialization)
		return WALK_OVER;
	return scaninst(c, arg);
}

/* Instantiations the walk above cannot count: those a class template's
 * member makes (run from a vtable, a destructor, a library's call of a
 * functor), a generic lambda's, an explicit instantiation's (for other
 * units). A template named in such a place is open: built from its
 * pattern. So is one a free function template's pattern names when that
 * template is open (Open.edges: its instantiations were not all walked). */
enum { IN_CODE, IN_FTPL, IN_OPEN };
typedef struct {
	B *b;
	int ctx;
	char *in; /* IN_FTPL: the free function template whose pattern this is */
	VEC(char *) edges; /* pairs: a template's pattern names another */
	VEC(char *) explicit; /* names explicitly instantiated in the main file */
} Open;

/* template void step<int>(int *, int); libclang shows no cursor for an
 * explicit instantiation: its name is read from the tokens. */
static void
explicitnames(Open *o)
{
	Tokens t = filetokens(o->b->tu, o->b->mainfile, o->b->u->len);
	for (unsigned i = 0; i + 1 < t.n; i++) {
		if (!tokenis(&t, i, "template") || tokenis(&t, i + 1, "<"))
			continue;
		unsigned j = i + 1;
		while (j + 1 < t.n && !tokenis(&t, j + 1, "<") && !tokenis(&t, j + 1, "(") && !tokenis(&t, j + 1, ";"))
			j++;
		CXString s = clang_getTokenSpelling(t.tu, t.v[j]);
		vpush(o->explicit, xstrdup(clang_getCString(s)));
		clang_disposeString(s);
	}
	freetokens(&t);
}

static void
markopen(B *b, const char *usr)
{
	Inst *in;
	HASH_FIND_STR(b->insts, usr, in);
	if (!in) {
		in = xcalloc(1, sizeof *in);
		in->usr = xstrdup(usr);
		HASH_ADD_KEYPTR(hh, b->insts, in->usr, strlen(in->usr), in);
	}
	in->n = INT_MAX;
}

static void
opennamed(Open *o, CXCursor t, bool resolved)
{
	if (clang_Cursor_isNull(t) || insystem(t) || clang_getCursorKind(t) != CXCursor_FunctionTemplate)
		return;
	char *u = usrof(t);
	if (o->ctx == IN_OPEN || (o->ctx == IN_CODE && !resolved))
		markopen(o->b, u); /* unresolved outside templates: a generic lambda's body */
	if (o->ctx == IN_FTPL) {
		vpush(o->edges, xstrdup(o->in));
		vpush(o->edges, xstrdup(u));
	}
	free(u);
}

static enum CXChildVisitResult
openvisit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	Open *o = d;
	if (insystem(c))
		return CXChildVisit_Continue;
	enum CXCursorKind k = clang_getCursorKind(c);
	Open sub = *o;
	if (k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization || k == CXCursor_LambdaExpr ||
	    (k == CXCursor_FunctionTemplate && (o->ctx != IN_CODE || isclass(clang_getCursorKind(clang_getCursorSemanticParent(c)))))) {
		sub.ctx = k == CXCursor_LambdaExpr && o->ctx == IN_CODE ? IN_CODE : IN_OPEN;
	} else if (k == CXCursor_FunctionTemplate) {
		sub.ctx = IN_FTPL;
		sub.in = usrof(c);
		for (int i = 0; i < o->explicit.n; i++)
			if (named(c, o->explicit.v[i]))
				markopen(o->b, sub.in);
	} else if (isfunction(k)) {
		CXCursor t = clang_getSpecializedCursorTemplate(c);
		if (!clang_Cursor_isNull(t) && !insystem(t)) { /* an explicit instantiation or specialisation */
			char *u = usrof(t);
			markopen(o->b, u);
			free(u);
		}
	} else if (k == CXCursor_OverloadedDeclRef) {
		for (unsigned i = 0; i < clang_getNumOverloadedDecls(c); i++)
			opennamed(o, clang_getOverloadedDecl(c, i), false);
	} else if (clang_isExpression(k) || clang_isReference(k)) {
		CXCursor r = clang_getCursorReferenced(c);
		if (clang_getCursorKind(r) == CXCursor_FunctionTemplate)
			opennamed(o, r, false);
		else if (isfunction(clang_getCursorKind(r)))
			opennamed(o, clang_getSpecializedCursorTemplate(r), true);
	}
	clang_visitChildren(c, openvisit, &sub);
	o->edges = sub.edges;
	if (sub.in != o->in)
		free(sub.in);
	return CXChildVisit_Continue;
}

static void
opentemplates(B *b)
{
	Open o = {b, IN_CODE, NULL, {0}, {0}};
	explicitnames(&o);
	clang_visitChildren(clang_getTranslationUnitCursor(b->tu), openvisit, &o);
	for (int i = 0; i < o.explicit.n; i++)
		free(o.explicit.v[i]);
	vfree(o.explicit);
	for (bool more = true; more;) { /* an open template opens those its pattern names */
		more = false;
		for (int i = 0; i < o.edges.n; i += 2) {
			Inst *from, *to;
			HASH_FIND_STR(b->insts, o.edges.v[i], from);
			HASH_FIND_STR(b->insts, o.edges.v[i + 1], to);
			if (from && from->n == INT_MAX && (!to || to->n != INT_MAX)) {
				markopen(b, o.edges.v[i + 1]);
				more = true;
			}
		}
	}
	for (int i = 0; i < o.edges.n; i++)
		free(o.edges.v[i]);
	vfree(o.edges);
}

static void
instantiations(B *b)
{
	Scan sc = {b, NULL, {0}};
	descend(clang_getTranslationUnitCursor(b->tu), scanroot, &sc);
	for (int i = 0; i < sc.todo.n; i++) {
		CXCursor inst = sc.todo.v[i]; /* todo grows meanwhile */
		descend(inst, scaninst, &sc);
	}
	vfree(sc.todo);
	opentemplates(b);
	Inst *in, *tmp;
	HASH_ITER(hh, sc.seen, in, tmp) {
		HASH_DEL(sc.seen, in);
		free(in->usr);
		free(in);
	}
}

/* The cursor whose body stands for host function c: its only instantiation,
 * or c itself. Only for templates of free functions: a method may also run
 * where no expression names it (a constructor or destructor the compiler
 * calls, a virtual call, a conversion), so its uses cannot all be counted. */
static CXCursor
instanceof(B *b, CXCursor c, const Sym *s)
{
	if ((s->flags & (SYMF_KERNEL | SYMF_DEVFN | SYMF_METHOD)) || clang_getCursorKind(c) != CXCursor_FunctionTemplate ||
	    isclass(clang_getCursorKind(clang_getCursorSemanticParent(c))))
		return c;
	char *u = usrof(c);
	Inst *in;
	HASH_FIND_STR(b->insts, u, in);
	free(u);
	return in && in->n == 1 && !clang_Cursor_isNull(bodyof(in->inst)) ? in->inst : c;
}

static void
buildfn(B *b, CXCursor c)
{
	CXCursor body = bodyof(c);
	if (clang_Cursor_isNull(body))
		return;
	int sym = symof(b, c);
	if (sym < 0)
		return;
	Sym *s = &b->u->syms.v[sym];
	if (s->fn >= 0) /* seen already (a template's several cursors) */
		return;
	CXCursor from = instanceof(b, c, s);
	body = bodyof(from);
	Func f = {0};
	f.sym = sym;
	f.kind = s->flags & SYMF_KERNEL ? FN_KERNEL
	         : s->flags & SYMF_DEVFN ? (s->flags & SYMF_HOSTFN ? FN_HOSTDEVICE : FN_DEVICE)
	                                 : FN_HOST;
	CXFile file;
	offsets(c, &f.begin, &f.end, &file);
	f.inmain = clang_File_isEqual(file, b->mainfile);
	CXString fname = clang_getFileName(file);
	f.file = xstrdup(clang_getCString(fname) ? clang_getCString(fname) : "");
	clang_disposeString(fname);
	b->fsrc = sourceof(b, file);
	f.line = srcline(b, f.begin); /* a header's own line */
	if (s->flags & SYMF_TEMPLATE)
		f.flags |= FNF_TEMPLATE;
	if (!clang_equalCursors(from, c))
		f.flags |= FNF_INSTANCE;
	bool types = false;
	clang_visitChildren(c, localtype, &types);
	if (types)
		f.flags |= FNF_LOCALTYPES;
	for (int i = 0; i < b->tparams.n; i++)
		free(b->tparams.v[i]);
	b->tparams.n = 0;
	if (f.flags & (FNF_TEMPLATE | FNF_INSTANCE))
		tparams(c, &b->tparams);
	f.thissym = s->flags & SYMF_METHOD ? pseudosym(b, sym, SYM_THIS, "this") : -1;
	f.retsym = pseudosym(b, sym, SYM_RET, "return");
	if (f.thissym >= 0)
		vpush(f.params, f.thissym);
	b->fn = &f;
	if (f.kind != FN_HOST && b->fsrc->src && configured(b->fsrc, f.begin, f.end))
		f.flags |= FNF_LEFTOUT;
	b->node = -1;
	b->cur.n = 0;
	newnode(b, ST_ENTRY, clang_getNullCursor());
	endnode(b);
	b->cur.n = 0;
	newnode(b, ST_EXIT, clang_getNullCursor());
	endnode(b);
	b->cur.n = 0;
	vpush(b->cur, 0);
	CXCursor *ks;
	int n = kids(from, &ks);
	int inits = -1;
	bool refmem = false; /* the member initialised next is a reference */
	bool parmobjs = false;
	for (int i = 0; i < n; i++) {
		enum CXCursorKind k = clang_getCursorKind(ks[i]);
		if (k == CXCursor_MemberRef)
			refmem = isref(clang_getCanonicalType(clang_getCursorType(clang_getCursorReferenced(ks[i]))));
		if (k == CXCursor_ParmDecl) {
			parmobjs |= classobj(clang_getCursorType(ks[i]));
			int p = symof(b, ks[i]);
			if (p >= 0)
				vpush(f.params, p);
		} else if (clang_isExpression(k) && !clang_equalCursors(ks[i], body)) {
			/* constructor member initialisers: they write through this */
			if (inits < 0)
				inits = newnode(b, ST_PLAIN, ks[i]);
			b->node = inits;
			int self = f.thissym >= 0 ? mknode(b, N_DEREF, mknode(b, N_LOAD, mknode(b, N_VAR, -1, -1, f.thissym), -1, -1), -1, -1) : -1;
			if (self >= 0 && construct(b, ks[i], self) >= 0) /* Box(x) : Box(x, 0): its this is ours */
				addop(b, O_WRITE, self, -1, -1);
			else {
				int v = refmem ? bindref(b, ks[i]) : rvalue(b, ks[i]);
				if (self >= 0) {
					addop(b, O_WRITE, self, -1, -1);
					addop(b, O_ASSIGN, self, v, -1);
				}
			}
			endnode(b);
		}
	}
	free(ks);
	int li = compound(b, body, -1);
	if (parmobjs) /* by-value parameters end with the call */
		f.st.v[f.lists.v[li].endnode].flags |= SF_SCOPEOBJ;
	for (int i = 0; i < b->cur.n; i++)
		edge(&f, b->cur.v[i], 1);
	resolvegotos(b);
	markshared(&f);
	b->fn = NULL;
	s = &b->u->syms.v[sym];
	s->flags |= SYMF_DEFINED;
	s->fn = b->u->fns.n;
	vpush(b->u->fns, f);
}

static void
visitdecls(B *b, CXCursor parent);

/* File-scope initialisers (float *p = buf;) carry addresses too: they go into
 * a pseudo function that is analysed like the others and never rewritten. */
static void
globalinit(B *b, CXCursor c)
{
	int x = symof(b, c);
	if (x < 0 || clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(c)))
		return;
	if (b->gfn < 0) {
		Sym s = {0};
		s.owner = -1;
		s.kind = SYM_FUNC;
		s.name = xstrdup("<global initialisers>");
		s.qualname = xstrdup(s.name);
		s.flags = SYMF_HOSTFN | SYMF_DEFINED;
		char *usr = fmt("cuflow:globals:%s", b->u->path);
		int sym = addsym(b, usr, s);
		free(usr);
		Func f = {0};
		f.sym = sym;
		f.file = xstrdup(b->u->path);
		f.kind = FN_HOST;
		f.thissym = -1;
		f.retsym = -1;
		b->u->syms.v[sym].fn = b->u->fns.n;
		vpush(b->u->fns, f);
		b->gfn = b->u->fns.n - 1;
		b->fn = &b->u->fns.v[b->gfn];
		b->fsrc = NULL;
		b->cur.n = 0;
		newnode(b, ST_ENTRY, clang_getNullCursor());
		endnode(b);
		b->cur.n = 0;
		newnode(b, ST_EXIT, clang_getNullCursor());
		endnode(b);
		edge(b->fn, 0, 1);
	}
	b->fn = &b->u->fns.v[b->gfn];
	b->fsrc = NULL;
	b->cur.n = 0;
	vpush(b->cur, 0);
	int n = newnode(b, ST_PLAIN, clang_getNullCursor());
	vardecl(b, c);
	b->node = n;
	endnode(b);
	edge(b->fn, n, 1);
	b->fn = NULL;
	b->node = -1;
}

static enum CXChildVisitResult
visitdecl(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	B *b = d;
	if (insystem(c))
		return CXChildVisit_Continue;
	enum CXCursorKind k = clang_getCursorKind(c);
	switch (k) {
	case CXCursor_Namespace:
	case CXCursor_LinkageSpec:
	case CXCursor_ClassDecl:
	case CXCursor_StructDecl:
	case CXCursor_UnionDecl:
	case CXCursor_ClassTemplate:
	case CXCursor_ClassTemplatePartialSpecialization:
		visitdecls(b, c);
		break;
	case CXCursor_VarDecl:
		globalinit(b, c);
		break;
	default:
		if (isfunction(k) && clang_isCursorDefinition(c))
			buildfn(b, c);
	}
	return CXChildVisit_Continue;
}

static void
visitdecls(B *b, CXCursor parent)
{
	clang_visitChildren(parent, visitdecl, b);
}

static void
finddirectives(Unit *u)
{
	for (int i = 0; i < u->nlines; i++)
		if (isdirective(u->src, u->lines[i], (int)u->len))
			vpush(u->directives, u->lines[i]);
}

/* Does the line [a, end) end with a backslash (a directive going on)? */
static bool
contline(const char *s, int a, int end)
{
	while (end > a && (s[end - 1] == '\n' || s[end - 1] == '\r'))
		end--;
	return end > a && s[end - 1] == '\\';
}

static void
addcfgmacro(Unit *u, char *name)
{
	bool seen = false;
	for (int i = 0; i < u->cfgmacros.n && !seen; i++)
		seen = !strcmp(u->cfgmacros.v[i], name);
	if (seen)
		free(name);
	else
		vpush(u->cfgmacros, name);
}

/* Macros of the program's files defined in an #if chain with another
 * group, as configured() tells for functions: PEEK(r, h) reads h in one
 * configuration and is (void)0 in the one parsed, so a sync moved past it
 * was wrong in the other. Read from the text of every user file the unit
 * includes; and assert, when a system header defines it. */
static void
cfgfile(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	(void)stack;
	(void)depth;
	B *b = data;
	if (systemfile(b->tu, file)) {
		/* the one standard macro whose definition depends on the
		 * configuration (NDEBUG) at every inclusion */
		CXString fn = clang_getFileName(file);
		const char *path = clang_getCString(fn), *base = path ? strrchr(path, '/') : NULL;
		if (base && !strcmp(base, "/assert.h"))
			addcfgmacro(b->u, xstrdup("assert"));
		clang_disposeString(fn);
		return;
	}
	const Source *src = sourceof(b, file);
	for (int l = 0; src->src && l < src->nlines; l++) {
		int a = src->lines[l], at = a, end = l + 1 < src->nlines ? src->lines[l + 1] : (int)src->len;
		if (!isdirective(src->src, a, end))
			continue;
		while (at < end && src->src[at] != '#')
			at++;
		at++;
		int w = nexttoken(src->src, &at, end);
		if (w < 0 || at - w != 6 || strncmp(src->src + w, "define", 6))
			continue;
		int t = nexttoken(src->src, &at, end);
		if (t < 0)
			continue;
		while (l + 1 < src->nlines && contline(src->src, a, end)) { /* the body goes on */
			l++;
			end = l + 1 < src->nlines ? src->lines[l + 1] : (int)src->len;
		}
		vpush(b->defs, xstrndup(src->src + t, (size_t)(at - t)));
		vpush(b->defs, xstrndup(src->src + at, (size_t)(end - at)));
		if (configured(src, a, end))
			addcfgmacro(b->u, xstrndup(src->src + t, (size_t)(at - t)));
	}
}

/* A user macro whose body names one of cfgmacros is one too (#define
 * CHECK(x) assert(x)), to any depth. */
static void
cfgclosure(B *b)
{
	for (bool grew = true; grew;) {
		grew = false;
		for (int i = 0; i + 1 < b->defs.n; i += 2) {
			const char *body = b->defs.v[i + 1];
			bool has = false;
			for (int j = 0; j < b->u->cfgmacros.n && !has; j++)
				has = !strcmp(b->u->cfgmacros.v[j], b->defs.v[i]);
			for (int at = 0, t, n = (int)strlen(body); !has && (t = nexttoken(body, &at, n)) >= 0;)
				for (int j = 0; j < b->u->cfgmacros.n; j++)
					if ((int)strlen(b->u->cfgmacros.v[j]) == at - t && !strncmp(body + t, b->u->cfgmacros.v[j], at - t)) {
						addcfgmacro(b->u, xstrdup(b->defs.v[i]));
						grew = has = true;
						break;
					}
		}
	}
	b->u->macros = b->defs; /* hidden.c reads them */
	b->defs = (Strs){0};
}

/* ---------------------------------------------------------------- dependent calls */

/* A call in a template whose callee is a name (check's _cudaGetErrorEnum(result))
 * binds only at instantiation, by overload resolution among the functions
 * the definition sees plus those argument-dependent lookup finds where the
 * template is used. Every function of that name in the translation unit
 * covers both, so the call is taken as the union of their effects. */
typedef struct {
	char *name;
	Ints syms;
	bool method; /* some candidate needs an object: leave the call unknown */
	UT_hash_handle hh;
} Named;

static enum CXChildVisitResult
findnamed(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	B *b = ((void **)data)[0];
	Named *want = ((void **)data)[1], *n;
	switch (clang_getCursorKind(c)) {
	case CXCursor_Namespace:
	case CXCursor_LinkageSpec:
	case CXCursor_UnexposedDecl:
	case CXCursor_ClassDecl:
	case CXCursor_StructDecl:
	case CXCursor_ClassTemplate:
	case CXCursor_FriendDecl: /* hidden friends are found by argument-dependent lookup only */
		return CXChildVisit_Recurse;
	case CXCursor_FunctionDecl:
	case CXCursor_FunctionTemplate:
	case CXCursor_CXXMethod: {
		CXString sp = clang_getCursorSpelling(c);
		HASH_FIND_STR(want, clang_getCString(sp), n);
		clang_disposeString(sp);
		if (n) {
			int sym = symof(b, c);
			if (sym < 0 || (b->u->syms.v[sym].flags & SYMF_METHOD))
				n->method = true;
			else
				vpush(n->syms, sym);
		}
		return CXChildVisit_Continue;
	}
	default:
		return CXChildVisit_Continue;
	}
}

static void
candidates(B *b)
{
	Named *want = NULL, *n, *tmp;
	VEC(Call *) open = {0};
	for (int f = 0; f < b->u->fns.n; f++)
		for (int i = 0; i < b->u->fns.v[f].calls.n; i++)
			if (b->u->fns.v[f].calls.v[i].ncands < 0)
				vpush(open, &b->u->fns.v[f].calls.v[i]);
	for (int i = 0; i < open.n; i++) {
		HASH_FIND_STR(want, open.v[i]->name, n);
		if (!n) {
			n = xcalloc(1, sizeof *n);
			n->name = open.v[i]->name;
			HASH_ADD_KEYPTR(hh, want, n->name, strlen(n->name), n);
		}
	}
	if (want) {
		void *data[2] = {b, want};
		clang_visitChildren(clang_getTranslationUnitCursor(b->tu), findnamed, data);
	}
	for (int i = 0; i < open.n; i++) {
		Call *c = open.v[i];
		HASH_FIND_STR(want, c->name, n);
		c->ncands = n->method ? 0 : n->syms.n;
		c->cands = c->ncands ? xmalloc(c->ncands * sizeof *c->cands) : NULL;
		for (int k = 0; k < c->ncands; k++)
			c->cands[k] = n->syms.v[k];
	}
	vfree(open);
	HASH_ITER(hh, want, n, tmp) {
		HASH_DEL(want, n);
		vfree(n->syms);
		free(n);
	}
}

void
build(Unit *u, CXTranslationUnit tu, const Rules *rules)
{
	B b = {0};
	b.u = u;
	b.tu = tu;
	b.rules = rules;
	b.mainfile = clang_getFile(tu, u->path);
	b.node = -1;
	b.gfn = b.failof = b.initsym = b.initcall = -1;
	instantiations(&b);
	visitdecls(&b, clang_getTranslationUnitCursor(tu));
	candidates(&b);
	finddirectives(u);
	clang_getInclusions(tu, cfgfile, &b);
	cfgclosure(&b);
	Inst *in, *itmp;
	HASH_ITER(hh, b.insts, in, itmp) {
		HASH_DEL(b.insts, in);
		free(in->usr);
		free(in);
	}
	SymKey *k, *tmp;
	HASH_ITER(hh, b.syms, k, tmp) {
		HASH_DEL(b.syms, k);
		free(k); /* the usr string now belongs to the symbol */
	}
	for (int i = 0; i < b.srcs.n; i++)
		free(b.srcs.v[i].lines);
	vfree(b.srcs);
	vfree(b.cur);
	for (int i = 0; i < b.tparams.n; i++)
		free(b.tparams.v[i]);
	vfree(b.tparams);
	vfree(b.brk);
	vfree(b.cont);
	vfree(b.sw);
}
