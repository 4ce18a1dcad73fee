/* kept.c: a translation unit kept between parses of one buffer, for the
 * language server: the editor's next analysis of a document reparses it
 * (clang_reparseTranslationUnit) instead of parsing afresh. The first parse
 * asks libclang for a precompiled preamble (the main file's own leading
 * #include and #define lines), so a reparse after an edit below them does
 * not read those headers again. A reparse is only taken with the same flags on the same PCH; anything else,
 * or a reparse that fails, parses afresh. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "front/parse.h"

/* A translation unit kept for the next parse of the same buffer. */
struct Kept {
	CXIndex idx;
	CXTranslationUnit tu;
	Strs args; /* the parse's flags, less the PCH */
	char *pch;
};

void
keptclear(Kept *k)
{
	if (k->tu) {
		clang_disposeTranslationUnit(k->tu);
		clang_disposeIndex(k->idx);
	}
	for (int i = 0; i < k->args.n; i++)
		free(k->args.v[i]);
	vfree(k->args);
	free(k->pch);
	memset(k, 0, sizeof *k);
}

Kept *
kept_new(void)
{
	return xcalloc(1, sizeof(Kept));
}

void
kept_free(Kept *k)
{
	if (k)
		keptclear(k);
	free(k);
}

/* Whether k holds a parse with in's flags on pch. */
static bool
keptsame(const Kept *k, const Input *in, const char *pch)
{
	if (!k->tu || k->args.n != in->args.n || (!k->pch) != (!pch) || (pch && strcmp(k->pch, pch)))
		return false;
	for (int i = 0; i < in->args.n; i++)
		if (strcmp(k->args.v[i], in->args.v[i]))
			return false;
	return true;
}

/* k's translation unit reparsed with in's texts, or a fresh one that k then
 * keeps (with a precompiled preamble: the main file's own leading includes). */
CXTranslationUnit
keptparse(Kept *k, const char *path, const Input *in, char *pch, const char **state, enum CXErrorCode *ec)
{
	if (keptsame(k, in, pch)) {
		*ec = clang_reparseTranslationUnit(k->tu, in->uf.n, in->uf.v, clang_defaultReparseOptions(k->tu));
		if (*ec == CXError_Success) {
			*state = "reparse";
			free(pch);
			return k->tu;
		}
	}
	keptclear(k);
	k->idx = clang_createIndex(0, 0);
	unsigned flags = CXTranslationUnit_PrecompiledPreamble | CXTranslationUnit_CreatePreambleOnFirstParse;
	*ec = parsewith(k->idx, path, in, pch, flags, &k->tu);
	if (*ec != CXError_Success && pch) {
		pch_drop(pch);
		*state = "failed";
		free(pch);
		pch = NULL;
		*ec = parsewith(k->idx, path, in, NULL, flags, &k->tu);
	}
	for (int i = 0; i < in->args.n; i++)
		vpush(k->args, xstrdup(in->args.v[i]));
	k->pch = pch;
	if (*ec != CXError_Success || !k->tu) { /* libclang made no unit to dispose */
		clang_disposeIndex(k->idx);
		k->tu = NULL;
		keptclear(k);
	}
	return k->tu;
}

/* Whether tu is k's (not the caller's to dispose). */
bool
keptholds(const Kept *k, CXTranslationUnit tu)
{
	return k && k->tu == tu;
}
