/* parse.h: the parse's parts, shared by parse.c (flags, unsaved files, the
 * parse), cache.c (the header cache's PCHs) and kept.c (an editor buffer's
 * translation unit between parses). */
#include <clang-c/Index.h>

/* What a parse reads: its flags and the files standing in for the disk's. */
typedef struct {
	Strs args;
	int from; /* args[from..]: the file's own directory and the user's flags */
	VEC(struct CXUnsavedFile) uf;
	int hdr0;           /* uf[hdr0..]: cuflow's embedded headers */
	char *own, *joined; /* texts uf points into */
} Input;

/* parse.c */
enum CXErrorCode parsewith(CXIndex idx, const char *path, const Input *in, const char *pch, unsigned flags,
                           CXTranslationUnit *tu);

/* kept.c */
CXTranslationUnit keptparse(Kept *k, const char *path, const Input *in, char *pch, const char **state,
                            enum CXErrorCode *ec);
Kept *kept_new(void);
void keptclear(Kept *k);
bool keptholds(const Kept *k, CXTranslationUnit tu);

/* cache.c */
char *pch_for(const Strs *args, int from, const struct CXUnsavedFile *uf, int nuf, const char **state);
void pch_drop(const char *pch);
