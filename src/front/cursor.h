/* cursor.h: the front end's one cursor layer (cursor.c), the interface every
 * libclang user of cuflow goes through: the model builder (build.c, expr.c)
 * and the lowering (lower/), which walks cursors itself because it copies
 * the user's text around them. Offsets are bytes of the file a cursor was
 * expanded into. */
#include <clang-c/Index.h>

typedef VEC(CXCursor) Cursors;

/* cursor.c */
int kids(CXCursor c, CXCursor **out); /* the children, in a fresh array the caller frees */
bool haskid(CXCursor c, enum CXCursorKind k); /* a child of kind k: an attribute, a destructor */
bool insystem(CXCursor c);
bool ismacro(CXCursor c);
int locoffset(CXSourceLocation l);
int locof(CXCursor c); /* its location: where a declaration's name is */
int startof(CXCursor c); /* [startof, endof): the extent's bytes */
int endof(CXCursor c);
void offsets(CXCursor c, int *begin, int *end, CXFile *file); /* the same, end never before begin */
char *spelling(CXCursor c);
bool named(CXCursor c, const char *name);
bool isref(CXType t); /* an lvalue or rvalue reference */
bool mutref(CXType t); /* an lvalue reference to non-const: what it binds may change */
bool parmarray(CXCursor c); /* a parameter written as an array: a pointer */
CXCursor strip(CXCursor e);
long long intconst(CXCursor a); /* LLONG_MIN: not an integer constant */
long long typesize(CXType t); /* sizeof, LLONG_MIN: incomplete or dependent */
CXCursor firstkid(CXCursor c); /* an operator's first operand; null without children */
CXCursor lastkid(CXCursor c); /* a function's or loop's body; null without children */
CXCursor calleeof(CXCursor c); /* what call expression c calls; null: no call, or unresolved */
CXCursor overloadref(CXCursor c); /* the overload set c or its first descendant names (an unresolved call in a template); null: none */
CXFile fileof(CXCursor c); /* the file its location expands into */
void locate(CXCursor c, CXFile *f, int *line, int *off); /* where its location expands; each may be NULL */
bool frommacro(CXSourceLocation l); /* spelled elsewhere than it expands: a macro wrote it */
bool spelledin(CXCursor c, CXFile f, int *begin, int *end); /* its extent's spelling, both ends in f */
CXType canontype(CXCursor c); /* its type, canonical */
CXType pointee(CXType t); /* what a pointer or reference refers to, canonical */
bool extentfile(CXCursor c, CXFile *f, int *begin, int *end); /* its extent expands within one file */
bool systemfile(CXTranslationUnit tu, CXFile f); /* a system header */
char *typespelling(CXType t);
char *elemspelling(CXCursor v); /* an array variable's element type, as written */
char *filename(CXFile f); /* NULL: none */

/* cursor.c, tokens: a range's tokens, as the lexer sees them */
typedef struct {
	CXTranslationUnit tu;
	CXToken *v;
	unsigned n;
} Tokens;
Tokens tokensof(CXTranslationUnit tu, CXSourceRange r);
Tokens filetokens(CXTranslationUnit tu, CXFile f, size_t len); /* a whole file's */
Tokens cursortokens(CXCursor c); /* its extent's */
void freetokens(Tokens *t);
int tokenoff(const Tokens *t, unsigned i);
bool tokenis(const Tokens *t, unsigned i, const char *s);
bool tokenin(const Tokens *t, unsigned i, const char *const *set); /* one of set, NULL-terminated */
bool startswith(CXCursor c, const char *const *prefixes);

/* cursor.c, walks: at each cursor a Visit says whether to go into its
 * children, pass over them, or stop the walk (clang_visitChildren's
 * Recurse, Continue, Break, without the parent). */
enum { WALK_IN, WALK_OVER, WALK_STOP };
typedef int (*Visit)(CXCursor c, void *arg);
bool descend(CXCursor c, Visit at, void *arg); /* c's descendants, in pre-order; true: at stopped it */
bool contains(CXCursor c, bool self, bool (*hit)(CXCursor, void *), void *arg); /* c or a descendant is a hit */
bool allkids(CXCursor c, bool (*ok)(CXCursor, void *), void *arg); /* every child ok, tried in order */
void eachkid(CXCursor c, void (*fn)(CXCursor, void *), void *arg);

/* parse.c: a translation unit as nvcc would see it (the lowering parses too) */
int parsemode(const Opts *o, const char **cuda);
CXTranslationUnit parsetu(const char *path, const Opts *o, const char *text, size_t len, int *mode, CXIndex *idx,
                          char **err);
char *firsterror(CXTranslationUnit tu, const char *path);
char *firstfatal(CXTranslationUnit tu); /* the first fatal diagnostic, formatted, or NULL */
void closetu(CXTranslationUnit tu, CXIndex idx); /* parsetu's unit and index, disposed */
const char *legacyapi(const char *error);
char *toolkitheader(const char *error, const Opts *o); /* a "file not found" header the toolkit has */
char *thrustdir(const Opts *o); /* the toolkit's folder holding thrust/, or NULL */
