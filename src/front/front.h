/* front.h: the builder's internals, shared by build.c (declarations,
 * statements, CFG) and expr.c (expressions to IR); no other stage includes
 * it. Its questions to libclang go through the cursor layer (cursor.h). */
#include "front/cursor.h"
#include <uthash.h>

typedef struct {
	char *usr;
	int sym;
	UT_hash_handle hh;
} SymKey;

/* a template the unit instantiates (build.c, instantiations) */
typedef struct {
	char *usr;     /* the pattern's */
	CXCursor inst; /* its first implicit instantiation used */
	int n;         /* distinct instantiations used */
	UT_hash_handle hh;
} Inst;

typedef struct {
	CXFile file;
	const char *src;
	size_t len;
	int *lines, nlines; /* its own line table: functions may live in headers */
} Source;

typedef struct {
	int cond;  /* the switch's condition node: every case label's predecessor */
	bool dflt; /* has a default label, so the condition never falls past the body */
} Switch;
typedef VEC(Switch) Switches;

typedef struct {
	Unit *u;
	CXTranslationUnit tu;
	const Rules *rules;
	CXFile mainfile;
	SymKey *syms;
	Inst *insts; /* by pattern USR */
	VEC(Source) srcs;
	/* the function being built */
	Func *fn;
	Source *fsrc;
	int node;   /* the CFG node collecting ops, -1 outside statements */
	Ints cur;   /* nodes whose fall-through edge is still open */
	VEC(Ints *) brk, cont;
	Switches sw;
	bool dtors;   /* the current block declares objects with user destructors */
	bool objs;    /* the current block declares objects of a class that is not plain old data */
	int gfn;      /* the unit's pseudo function for global initialisers, or -1 */
	int depth;    /* expression nesting, to refuse pathological input */
	int failof;   /* calls made now run only when this call failed (Call.onfail), or -1 */
	int cond;     /* inside an arm of ?: or the right of && or ||: calls made now may not run */
	int initsym, initcall; /* the last variable initialised from a call's result, and that call */
	CXCursor varinit;      /* the initialiser of the variable being declared: no temporary */
	Strs tparams;          /* the template parameters the function's text may name (its class's too) */
	Strs defs;             /* the user files' #defines: pairs of a name and the rest of its line (cfgfile) */
} B;

/* build.c */
void build(Unit *u, CXTranslationUnit tu, const Rules *rules);
int symof(B *b, CXCursor c);
char *qualname(CXCursor fn);
void stmtflag(B *b, int flags);

/* expr.c */
int mknode(B *b, int kind, int a, int bb, int sym);
int srcline(B *b, int off);
int rvalue(B *b, CXCursor e);
int lvalue(B *b, CXCursor e);
int lvalueortemp(B *b, CXCursor e);
int bindref(B *b, CXCursor e);
void evaluate(B *b, CXCursor e);
void vardecl(B *b, CXCursor d);
bool hasvla(CXType t);
bool classobj(CXType t); /* a class that is not plain old data, or an array of one */
void vlasize(B *b, CXCursor d, CXCursor init);
void decomposition(B *b, CXCursor d);
int construct(B *b, CXCursor e, int self);
void addop(B *b, int kind, int a, int bb, int call);
bool holdsaddr(CXType t);
uint32_t refmask(CXType ft);
