/* front.h: the builder shared by build.c (declarations, statements, CFG)
 * and expr.c (expressions to IR), and the parse's parts: parse.c (flags,
 * unsaved files), cache.c (the header cache's PCHs), kept.c (an editor
 * buffer's translation unit between parses). Only the front end sees
 * libclang. */
#include <clang-c/Index.h>
#include <uthash.h>

typedef struct {
	char *usr;
	int sym;
	UT_hash_handle hh;
} SymKey;

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
	VEC(Source) srcs;
	/* the function being built */
	Func *fn;
	Source *fsrc;
	int node;   /* the CFG node collecting ops, -1 outside statements */
	Ints cur;   /* nodes whose fall-through edge is still open */
	VEC(Ints *) brk, cont;
	Switches sw;
	bool dtors;   /* the current block declares objects with user destructors */
	int gfn;      /* the unit's pseudo function for global initialisers, or -1 */
	int depth;    /* expression nesting, to refuse pathological input */
} B;

/* build.c */
void build(Unit *u, CXTranslationUnit tu, const Rules *rules);
int symof(B *b, CXCursor c);
int kids(CXCursor c, CXCursor **out);
bool insystem(CXCursor c);
bool ismacro(CXCursor c);
void offsets(B *b, CXCursor c, int *begin, int *end, CXFile *file);
char *qualname(CXCursor fn);
void stmtflag(B *b, int flags);

/* expr.c */
int mk(B *b, int kind, int a, int bb, int sym);
int srcline(B *b, int off);
int rv(B *b, CXCursor e);
int lv(B *b, CXCursor e);
void ev(B *b, CXCursor e);
void vardecl(B *b, CXCursor d);
void op(B *b, int kind, int a, int bb, int call);
bool holdsaddr(CXType t);
bool parmarray(CXCursor c); /* a parameter written as an array: a pointer */
CXCursor strip(CXCursor e);
long long intconst(CXCursor a); /* LLONG_MIN: not an integer constant */

/* parse.c */
/* What a parse reads: its flags and the files standing in for the disk's. */
typedef struct {
	Strs args;
	int from; /* args[from..]: the file's own directory and the user's flags */
	VEC(struct CXUnsavedFile) uf;
	int hdr0;           /* uf[hdr0..]: cuflow's embedded headers */
	char *own, *joined; /* texts uf points into */
} Input;

enum CXErrorCode parsewith(CXIndex idx, const char *path, const Input *in, const char *pch, unsigned flags,
                           CXTranslationUnit *tu);
int parsemode(const Opts *o, const char **cuda);
CXTranslationUnit parsetu(const char *path, const Opts *o, const char *text, size_t len, int *mode, CXIndex *idx,
                          char **err);
char *firsterror(CXTranslationUnit tu, const char *path);
const char *legacyapi(const char *error);

/* kept.c */
CXTranslationUnit keptparse(Kept *k, const char *path, const Input *in, char *pch, const char **state,
                            enum CXErrorCode *ec);
Kept *kept_new(void);
void keptclear(Kept *k);
bool keptholds(const Kept *k, CXTranslationUnit tu);

/* cache.c */
char *pch_for(const Strs *args, int from, const struct CXUnsavedFile *uf, int nuf, const char **state);
void pch_drop(const char *pch);
