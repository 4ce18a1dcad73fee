/* fixes.c: --export-fixes=FILE, the YAML clang-tidy's --export-fixes writes
 * and clang-apply-replacements reads: one diagnostic per move, with its
 * edits as replacements (absolute paths, byte offsets of the original
 * file). clang-apply-replacements sorts replacements itself and refuses two
 * inserts at one offset, so edits that touch (same offset, or one starting
 * where the previous ends) go out as one replacement, in the edit engine's
 * order: applying the file gives exactly what cuflow -i writes. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cuflow.h"
#include "report/report.h"

/* A YAML double-quoted scalar. */
static void
yquote(Buf *b, const char *s, size_t n)
{
	bputs(b, "\"");
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\')
			bprintf(b, "\\%c", c);
		else if (c == '\n')
			bputs(b, "\\n");
		else if (c == '\t')
			bputs(b, "\\t");
		else if (c < 0x20 || c == 0x7F)
			bprintf(b, "\\x%02X", c);
		else
			bputn(b, (const char *)&c, 1);
	}
	bputs(b, "\"");
}

static void
yfield(Buf *b, const char *indent, const char *key, const char *val)
{
	bprintf(b, "%s%s:%*s", indent, key, (int)(16 - strlen(key)), "");
	yquote(b, val, strlen(val));
	bputs(b, "\n");
}

static char *
abspath(const char *path)
{
	char *real = realpath(path, NULL);
	if (real)
		return real;
	char *cwd = getcwd(NULL, 0);
	char *p = path[0] == '/' || !cwd ? xstrdup(path) : fmt("%s/%s", cwd, relpath(path));
	free(cwd);
	return p;
}

/* The end of the run of touching edits that starts at all->v[k]: edits
 * applied one after the other at one place. */
static int
runend(const EditRefs *all, int k)
{
	for (int reach = all->v[k].e->off; k < all->n && all->v[k].e->off <= reach; k++)
		if (all->v[k].e->off + all->v[k].e->len > reach)
			reach = all->v[k].e->off + all->v[k].e->len;
	return k;
}

/* The run [k, end) as one replacement. */
static void
replacement(Buf *b, const EditRefs *all, int k, int end, const char *path)
{
	int off = all->v[k].e->off, reach = off;
	Buf text = {0};
	for (; k < end; k++) {
		const Edit *e = all->v[k].e;
		bputs(&text, e->text);
		if (e->off + e->len > reach)
			reach = e->off + e->len;
	}
	yfield(b, "        - ", "FilePath", path);
	bprintf(b, "          Offset:          %d\n", off);
	bprintf(b, "          Length:          %d\n", reach - off);
	bputs(b, "          ReplacementText: ");
	yquote(b, bstr(&text), text.n);
	bputs(b, "\n");
	free(text.v);
}

/* The runs of change ci among the file's edits all, as replacements; n
 * counts them. */
static void
replacements(Buf *b, const EditRefs *all, int ci, const char *path, int *n)
{
	for (int k = 0, end; k < all->n; k = end) {
		end = runend(all, k);
		if (all->v[k].change != ci) /* a run belongs to the change of its first edit */
			continue;
		if (!(*n)++)
			bputs(b, "      Replacements:\n");
		replacement(b, all, k, end, path);
	}
}

/* Change ci, its replacements in its own file (all) and in any other file
 * it edits (a sync moved to a caller there). */
static void
diagnostic(Buf *b, const Report *r, int ci, const EditRefs *all, const char *path, const char *cwd)
{
	const Change *c = &r->plan->v[ci];
	Buf msg = {0};
	changemsg(&msg, c);
	bprintf(b, "  - DiagnosticName:  cuflow-%s\n    DiagnosticMessage:\n",
	        c->pass == PASS_FUSE  ? "fuse"
	        : c->pass == PASS_PIN ? "pin"
	        : c->pass == PASS_COPIES ? "copy-motion"
	                                 : "sync-motion");
	yfield(b, "      ", "Message", bstr(&msg));
	yfield(b, "      ", "FilePath", path);
	bprintf(b, "      FileOffset:      %d\n", c->begin);
	int n = 0;
	replacements(b, all, ci, path, &n);
	for (int i = 0; acrossfiles(c) && i < r->nunits; i++) {
		if (r->units[i] == c->u)
			continue;
		EditRefs other = {0};
		fileedits(r, r->units[i], &other);
		char *p = abspath(r->units[i]->path);
		replacements(b, &other, ci, p, &n);
		free(p);
		vfree(other);
	}
	if (!n)
		bputs(b, "      Replacements:    []\n");
	bputs(b, "    Level:           Warning\n");
	yfield(b, "    ", "BuildDirectory", cwd);
	free(msg.v);
}

void
exportfixes(Buf *b, const Report *r)
{
	char *cwd = getcwd(NULL, 0);
	char *mainfile = NULL;
	for (int i = 0; i < r->nunits && !mainfile; i++)
		if (editsapplied(r, r->units[i]))
			mainfile = abspath(r->units[i]->path);
	bputs(b, "---\n");
	yfield(b, "", "MainSourceFile", mainfile ? mainfile : "");
	int ndiag = 0;
	for (int i = 0; i < r->nunits; i++) {
		const Unit *u = r->units[i];
		if (!editsapplied(r, u))
			continue;
		EditRefs all = {0};
		fileedits(r, u, &all);
		char *path = abspath(u->path);
		for (int ci = 0; ci < r->plan->n; ci++)
			if (r->plan->v[ci].u == u && r->plan->v[ci].kind == CH_MOVE) {
				if (!ndiag++)
					bputs(b, "Diagnostics:\n");
				diagnostic(b, r, ci, &all, path, cwd ? cwd : "");
			}
		free(path);
		vfree(all);
	}
	if (!ndiag)
		bputs(b, "Diagnostics:     []\n");
	bputs(b, "...\n");
	free(mainfile);
	free(cwd);
}
