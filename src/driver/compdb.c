/* compdb.c: compile_commands.json through libclang's compilation database.
 * Each CUDA file gets the flags that change how it parses, translated from
 * nvcc's by nvccflags (front/flags.c), with relative paths resolved against
 * the command's directory; the rest means nothing to a parse and is dropped. */
#include <clang-c/CXCompilationDatabase.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"

static char *
absolute(const char *dir, const char *p)
{
	return p[0] == '/' ? xstrdup(p) : fmt("%s/%s", dir, p);
}

/* The command's arguments after the compiler, as clang flags for a parse. */
static void
keepflags(CXCompileCommand cmd, const char *dir, Strs *out)
{
	unsigned n = clang_CompileCommand_getNumArgs(cmd);
	char **argv = xcalloc(n, sizeof *argv);
	for (unsigned i = 1; i < n; i++) {
		CXString s = clang_CompileCommand_getArg(cmd, i);
		argv[i - 1] = xstrdup(clang_getCString(s));
		clang_disposeString(s);
	}
	nvccflags((const char *const *)argv, n ? (int)n - 1 : 0, dir, false, out);
	for (unsigned i = 1; i < n; i++)
		free(argv[i - 1]);
	free(argv);
}

/* The CUDA and C/C++ files of DIR/compile_commands.json with their flags; returns -1
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
		if (sourcekind(fname)) {
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
