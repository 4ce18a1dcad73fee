/* test_formats.c: the machine report formats (src/report/) on a hand-made
 * plan whose edits the golden cases do not produce: two moves inserting at
 * one offset in the reverse of their plan order (Edit.seq decides), and
 * deletions that touch them. The JSON edits applied in their "order", the
 * SARIF fixes, and the export-fixes YAML (whose touching edits must merge
 * into one replacement) must all give what applyedits gives. Also columns
 * in bytes and UTF-16 units, and invalid UTF-8 in JSON strings. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "report/report.h"
#include "check.h"

static const char src[] = "line1\nline2\nline3\nline4\n";

static void
edit(Change *c, int off, int len, const char *text, int seq)
{
	Edit e = {off, len, xstrdup(text), seq, false, NULL};
	vpush(c->edits, e);
}

static Change
move(Unit *u, int line, int off, const char *call)
{
	Change c = {0};
	c.pass = PASS_SYNC;
	c.kind = CH_MOVE;
	c.u = u;
	c.fn = "main";
	c.line = c.endline = line;
	c.begin = off;
	c.end = off + 5;
	c.call = xstrdup(call);
	vpush(c.members, line);
	c.target = 3;
	c.stop = xstrdup("reads it");
	c.stopline = 3;
	return c;
}

/* Unit t.cu; change A (plan index 0) deletes line 1 and inserts "A\n"
 * before line 3 with seq 5; change B deletes line 2 and inserts "B\n"
 * there with seq 2: B's insert goes first. -i gives "B\nA\nline3...". */
static void
setup(Unit *u, Plan *plan)
{
	memset(u, 0, sizeof *u);
	u->path = "t.cu";
	u->src = (char *)src;
	u->len = strlen(src);
	u->lines = linestarts(src, u->len, &u->nlines);
	Change a = move(u, 1, 0, "cudaMemcpy"), b = move(u, 2, 6, "cudaFree");
	edit(&a, 12, 0, "A\n", 5);
	edit(&a, 0, 6, "", 0);
	edit(&b, 12, 0, "B\n", 2);
	edit(&b, 6, 6, "", 0);
	vpush(*plan, a);
	vpush(*plan, b);
}

static Report
report(Unit **units, const Plan *plan, const bool *changed)
{
	static const double t[1];
	Report r = {units, 1, changed, plan, NULL, 0, 0, 0, t, NULL, "sync"};
	return r;
}

/* What applyedits makes of every move's edits. */
static char *
expected(const Plan *plan)
{
	Edits all = {0};
	for (int c = 0; c < plan->n; c++)
		for (int k = 0; k < plan->v[c].edits.n; k++)
			vpush(all, plan->v[c].edits.v[k]);
	size_t len;
	char *err = NULL;
	char *out = applyedits(src, strlen(src), &all, &len, &err);
	vfree(all);
	return out;
}

static void
json(const Report *r, const char *want)
{
	Buf b = {0};
	jsonreport(&b, r);
	json_error_t jerr;
	json_t *root = json_loads(bstr(&b), 0, &jerr);
	CHECK(root != NULL);
	free(b.v);
	if (!root)
		return;
	/* the edits of both changes, placed by "order" */
	const char *text[4] = {0};
	int off[4] = {0}, len[4] = {0}, n = 0;
	json_t *ch, *e;
	size_t i, k;
	json_array_foreach(json_object_get(root, "changes"), i, ch) json_array_foreach(json_object_get(ch, "edits"), k, e)
	{
		int o = (int)json_integer_value(json_object_get(e, "order"));
		CHECK(o >= 0 && o < 4);
		if (o < 0 || o >= 4)
			continue;
		text[o] = json_string_value(json_object_get(e, "replacement"));
		off[o] = (int)json_integer_value(json_object_get(e, "offset"));
		len[o] = (int)json_integer_value(json_object_get(e, "length"));
		n++;
	}
	CHECK(n == 4);
	Buf out = {0};
	int at = 0;
	for (int j = 0; j < 4 && n == 4; j++) {
		bputn(&out, src + at, off[j] - at);
		bputs(&out, text[j]);
		at = off[j] + len[j];
	}
	bputs(&out, src + at);
	CHECK(!strcmp(bstr(&out), want));
	free(out.v);
	json_decref(root);
}

static void
fixes(const Report *r)
{
	Buf b = {0};
	exportfixes(&b, r);
	const char *y = bstr(&b);
	/* one replacement: lines 1-2 and both inserts, B's text first */
	const char *rep = "          Offset:          0\n          Length:          12\n"
	                  "          ReplacementText: \"B\\nA\\n\"\n";
	CHECK(strstr(y, rep) != NULL);
	CHECK(strstr(strstr(y, rep) + 1, "          Offset:") == NULL);
	/* it belongs to A (its first edit is A's); B's diagnostic has none */
	const char *db = strstr(y, "cudaFree");
	CHECK(db && strstr(db, "Replacements:    []"));
	CHECK(strstr(y, "DiagnosticName:  cuflow-sync-motion") && strstr(y, "Level:           Warning"));
	CHECK(strstr(y, "MainSourceFile:  \"/") != NULL); /* absolute */
	free(b.v);
}

/* SARIF: each fix's replacements, in order, by byte range. */
static void
sarif(const Report *r)
{
	Buf b = {0};
	sarifreport(&b, r);
	json_t *root = json_loads(bstr(&b), 0, NULL);
	free(b.v);
	CHECK(root != NULL);
	if (!root)
		return;
	json_t *res = json_object_get(json_array_get(json_object_get(root, "runs"), 0), "results");
	CHECK(json_array_size(res) == 2);
	json_t *reps = json_object_get(
	        json_array_get(json_object_get(json_array_get(json_object_get(json_array_get(res, 1), "fixes"), 0),
	                                       "artifactChanges"),
	                       0),
	        "replacements");
	CHECK(json_array_size(reps) == 2);
	json_t *del = json_object_get(json_array_get(reps, 0), "deletedRegion");
	CHECK(json_integer_value(json_object_get(del, "byteOffset")) == 6);
	CHECK(json_integer_value(json_object_get(del, "startLine")) == 2);
	CHECK(json_integer_value(json_object_get(del, "endLine")) == 3);
	CHECK(json_integer_value(json_object_get(del, "endColumn")) == 1);
	json_t *ins = json_array_get(reps, 1);
	CHECK(!strcmp(json_string_value(json_object_get(json_object_get(ins, "insertedContent"), "text")), "B\n"));
	CHECK(!strcmp(json_string_value(json_object_get(json_array_get(res, 0), "level")), "warning"));
	json_decref(root);
}

static void
columns(void)
{
	Unit u = {0};
	const char *s = "a\xC3\xA9" "b\xF0\x9F\x98\x80" "c\n"; /* a é b 😀 c */
	u.src = (char *)s;
	u.len = strlen(s);
	u.lines = linestarts(s, u.len, &u.nlines);
	CHECK(unitcol(&u, 3) == 4);   /* 'b': bytes */
	CHECK(unitcol16(&u, 3) == 3); /* 'b': a, é */
	CHECK(unitcol16(&u, 8) == 6); /* 'c': a, é, b, two units for 😀 */
	CHECK(unitline(&u, 10) == 2);
	free(u.lines);
	char *clean = utf8clean("x\xE9y\xED\xA0\x80z", 8); /* Latin-1 é, a surrogate */
	CHECK(!strcmp(clean, "x\xEF\xBF\xBDy\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBDz"));
	free(clean);
}

int
main(void)
{
	Unit u;
	Plan plan = {0};
	setup(&u, &plan);
	Unit *units[1] = {&u};
	bool changed[1] = {true};
	Report r = report(units, &plan, changed);
	char *want = expected(&plan);
	CHECK(want && !strcmp(want, "B\nA\nline3\nline4\n"));
	json(&r, want);
	fixes(&r);
	sarif(&r);
	columns();
	free(want);
	free(u.lines);
	planfree(&plan);
	return CHECK_DONE();
}
