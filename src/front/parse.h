/* parse.h: the parse's parts, shared by parse.c (flags, unsaved files, the
 * parse), cache.c (the header cache's PCHs and the helpers both caches
 * use), units.c (the unit cache: parsed models) and kept.c (an editor
 * buffer's translation unit between parses). */
#include <clang-c/Index.h>
#include <sys/stat.h>

/* What a parse reads: its flags and the files standing in for the disk's. */
typedef struct {
	Strs args;
	int from; /* args[from..]: the file's own directory and the user's flags */
	VEC(struct CXUnsavedFile) uf;
	int hdr0;           /* uf[hdr0..]: cuflow's embedded headers */
	char *own, *joined; /* texts uf points into */
} Input;

/* parse.c */
void parseargs(const char *path, const Opts *o, Strs *args);
enum CXErrorCode parsewith(CXIndex idx, const char *path, const Input *in, const char *pch, unsigned flags,
                           CXTranslationUnit *tu);

/* kept.c */
CXTranslationUnit keptparse(Kept *k, const char *path, const Input *in, char *pch, const char **state,
                            enum CXErrorCode *ec);
Kept *kept_new(void);
void keptclear(Kept *k);
bool keptholds(const Kept *k, CXTranslationUnit tu);

/* cache.c */
/* A file an entry was made from, as it was then. */
typedef struct {
	unsigned long long dev, ino, size, mtime; /* mtime in nanoseconds */
	char *path;
	char *name; /* the name an #include spelled it by, or NULL: unknown */
} Dep;
typedef VEC(Dep) Deps;
char *pch_for(const Strs *args, int from, const struct CXUnsavedFile *uf, int nuf, const char **state, Deps *deps);
void pch_drop(const char *pch);
void depsfree(Deps *d);
bool depsfresh(const Deps *d);
bool tudeps(CXTranslationUnit tu, Deps *d);
bool shadowed(const Strs *args, const Deps *d);
const char *incdir(const Strs *args, int *i);
bool relative(const char *arg);
unsigned long long mtimens(const struct stat *sb);
char *cachedir(const char *sub);
bool writeinto(const char *dir, const char *name, const char *text, size_t len);
void touchentry(const char *dir, const char *key, const char *suffix);
void evict(const char *dir, const char *suffix);

/* units.c: the unit cache. A lookup that misses leaves the entry locked
 * for the parse, which adds each translation unit's files (units_deps) and
 * then stores the unit or just lets go of the lock (units_save). */
typedef struct {
	char *dir, *key, *text; /* NULL dir: no cache to use */
	Strs args;              /* the parse's flags (its include directories) */
	int lock;               /* the entry's lock file, held; -1 none */
	Deps deps;
	int ntu;   /* translation units whose files are in deps */
	bool ok;   /* every file of theirs could be recorded */
} UnitEntry;
bool units_load(UnitEntry *e, Unit *u, const Opts *o, const Rules *rules);
void units_deps(UnitEntry *e, CXTranslationUnit tu);
void units_save(UnitEntry *e, const Unit *u);
