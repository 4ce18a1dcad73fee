/* pchtime: one libclang parse, timed in CPU seconds, for tests/corpus/header-floor.
 *   pchtime save OUT.pch -- ARGS...   parse an empty file (headers by -include) and save it as a PCH
 *   pchtime parse FILE -- ARGS...     parse FILE
 * Prints "cpu SECONDS errors N". */
#define _POSIX_C_SOURCE 200809L
#include <clang-c/Index.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static double
cpu(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int
main(int argc, char **argv)
{
	if (argc < 4 || strcmp(argv[3], "--")) {
		fprintf(stderr, "usage: pchtime save OUT.pch|parse FILE -- ARGS...\n");
		return 2;
	}
	int save = !strcmp(argv[1], "save");
	struct CXUnsavedFile empty = {"/__pchtime__/prefix.cu", "", 0};
	CXIndex idx = clang_createIndex(0, 0);
	CXTranslationUnit tu = NULL;
	double t0 = cpu();
	enum CXErrorCode ec = clang_parseTranslationUnit2(
		idx, save ? empty.Filename : argv[2], (const char *const *)argv + 4, argc - 4, save ? &empty : NULL,
		save ? 1 : 0, save ? CXTranslationUnit_Incomplete | CXTranslationUnit_ForSerialization : 0, &tu);
	if (ec != CXError_Success || !tu) {
		fprintf(stderr, "pchtime: libclang error %d\n", (int)ec);
		return 1;
	}
	int errors = 0;
	for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		errors += clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
		clang_disposeDiagnostic(d);
	}
	if (save && clang_saveTranslationUnit(tu, argv[2], clang_defaultSaveOptions(tu)) != CXSaveError_None)
		errors++;
	printf("cpu %.3f errors %d\n", cpu() - t0, errors);
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(idx);
	return 0;
}
