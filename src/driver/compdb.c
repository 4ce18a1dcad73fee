/* compdb.c: compile_commands.json through libclang's compilation database.
 * Each CUDA file gets the flags that change how it parses (-I, -D, -U,
 * -include, -isystem, -std), with relative paths resolved against the
 * command's directory; the rest (nvcc's -arch, -Xcompiler, -O3, -c -o, ...)
 * means nothing to a parse and is dropped. */
#include <clang-c/CXCompilationDatabase.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "driver/driver.h"

static char *
absolute(const char *dir, const char *p)
{
	return p[0] == '/' ? xstrdup(p) : fmt("%s/%s", dir, p);
}

static bool
iscudafile(const char *name)
{
	size_t n = strlen(name);
	return (n > 3 && !strcmp(name + n - 3, ".cu")) || (n > 4 && !strcmp(name + n - 4, ".cuh"));
}

static char *
argat(CXCompileCommand cmd, unsigned i)
{
	CXString s = clang_CompileCommand_getArg(cmd, i);
	char *a = xstrdup(clang_getCString(s));
	clang_disposeString(s);
	return a;
}

/* Flags of one command worth keeping, appended to out. */
static void
keepflags(CXCompileCommand cmd, const char *dir, Strs *out)
{
	static const char *withpath[] = {"-isystem", "-include", "-iquote", "-idirafter", "-I"};
	unsigned n = clang_CompileCommand_getNumArgs(cmd);
	for (unsigned i = 1; i < n; i++) {
		char *a = argat(cmd, i), *val = NULL;
		size_t k = 0, nk = sizeof withpath / sizeof *withpath;
		while (k < nk && strncmp(a, withpath[k], strlen(withpath[k])))
			k++;
		if (k < nk) {
			const char *flag = withpath[k], *rest = a + strlen(flag);
			val = *rest ? xstrdup(rest) : i + 1 < n ? argat(cmd, ++i) : NULL;
			if (val) {
				char *abs = absolute(dir, val);
				if (!strcmp(flag, "-I"))
					vpush(*out, fmt("-I%s", abs));
				else {
					vpush(*out, xstrdup(flag));
					vpush(*out, xstrdup(abs));
				}
				free(abs);
			}
		} else if (!strncmp(a, "-D", 2) || !strncmp(a, "-U", 2)) {
			val = a[2] ? xstrdup(a + 2) : i + 1 < n ? argat(cmd, ++i) : NULL;
			if (val)
				vpush(*out, fmt("%.2s%s", a, val));
		} else if (!strncmp(a, "-std=", 5))
			vpush(*out, xstrdup(a));
		free(val);
		free(a);
	}
}

/* The CUDA files of DIR/compile_commands.json with their flags; returns -1
 * with a one-line reason when there is no usable database. */
int
compdb(const char *dir, Strs *files, Strs **flags, char **err)
{
	CXCompilationDatabase_Error e;
	CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(dir, &e);
	if (e != CXCompilationDatabase_NoError || !db) {
		*err = fmt("%s: no readable compile_commands.json", dir);
		return -1;
	}
	CXCompileCommands cmds = clang_CompilationDatabase_getAllCompileCommands(db);
	unsigned n = clang_CompileCommands_getSize(cmds);
	VEC(Strs) fl = {0};
	for (unsigned i = 0; i < n; i++) {
		CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, i);
		CXString f = clang_CompileCommand_getFilename(cmd), d = clang_CompileCommand_getDirectory(cmd);
		const char *fname = clang_getCString(f), *cdir = clang_getCString(d);
		if (iscudafile(fname)) {
			char *path = absolute(cdir, fname);
			int k;
			for (k = 0; k < files->n && strcmp(files->v[k], path); k++)
				;
			if (k == files->n) { /* the first command for a file wins */
				vpush(*files, path);
				Strs one = {0};
				keepflags(cmd, cdir, &one);
				vpush(fl, one);
			} else
				free(path);
		}
		clang_disposeString(f);
		clang_disposeString(d);
	}
	clang_CompileCommands_dispose(cmds);
	clang_CompilationDatabase_dispose(db);
	*flags = fl.v;
	return 0;
}
