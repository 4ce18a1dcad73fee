/* cache.c: the header cache. Every file cuflow parses starts with the same
 * headers: clang's CUDA runtime wrapper with the toolkit's headers, cuflow's
 * minmax header and the standard headers nvcc's cuda_runtime.h includes
 * (parse.c's -include list). They are parsed once into a precompiled header
 * (PCH) per set of flags that can change their meaning, kept under
 * $XDG_CACHE_HOME/cuflow/pch (default ~/.cache/cuflow/pch), and a parse
 * loads that instead of reading them again.
 *
 * An entry is named by KEY, a hash of the key text: cuflow's and libclang's
 * versions, the flags the headers see (and the working directory when one
 * of them holds a relative path), and cuflow's embedded headers (unsaved
 * files, so no date tells their changes).
 *   KEY.deps      the key text in full (so a hash collision cannot match),
 *                 the PCH's name, size and content hash ("-": the headers
 *                 do not compile alone), then every header it read, with
 *                 device, inode, size and modification time;
 *   KEY-SUM.pch   the PCH, named by its content hash and never rewritten;
 *   KEY.lock      locked (flock) while a process builds the entry.
 * Each load touches KEY.deps; building an entry removes those no parse
 * loaded for 30 days.
 * A lookup reads KEY.deps, stats every header and hashes the PCH (libclang
 * crashes on some corrupt ones): on any difference the entry is rebuilt
 * under the lock, after a second lookup there in case another process just
 * built it. Files appear only by rename, so no reader sees a torn one; an
 * old PCH is unlinked once its successor is in place, and a parse that loses
 * its PCH that way falls back to reading the headers (parse.c).
 *
 * The include directories (-I, -iquote, -isystem; each file's own directory
 * is one) stay out of the key, so files of different directories share an
 * entry. They could only change the PCH by holding a header that wins the
 * search: a lookup refuses the PCH when one of them, or the working
 * directory (-include looks there first), holds a file at a suffix of a
 * header's path (the name it may have been included by) that is not that
 * header. With a user's own -include the directories stay in the key, since
 * its file may be found through them. Any failure (no cache directory, a
 * full disk, a lock that cannot be taken) only means that the parse reads
 * the headers itself.
 *
 * The unit cache (units.c) keeps each file's finished model on top of this
 * one; the helpers both use (Dep, the stat checks, the shadow test, writes
 * by rename, eviction) live here and parse.h declares them. */
#include <clang-c/Index.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "cuflow.h"
#include "front/parse.h"

#define FORMAT "cuflow-pch 1"
#define PREFIX "/__cuflow__/prefix.cu" /* the PCH's main file: empty, the headers come by -include */

typedef struct {
	char *pch; /* file name in the cache directory; NULL: the headers do not compile alone */
	unsigned long long size, sum;
	Deps deps;
} Entry;

static void
entryfree(Entry *e)
{
	free(e->pch);
	e->pch = NULL;
	depsfree(&e->deps);
}

void
depsfree(Deps *d)
{
	for (int i = 0; i < d->n; i++) {
		free(d->v[i].path);
		free(d->v[i].name);
	}
	vfree(*d);
}


/* The content hash of a file and its size; false when it cannot be read. */
static bool
hashfile(const char *path, unsigned long long *sum, unsigned long long *size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	static const size_t chunk = 1 << 16;
	char *b = xmalloc(chunk);
	unsigned long long h = HASH64_0, n = 0;
	ssize_t k;
	while ((k = read(fd, b, chunk)) > 0) {
		h = hash64(h, b, (size_t)k);
		n += (unsigned long long)k;
	}
	free(b);
	close(fd);
	*sum = h;
	*size = n;
	return k == 0;
}

/* $XDG_CACHE_HOME/cuflow/SUB (or ~/.cache/...), created if missing; NULL
 * when there is none to use. */
char *
cachedir(const char *sub)
{
	const char *x = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	char *base = x && *x == '/' ? xstrdup(x) : home && *home ? fmt("%s/.cache", home) : NULL;
	if (!base)
		return NULL;
	char *cu = fmt("%s/cuflow", base), *dir = fmt("%s/%s", cu, sub);
	mkdir(base, 0700);
	mkdir(cu, 0700);
	mkdir(dir, 0700);
	struct stat sb;
	bool ok = stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode) && access(dir, W_OK | X_OK) == 0;
	free(base);
	free(cu);
	if (!ok) {
		free(dir);
		return NULL;
	}
	return dir;
}

/* The value of an include-directory flag at args[*i] (advancing *i past a
 * separate value), or NULL when it is none. */
const char *
incdir(const Strs *args, int *i)
{
	static const char *const flags[] = {"-I", "-iquote", "-isystem"};
	const char *a = args->v[*i];
	for (size_t k = 0; k < sizeof flags / sizeof *flags; k++) {
		size_t n = strlen(flags[k]);
		if (strncmp(a, flags[k], n))
			continue;
		if (a[n])
			return a + n;
		if (*i + 1 < args->n)
			return args->v[++*i];
	}
	return NULL;
}

/* Flags whose effect on the headers the cache cannot follow: they make the
 * parse read its headers itself. */
static bool
uncacheable(const char *a)
{
	static const char *const bad[] = {"-Xclang", "-include-pch", "-imacros", "-iwithprefixbefore", "-cxx-isystem",
	                                  "-F", "--include", "-fmodule", "-emit", "--sysroot", "-isysroot", "-nostdinc"};
	for (size_t k = 0; k < sizeof bad / sizeof *bad; k++)
		if (!strncmp(a, bad[k], strlen(bad[k])))
			return true;
	return strchr(a, '\n') != NULL; /* the key text is one argument a line */
}

/* Whether the user's -include names a plain file (from the working
 * directory, where -include looks first): the PCH's build and a parse that
 * cannot load it would each read a FIFO, and the second would wait. */
static bool
plainfile(const char *path)
{
	struct stat sb;
	return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

/* The flags the PCH is built with: args less the include directories of
 * args[from..] (the file's own directory and the user's flags) unless the
 * user -includes a file of their own; false when the cache cannot serve
 * args. */
static bool
keyargs(const Strs *args, int from, Strs *out)
{
	bool userinclude = false;
	for (int i = 0; i < args->n; i++) {
		if (uncacheable(args->v[i]))
			return false;
		if (i >= from && !strcmp(args->v[i], "-include")) {
			if (i + 1 >= args->n || !plainfile(args->v[i + 1]))
				return false;
			userinclude = true;
		}
	}
	for (int i = 0; i < args->n; i++) {
		int at = i;
		if (i >= from && !userinclude && incdir(args, &i))
			continue;
		for (; at <= i; at++)
			vpush(*out, args->v[at]);
	}
	return true;
}

/* Whether argument a may hold a path relative to the working directory
 * ("rel/x.h", "-Iinc/x", "--cuda-path=cuda/x"; not "/abs", "--opt=/abs",
 * "-isystem/abs"): when one does, the working directory is part of the key. */
bool
relative(const char *a)
{
	static const char *const joined[] = {"-I", "-iquote", "-isystem", "-idirafter"};
	const char *s = strchr(a, '/');
	if (!s || s == a)
		return false;
	if (a[0] != '-')
		return true;
	if (s[-1] == '=')
		return false;
	for (size_t k = 0; k < sizeof joined / sizeof *joined; k++)
		if ((size_t)(s - a) == strlen(joined[k]) && !strncmp(a, joined[k], (size_t)(s - a)))
			return false;
	return true;
}

/* The text that names the entry for a parse with flags a of the headers
 * in the unsaved files uf. */
static char *
keytext(const Strs *a, const struct CXUnsavedFile *uf, int nuf)
{
	Buf b = {0};
	CXString v = clang_getClangVersion();
	bprintf(&b, "%s\ncuflow %s\n%s\n", FORMAT, PACKAGE_VERSION, clang_getCString(v));
	clang_disposeString(v);
	bool rel = false;
	for (int i = 0; i < a->n; i++)
		rel |= relative(a->v[i]);
	char *cwd = rel ? getcwd(NULL, 0) : NULL;
	bprintf(&b, "cwd %s\n", !rel ? "-" : cwd ? cwd : "?");
	free(cwd);
	for (int i = 0; i < a->n; i++)
		bprintf(&b, "arg %s\n", a->v[i]);
	for (int i = 0; i < nuf; i++)
		bprintf(&b, "unsaved %s %016llx\n", uf[i].Filename, hash64(HASH64_0, uf[i].Contents, uf[i].Length));
	return bstr(&b);
}

unsigned long long
mtimens(const struct stat *sb)
{
	return (unsigned long long)sb->st_mtim.tv_sec * 1000000000ull + (unsigned long long)sb->st_mtim.tv_nsec;
}

/* Whether every file of deps is still the file it was. */
bool
depsfresh(const Deps *deps)
{
	for (int i = 0; i < deps->n; i++) {
		const Dep *d = &deps->v[i];
		struct stat sb;
		if (stat(d->path, &sb) || sb.st_dev != d->dev || sb.st_ino != d->ino ||
		    (unsigned long long)sb.st_size != d->size || mtimens(&sb) != d->mtime)
			return false;
	}
	return true;
}

/* Reads dir/KEY.deps into e: true when it is one for exactly this key text. */
static bool
readentry(const char *dir, const char *key, const char *text, Entry *e)
{
	char *path = fmt("%s/%s.deps", dir, key), *err = NULL;
	size_t len, tlen = strlen(text);
	char *s = readfile(path, &len, &err);
	free(path);
	free(err);
	memset(e, 0, sizeof *e);
	if (!s || len < tlen || memcmp(s, text, tlen)) {
		free(s);
		return false;
	}
	char name[256];
	bool ok = sscanf(s + tlen, "pch %255s %llu %llx\n", name, &e->size, &e->sum) == 3;
	/* the PCH is KEY-SUM.pch in dir, nothing else: a damaged entry must not
	 * make a rebuild unlink another file */
	ok = ok && (!strcmp(name, "-") || (!strncmp(name, key, strlen(key)) && name[strlen(key)] == '-' &&
	                                  !strchr(name, '/') && strstr(name, ".pch")));
	e->pch = ok && strcmp(name, "-") ? xstrdup(name) : NULL;
	char *line = strchr(s + tlen, '\n');
	while (ok && line && line[1] && strncmp(line + 1, "end\n", 4)) {
		Dep d = {0};
		int at = 0;
		ok = sscanf(line + 1, "dep %llu %llu %llu %llu %n", &d.dev, &d.ino, &d.size, &d.mtime, &at) == 4 && at > 0;
		char *eol = strchr(line + 1, '\n');
		if (ok && eol) {
			d.path = xstrndup(line + 1 + at, (size_t)(eol - line - 1 - at));
			vpush(e->deps, d);
		}
		line = eol;
	}
	ok = ok && line && !strncmp(line + 1, "end\n", 4); /* written whole, by rename */
	free(s);
	if (!ok)
		entryfree(e);
	return ok;
}

/* Whether the PCH of e is there, whole, as it was written. */
static bool
pchintact(const char *dir, const Entry *e)
{
	char *p = fmt("%s/%s", dir, e->pch);
	unsigned long long sum, size;
	bool ok = hashfile(p, &sum, &size) && size == e->size && sum == e->sum;
	free(p);
	return ok;
}

/* Whether names (a directory's entries) hold first[0..n). */
static bool
hasentry(const Strs *names, const char *first, size_t n)
{
	for (int i = 0; i < names->n; i++)
		if (strlen(names->v[i]) == n && !strncmp(names->v[i], first, n))
			return true;
	return false;
}

/* Whether dir/name is a file other than the one d was found as. */
static bool
otherfile(const char *dir, const char *name, const Dep *d)
{
	char *p = fmt("%s/%s", dir, name);
	struct stat sb;
	bool hit = stat(p, &sb) == 0 && (sb.st_dev != d->dev || sb.st_ino != d->ino);
	free(p);
	return hit;
}

/* Whether dir holds a file that is not a header of deps where the search
 * for it could have looked: at the name it was included by when that is
 * known, else at any suffix of its path. It could win the search a parse
 * made without dir. */
static bool
shadows(const char *dir, const Deps *deps)
{
	DIR *d = opendir(dir);
	if (!d)
		return false;
	Strs names = {0};
	for (struct dirent *de; (de = readdir(d));)
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
			vpush(names, xstrdup(de->d_name));
	closedir(d);
	bool hit = false;
	for (int i = 0; i < deps->n && !hit; i++) {
		const Dep *dp = &deps->v[i];
		if (dp->name && !*dp->name)
			continue; /* found beside its includer */
		if (dp->name) {
			const char *slash = strchr(dp->name, '/');
			hit = dp->name[0] != '/' &&
			      hasentry(&names, dp->name, slash ? (size_t)(slash - dp->name) : strlen(dp->name)) &&
			      otherfile(dir, dp->name, dp);
			continue;
		}
		for (const char *s = strchr(dp->path, '/'); s && !hit; s = strchr(s + 1, '/')) {
			const char *slash = strchr(s + 1, '/');
			if (hasentry(&names, s + 1, slash ? (size_t)(slash - s - 1) : strlen(s + 1)))
				hit = otherfile(dir, s + 1, dp);
		}
	}
	for (int i = 0; i < names.n; i++)
		free(names.v[i]);
	vfree(names);
	return hit;
}

/* Whether the working directory or an include directory of args shadows
 * one of the headers of deps. */
bool
shadowed(const Strs *args, const Deps *deps)
{
	bool hit = shadows(".", deps);
	for (int i = 0; i < args->n && !hit; i++) {
		const char *d = incdir(args, &i);
		if (d)
			hit = shadows(d, deps);
	}
	return hit;
}

/* The headers a parse read; ok false when one is not a plain file on disk
 * whose date is the one libclang read. */
typedef struct {
	CXTranslationUnit tu;
	Deps *deps;
	bool ok;
} Collect;

/* The name the #include at loc spelled the file of sb by, or NULL when it
 * cannot be told (a file the command line included, a name made by a
 * macro); "" when a quoted name found it beside the including file, which
 * the search tries before any directory. */
static char *
spelledname(CXTranslationUnit tu, CXSourceLocation loc, const struct stat *sb)
{
	CXFile f;
	unsigned off;
	clang_getFileLocation(loc, &f, NULL, NULL, &off);
	size_t n;
	const char *s = f ? clang_getFileContents(tu, f, &n) : NULL;
	if (!s || off >= n || (s[off] != '<' && s[off] != '"'))
		return NULL;
	char close = s[off] == '<' ? '>' : '"';
	size_t e = off + 1;
	while (e < n && s[e] != close && s[e] != '\n')
		e++;
	if (e >= n || s[e] != close || e == off + 1)
		return NULL;
	char *name = xstrndup(s + off + 1, e - off - 1);
	if (close == '"' && name[0] != '/') {
		CXString in = clang_getFileName(f);
		const char *p = clang_getCString(in), *slash = p ? strrchr(p, '/') : NULL;
		char *beside = slash ? fmt("%.*s/%s", (int)(slash - p), p, name) : xstrdup(name);
		struct stat bs;
		if (stat(beside, &bs) == 0 && bs.st_dev == sb->st_dev && bs.st_ino == sb->st_ino)
			name[0] = 0;
		free(beside);
		clang_disposeString(in);
	}
	return name;
}

static void
collectdep(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	Collect *c = data;
	if (!depth) /* the main file */
		return;
	CXString n = clang_getFileName(f);
	const char *name = clang_getCString(n);
	struct stat sb;
	if (!strncmp(name, "/__cuflow__/", 12))
		; /* an embedded header: its text is in the key */
	else if (strchr(name, '\n') || stat(name, &sb) || !S_ISREG(sb.st_mode) || sb.st_mtime != clang_getFileTime(f))
		c->ok = false; /* a name the entry cannot hold, or changed while read */
	else {
		Dep d = {sb.st_dev, sb.st_ino, (unsigned long long)sb.st_size, mtimens(&sb), xstrdup(name),
		         spelledname(c->tu, stack[0], &sb)};
		vpush(*c->deps, d);
	}
	clang_disposeString(n);
}

/* Adds the files tu read (less its main file and cuflow's embedded headers)
 * to deps; false when one cannot be told by its date. */
bool
tudeps(CXTranslationUnit tu, Deps *deps)
{
	Collect c = {tu, deps, true};
	clang_getInclusions(tu, collectdep, &c);
	return c.ok;
}

static bool
haserrors(CXTranslationUnit tu)
{
	bool any = false;
	for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n && !any; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		any = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
		clang_disposeDiagnostic(d);
	}
	return any;
}

/* Writes text to dir/name through a temporary and a rename. */
bool
writeinto(const char *dir, const char *name, const char *text, size_t len)
{
	char *tmp = fmt("%s/%s.XXXXXX", dir, name), *to = fmt("%s/%s", dir, name);
	int fd = mkstemp(tmp);
	bool ok = fd >= 0;
	for (size_t done = 0; ok && done < len;) {
		ssize_t k = write(fd, text + done, len - done);
		ok = k > 0;
		done += ok ? (size_t)k : 0;
	}
	ok = fd >= 0 && close(fd) == 0 && ok && rename(tmp, to) == 0;
	if (!ok && fd >= 0)
		unlink(tmp);
	free(tmp);
	free(to);
	return ok;
}

static bool
writeentry(const char *dir, const char *key, const char *text, const Entry *e)
{
	Buf b = {0};
	bputs(&b, text);
	bprintf(&b, "pch %s %llu %016llx\n", e->pch ? e->pch : "-", e->size, e->sum);
	for (int i = 0; i < e->deps.n; i++) {
		const Dep *d = &e->deps.v[i];
		bprintf(&b, "dep %llu %llu %llu %llu %s\n", d->dev, d->ino, d->size, d->mtime, d->path);
	}
	bputs(&b, "end\n");
	char *name = fmt("%s.deps", key);
	bool ok = writeinto(dir, name, b.v, b.n);
	free(name);
	free(b.v);
	return ok;
}

/* Parses the headers alone and saves them as dir/KEY-SUM.pch, filling e;
 * false when the cache cannot hold them (e->pch NULL: they do not compile
 * alone, which is worth remembering too). */
static bool
buildpch(const char *dir, const char *key, const Strs *a, const struct CXUnsavedFile *uf, int nuf, Entry *e)
{
	VEC(struct CXUnsavedFile) files = {0};
	for (int i = 0; i < nuf; i++)
		vpush(files, uf[i]);
	struct CXUnsavedFile main = {PREFIX, "", 0};
	vpush(files, main);
	CXIndex idx = clang_createIndex(0, 0);
	CXTranslationUnit tu = NULL;
	enum CXErrorCode ec = clang_parseTranslationUnit2(idx, PREFIX, (const char *const *)a->v, a->n, files.v, files.n,
	                                                  CXTranslationUnit_Incomplete | CXTranslationUnit_ForSerialization,
	                                                  &tu);
	vfree(files);
	bool ok = ec == CXError_Success && tu && tudeps(tu, &e->deps);
	for (int i = 0; i < e->deps.n; i++) { /* .deps holds no names: a new entry is tested as a loaded one */
		free(e->deps.v[i].name);
		e->deps.v[i].name = NULL;
	}
	char *tmp = fmt("%s/%s.pch.XXXXXX", dir, key);
	/* a PCH does not repeat its errors to the parses that load it */
	bool failed = ok && haserrors(tu);
	int fd = ok && !failed ? mkstemp(tmp) : -1;
	bool saved = fd >= 0 && clang_saveTranslationUnit(tu, tmp, clang_defaultSaveOptions(tu)) == CXSaveError_None;
	if (fd >= 0)
		close(fd);
	if (tu)
		clang_disposeTranslationUnit(tu);
	clang_disposeIndex(idx);
	ok = saved && hashfile(tmp, &e->sum, &e->size);
	if (ok) {
		e->pch = fmt("%s-%016llx.pch", key, e->sum);
		char *to = fmt("%s/%s", dir, e->pch);
		ok = rename(tmp, to) == 0;
		free(to);
	}
	if (!ok)
		unlink(tmp);
	free(tmp);
	return ok || failed;
}

static void
dropfile(const char *dir, const char *name)
{
	if (!name)
		return;
	char *p = fmt("%s/%s", dir, name);
	unlink(p);
	free(p);
}

#define UNUSED_DAYS 30 /* an entry no parse loaded for this long goes */

/* Marks an entry used now, for evict: dir/KEY.SUFFIX is its index file. */
void
touchentry(const char *dir, const char *key, const char *suffix)
{
	char *p = fmt("%s/%s.%s", dir, key, suffix);
	utimensat(AT_FDCWD, p, NULL, 0); /* a read-only cache still serves */
	free(p);
}

/* Whether the cache file name belongs to the entry key: its .deps, .lock,
 * PCHs, or a temporary a killed process left. */
static bool
ofentry(const char *name, const char *key, size_t n)
{
	return !strncmp(name, key, n) && (name[n] == '.' || name[n] == '-');
}

/* Removes the entries of dir no parse has loaded for UNUSED_DAYS (their
 * index file KEY.SUFFIX untouched), so that flag sets and files of old
 * projects do not fill the disk. */
void
evict(const char *dir, const char *suffix)
{
	size_t sn = strlen(suffix);
	DIR *d = opendir(dir);
	if (!d)
		return;
	Strs old = {0}, all = {0};
	time_t limit = time(NULL) - (time_t)UNUSED_DAYS * 86400;
	for (struct dirent *de; (de = readdir(d));) {
		size_t n = strlen(de->d_name);
		char *p = fmt("%s/%s", dir, de->d_name);
		struct stat sb;
		if (n > sn + 1 && de->d_name[n - sn - 1] == '.' && !strcmp(de->d_name + n - sn, suffix) &&
		    stat(p, &sb) == 0 && sb.st_mtime < limit)
			vpush(old, xstrndup(de->d_name, n - sn - 1));
		vpush(all, xstrdup(de->d_name));
		free(p);
	}
	closedir(d);
	for (int i = 0; i < all.n; i++)
		for (int k = 0; k < old.n; k++)
			if (ofentry(all.v[i], old.v[k], strlen(old.v[k])))
				dropfile(dir, all.v[i]);
	for (int i = 0; i < all.n; i++)
		free(all.v[i]);
	for (int k = 0; k < old.n; k++)
		free(old.v[k]);
	vfree(all);
	vfree(old);
}

/* The entry for key, from disk when it is current, else built under the
 * lock; false when there is none to use. */
static bool
findentry(const char *dir, const char *key, const char *text, const Strs *a, const struct CXUnsavedFile *uf,
          int nuf, Entry *e, const char **state)
{
	if (readentry(dir, key, text, e) && depsfresh(&e->deps) && (!e->pch || pchintact(dir, e))) {
		*state = "hit";
		touchentry(dir, key, "deps");
		return true;
	}
	Entry old = *e;
	memset(e, 0, sizeof *e);
	char *lock = fmt("%s/%s.lock", dir, key);
	int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	free(lock);
	bool ok = fd >= 0 && flock(fd, LOCK_EX) == 0;
	if (ok && readentry(dir, key, text, e) && depsfresh(&e->deps) && (!e->pch || pchintact(dir, e)))
		*state = "hit"; /* another process built it while this one waited */
	else if (ok) {
		entryfree(e);
		ok = buildpch(dir, key, a, uf, nuf, e);
		if (ok && !writeentry(dir, key, text, e)) {
			dropfile(dir, e->pch); /* no entry names it */
			ok = false;
		}
		*state = "new";
		if (ok && old.pch && (!e->pch || strcmp(old.pch, e->pch)))
			dropfile(dir, old.pch);
		if (ok)
			evict(dir, "deps");
	}
	if (fd >= 0)
		close(fd); /* releases the lock */
	entryfree(&old);
	if (!ok)
		entryfree(e);
	return ok;
}

/* The PCH a parse with args can load instead of its leading headers
 * (args[from..] are the file's own directory and the user's flags; uf the
 * unsaved files the headers may read), built if need be; NULL when there is none to use,
 * *state saying why (or how it went: "hit", "new"). The PCH's headers go
 * to deps when not NULL. */
char *
pch_for(const Strs *args, int from, const struct CXUnsavedFile *uf, int nuf, const char **state, Deps *deps)
{
	Strs a = {0};
	if (!keyargs(args, from, &a)) {
		*state = "flags";
		vfree(a);
		return NULL;
	}
	char *dir = cachedir("pch");
	if (!dir) {
		*state = "nodir";
		vfree(a);
		return NULL;
	}
	char *text = keytext(&a, uf, nuf);
	char key[17];
	snprintf(key, sizeof key, "%016llx", hash64(HASH64_0, text, strlen(text)));
	Entry e = {0};
	char *pch = NULL;
	if (!findentry(dir, key, text, &a, uf, nuf, &e, state))
		*state = "unwritable";
	else if (!e.pch)
		*state = "headers-fail";
	else if (shadowed(args, &e.deps))
		*state = "shadowed";
	else {
		pch = fmt("%s/%s", dir, e.pch);
		for (int i = 0; deps && i < e.deps.n; i++) {
			Dep d = e.deps.v[i];
			d.path = xstrdup(d.path);
			d.name = NULL;
			vpush(*deps, d);
		}
	}
	entryfree(&e);
	vfree(a);
	free(text);
	free(dir);
	return pch;
}

/* A parse could not load pch: it goes, and the next lookup rebuilds it. */
void
pch_drop(const char *pch)
{
	unlink(pch);
}
