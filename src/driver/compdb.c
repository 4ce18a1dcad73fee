/* compdb.c: compile_commands.json through libclang's compilation database.
 * Each CUDA file gets the flags that change how it parses, translated from
 * nvcc's by nvccflags (front/flags.c), with relative paths resolved against
 * the command's directory; the rest means nothing to a parse and is dropped. */
#include <clang-c/CXCompilationDatabase.h>
#include <jansson.h>
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

/* Why entry i of a compilation database is not one libclang reads, or NULL. */
static const char *
badentry(json_t *e)
{
	if (!json_is_object(e))
		return "is not an object";
	if (!json_is_string(json_object_get(e, "directory")))
		return "has no \"directory\" string";
	if (!json_is_string(json_object_get(e, "file")))
		return "has no \"file\" string";
	json_t *args = json_object_get(e, "arguments");
	if (json_is_array(args)) {
		size_t i;
		json_t *a;
		json_array_foreach (args, i, a)
			if (!json_is_string(a))
				return "has an \"arguments\" item that is no string";
		return NULL;
	}
	return json_is_string(json_object_get(e, "command")) ? NULL : "has no \"command\" string or \"arguments\" list";
}

/* The database's first defect with its place, or NULL: libclang reports
 * one only on stderr. */
static char *
baddb(const char *dir)
{
	char *path = fmt("%s/compile_commands.json", dir);
	json_error_t je;
	json_t *db = json_load_file(path, 0, &je);
	char *why = NULL;
	if (!db)
		why = je.line < 0 ? fmt("%s: %s", dir, je.text) : fmt("%s:%d: %s", path, je.line, je.text);
	else if (!json_is_array(db))
		why = fmt("%s: not a list of compile commands", path);
	else {
		size_t i;
		json_t *e;
		json_array_foreach (db, i, e)
			if (!why && badentry(e))
				why = fmt("%s: entry %zu %s", path, i + 1, badentry(e));
	}
	json_decref(db);
	free(path);
	return why;
}

/* The CUDA and C/C++ files of DIR/compile_commands.json with their flags; returns -1
 * with a one-line reason when there is no usable database. */
int
compdb(const char *dir, Strs *files, Strs **flags, char **err)
{
	if ((*err = baddb(dir)))
		return -1;
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
