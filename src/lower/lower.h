/* lower.h: the OpenMP lowering's shared state (lower.c: files, includes,
 * launches and output; kernel.c: kernels to per-block functions). */
#include <clang-c/Index.h>

/* A user source of the program: a file given or a header it includes. */
typedef struct {
	char *path;
	const char *src; /* owned by the TU that first saw it */
	size_t len;
	CXFile file;
	CXTranslationUnit tu;
	Edits edits;
	Ints incoff, incend, incfile; /* its #include lines of user files, and which file each includes */
	bool given, included, emitted, done;
} LFile;

typedef struct {
	VEC(LFile) files;
	VEC(CXTranslationUnit) tus;
	VEC(CXIndex) idx;
	Buf why;     /* the constructs refused, one line each */
	int kernels; /* lowered */
} Lower;

/* lower.c */
LFile *lfile(Lower *L, CXTranslationUnit tu, CXFile f);
void refuse(Lower *L, CXCursor at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
char *cursortext(LFile *F, CXCursor c);
void edit(LFile *F, int off, int len, char *text);
int offset(CXSourceLocation l);

/* kernel.c */
bool iskernel(CXCursor c);
void lowerkernel(Lower *L, LFile *F, CXCursor k);
void lowerkerneldecl(Lower *L, LFile *F, CXCursor k);
char *launchername(CXCursor k);
