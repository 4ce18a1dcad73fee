/* walk.c: the CUDA files under a directory given on the command line.
 *
 * Sources (.cu) and headers (.cuh), in sorted order so every run sees the
 * same files in the same order. Hidden entries (.git, .cache) are skipped,
 * and a directory's .cuflowignore excludes paths below it with gitignore's
 * syntax: one pattern a line, # comments, a trailing / for directories only,
 * a / elsewhere anchoring the pattern to that directory (otherwise it matches
 * a name at any depth), ! re-including; the last matching line decides. */
#include <dirent.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cuflow.h"

typedef struct {
	char *base; /* the directory holding the .cuflowignore, "" for the root */
	char *pat;
	bool neg, dironly, anchored;
} Ignore;

typedef VEC(Ignore) Ignores;

/* CUDA files are analysed; C and C++ sources (a program's host files) are
 * read for their calls of its functions only (model/link.c). */
int
sourcekind(const char *name)
{
	static const char *const cxx[] = {".c", ".cc", ".cpp", ".cxx", ".c++", ".C", NULL};
	const char *dot = strrchr(name, '.');
	if (!dot || strchr(dot, '/'))
		return SK_NONE;
	if (!strcmp(dot, ".cu") || !strcmp(dot, ".cuh"))
		return SK_CUDA;
	for (int i = 0; cxx[i]; i++)
		if (!strcmp(dot, cxx[i]))
			return SK_CXX;
	return SK_NONE;
}

static int
bystr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
loadignores(const char *dir, const char *rel, Ignores *ig)
{
	char *path = fmt("%s/.cuflowignore", dir), *err = NULL;
	size_t len;
	char *text = readfile(path, &len, &err);
	free(path);
	free(err);
	if (!text)
		return;
	char *save = NULL;
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		size_t n = strlen(line);
		while (n && (line[n - 1] == ' ' || line[n - 1] == '\r'))
			line[--n] = 0;
		if (!n || line[0] == '#')
			continue;
		Ignore x = {xstrdup(rel), NULL, line[0] == '!', false, false};
		char *p = line + x.neg;
		n = strlen(p);
		if (n && p[n - 1] == '/') {
			x.dironly = true;
			p[--n] = 0;
		}
		x.anchored = strchr(p, '/') != NULL;
		x.pat = xstrdup(p + (p[0] == '/'));
		vpush(*ig, x);
	}
	free(text);
}

/* rel: the path below the walked root; name: its last part. */
static bool
ignored(const Ignores *ig, const char *rel, const char *name, bool isdir)
{
	bool out = false;
	for (int i = 0; i < ig->n; i++) {
		const Ignore *x = &ig->v[i];
		size_t bl = strlen(x->base);
		if (bl && (strncmp(rel, x->base, bl) || rel[bl] != '/'))
			continue; /* not below that .cuflowignore's directory */
		const char *sub = bl ? rel + bl + 1 : rel;
		if (x->dironly && !isdir)
			continue;
		if (x->anchored ? !fnmatch(x->pat, sub, FNM_PATHNAME) : !fnmatch(x->pat, name, 0))
			out = !x->neg;
	}
	return out;
}

static void
walk(const char *dir, const char *rel, Ignores *ig, Strs *out, Strs *cxx)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	int mark = ig->n;
	loadignores(dir, rel, ig);
	Strs here = {0};
	for (struct dirent *e; (e = readdir(d));)
		if (e->d_name[0] != '.')
			vpush(here, xstrdup(e->d_name));
	closedir(d);
	qsort(here.v, here.n, sizeof *here.v, bystr);
	for (int i = 0; i < here.n; i++) {
		char *path = fmt("%s/%s", dir, here.v[i]);
		char *sub = *rel ? fmt("%s/%s", rel, here.v[i]) : xstrdup(here.v[i]);
		struct stat sb;
		bool isdir = lstat(path, &sb) == 0 && S_ISDIR(sb.st_mode); /* symlinks are not followed */
		int kind = sourcekind(here.v[i]);
		bool isfile = !isdir && kind && stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
		if ((isdir || isfile) && !ignored(ig, sub, here.v[i], isdir)) {
			if (isdir)
				walk(path, sub, ig, out, cxx);
			else {
				vpush(*(kind == SK_CUDA ? out : cxx), path);
				path = NULL;
			}
		}
		free(path);
		free(sub);
		free(here.v[i]);
	}
	vfree(here);
	for (int i = mark; i < ig->n; i++) {
		free(ig->v[i].base);
		free(ig->v[i].pat);
	}
	ig->n = mark;
}

void
walktree(const char *dir, Strs *files, Strs *cxx)
{
	Ignores ig = {0};
	walk(dir, "", &ig, files, cxx);
	vfree(ig);
}
