/* json.c: the JSON report (--report=json), schema version 1, described in
 * doc/reports.md and doc/cuflow-report.schema.json: the tool, the run's
 * files and their status, every change of the plan with its edits, and the
 * summary. It prints the plan; it decides nothing. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "cuflow.h"
#include "report/report.h"

#define SCHEMA_VERSION 1

/* A JSON string of s, invalid UTF-8 replaced (SARIF uses it too). */
json_t *
jstr(const char *s)
{
	char *clean = utf8clean(s, strlen(s));
	json_t *j = json_string(clean);
	free(clean);
	return j;
}

static json_t *
jpos(const Unit *u, int off)
{
	return json_pack("{s:i,s:i}", "line", unitline(u, off), "column", unitcol(u, off));
}

static json_t *
jtool(void)
{
	return json_pack("{s:s,s:s,s:i}", "name", PACKAGE_NAME, "version", PACKAGE_VERSION, "libclang", LLVM_MAJOR);
}

static json_t *
jfile(const Report *r, int i)
{
	const Unit *u = r->units[i];
	json_t *f = json_pack("{s:o}", "path", jstr(relpath(u->path)));
	if (u->refused) {
		json_object_set_new(f, "status", json_string("not-analysed"));
		json_object_set_new(f, "reason", jstr(u->refused));
		json_object_set_new(f, "fix", u->fixhint ? jstr(u->fixhint) : json_null());
		return f;
	}
	if (u->skipped) {
		json_object_set_new(f, "status", json_string("skipped"));
		json_object_set_new(f, "reason", json_string(u->skipped));
		return f;
	}
	json_object_set_new(f, "status", json_string("analysed"));
	json_object_set_new(f, "parseMode", json_string(u->mode == PM_CUDA ? "cuda" : "minimal"));
	json_object_set_new(f, "changed", json_boolean(r->changed[i]));
	if (r->editerr && r->editerr[i])
		json_object_set_new(f, "editError", jstr(r->editerr[i]));
	json_object_set_new(f, "time", json_pack("{s:f,s:f,s:f}", "parse", u->tparse, "build", u->tbuild, "analyse",
	                                          r->tanalyse1 ? r->tanalyse1[i] : 0.0));
	return f;
}

static json_t *
jrun(const Report *r)
{
	char *cwd = getcwd(NULL, 0);
	json_t *passes = json_array();
	char *list = xstrdup(r->passes ? r->passes : "sync"), *save = NULL;
	for (char *p = strtok_r(list, ",", &save); p; p = strtok_r(NULL, ",", &save))
		json_array_append_new(passes, jstr(p));
	free(list);
	json_t *files = json_array();
	for (int i = 0; i < r->nunits; i++)
		json_array_append_new(files, jfile(r, i));
	json_t *run = json_pack("{s:o,s:o,s:o}", "cwd", cwd ? jstr(cwd) : json_null(), "passes", passes, "files", files);
	free(cwd);
	return run;
}

/* What a move did, in the words the schema's "action" uses. */
static const char *
action(const Change *c)
{
	static const char *const copies[] = {[CP_HOIST] = "hoist", [CP_SINK] = "sink", [CP_REMOVE] = "remove",
	                                     [CP_RESYNC] = "resync"};
	static const char *const pin[] = {[PN_PIN] = "pin", [PN_SPLIT] = "split", [PN_REGISTER] = "register"};
	if (c->kind != CH_MOVE)
		return "keep";
	return c->pass == PASS_COPIES ? copies[c->how] : c->pass == PASS_PIN ? pin[c->how] : c->pass == PASS_FUSE ? "fuse"
	                                                                                                         : "move";
}

/* Every edit of the change in file u, each with its place in that file's
 * order (all: the file's edits), appended to a; an edit in another file
 * than the change's names it. */
static void
jfileedits(const Report *r, int ci, const Unit *u, const EditRefs *all, json_t *a)
{
	for (int k = 0; k < all->n; k++) {
		const Edit *e = all->v[k].e;
		if (all->v[k].change != ci)
			continue;
		json_t *j = json_pack("{s:i,s:i,s:i,s:o,s:o,s:o}", "order", k, "offset", e->off, "length", e->len,
		                      "replacement", jstr(e->text), "start", jpos(u, e->off), "end", jpos(u, e->off + e->len));
		if (u != r->plan->v[ci].u)
			json_object_set_new(j, "file", jstr(relpath(u->path)));
		json_array_append_new(a, j);
	}
}

/* Every edit of the change (all: its own file's edits), then those it
 * makes in other files. */
static json_t *
jedits(const Report *r, int ci, const EditRefs *all)
{
	const Change *c = &r->plan->v[ci];
	json_t *a = json_array();
	jfileedits(r, ci, c->u, all, a);
	for (int i = 0; acrossfiles(c) && i < r->nunits; i++) {
		if (r->units[i] == c->u)
			continue;
		EditRefs other = {0};
		fileedits(r, r->units[i], &other);
		jfileedits(r, ci, r->units[i], &other, a);
		vfree(other);
	}
	return a;
}

static json_t *
jmove(const Report *r, int ci, json_t *j)
{
	const Change *c = &r->plan->v[ci];
	json_t *members = json_array();
	for (int k = 0; k < c->members.n; k++)
		json_array_append_new(members, json_integer(c->members.v[k]));
	EditRefs all = {0};
	fileedits(r, c->u, &all);
	json_object_set_new(j, "members", members);
	json_t *t = json_pack("{s:i,s:b}", "line", c->target, "blockEnd", c->toend);
	if (c->targetfn) { /* out of a callee: the target lies in a caller */
		json_object_set_new(t, "function", jstr(c->targetfn));
		json_object_set_new(t, "file", jstr(relpath((c->targetu ? c->targetu : c->u)->path)));
	}
	json_object_set_new(j, "target", t);
	json_object_set_new(j, "overlap", json_pack("{s:i,s:i}", "statements", c->overlap, "calls", c->calls));
	json_object_set_new(j, "edits", jedits(r, ci, &all));
	vfree(all);
	return j;
}

/* A copy the copies pass moved: where, out of which loops, and why. */
static json_t *
jcopy(const Report *r, int ci, json_t *j)
{
	const Change *c = &r->plan->v[ci];
	json_t *loops = json_array();
	for (int k = 0; k < c->members.n; k++)
		json_array_append_new(loops, json_integer(c->members.v[k]));
	EditRefs all = {0};
	fileedits(r, c->u, &all);
	json_object_set_new(j, "action", json_string(action(c)));
	json_object_set_new(j, "loops", loops);
	json_object_set_new(j, "target", json_pack("{s:i}", "line", c->target));
	json_object_set_new(j, "safe", jstr(c->safe));
	json_object_set_new(j, "bytesPerIteration", jstr(c->bytes));
	json_object_set_new(j, "guard", c->guard ? jstr(c->guard) : json_null());
	json_object_set_new(j, "edits", jedits(r, ci, &all));
	vfree(all);
	return j;
}

/* A host buffer the pin pass pinned: its size and why it pays. */
static json_t *
jpin(const Report *r, int ci, json_t *j)
{
	const Change *c = &r->plan->v[ci];
	json_t *copies = json_array();
	for (int k = 0; k < c->members.n; k++)
		json_array_append_new(copies, json_integer(c->members.v[k]));
	EditRefs all = {0};
	fileedits(r, c->u, &all);
	json_object_set_new(j, "action", json_string(action(c)));
	if (c->how == PN_SPLIT)
		json_object_set_new(j, "target", json_pack("{s:i,s:b}", "line", c->target, "blockEnd", c->toend));
	json_object_set_new(j, "copies", copies);
	json_object_set_new(j, "safe", jstr(c->safe));
	json_object_set_new(j, "bytes", jstr(c->bytes));
	json_object_set_new(j, "edits", jedits(r, ci, &all));
	vfree(all);
	return j;
}

/* Copies the fuse pass made one: the layout's first size and the copies. */
static json_t *
jfuse(const Report *r, int ci, json_t *j)
{
	const Change *c = &r->plan->v[ci];
	json_t *copies = json_array();
	for (int k = 0; k < c->members.n; k++)
		json_array_append_new(copies, json_integer(c->members.v[k]));
	EditRefs all = {0};
	fileedits(r, c->u, &all);
	json_object_set_new(j, "action", json_string("fuse"));
	json_object_set_new(j, "copies", copies);
	json_object_set_new(j, "copiesAfter", json_integer(c->calls));
	json_object_set_new(j, "target", json_pack("{s:i}", "line", c->target));
	json_object_set_new(j, "safe", jstr(c->safe));
	json_object_set_new(j, "edits", jedits(r, ci, &all));
	vfree(all);
	return j;
}

static json_t *
jchange(const Report *r, int ci)
{
	const Change *c = &r->plan->v[ci];
	Buf msg = {0};
	changemsg(&msg, c);
	json_t *j = json_pack("{s:s,s:s,s:o,s:o,s:i,s:i,s:i,s:i,s:i,s:i,s:o,s:o}", "pass", passname(c->pass), "kind",
	                      c->kind == CH_MOVE ? "move" : "keep", "file", jstr(relpath(c->u->path)), "function",
	                      jstr(c->fn ? c->fn : ""), "line", c->line, "endLine", c->endline, "column",
	                      unitcol(c->u, c->begin), "endColumn", unitcol(c->u, c->end), "offset", c->begin,
	                      "length", c->end - c->begin, "call", jstr(c->call), "message", jstr(bstr(&msg)));
	free(msg.v);
	json_t *passes = json_array(), *also = json_array();
	for (int k = 0; k < PASS_N; k++)
		if (c->passes & (1u << k))
			json_array_append_new(passes, json_string(passname(k)));
	for (int k = 0; k < c->also.n; k++) {
		const Change *a = &c->also.v[k];
		Buf m = {0};
		changemsg(&m, a);
		json_array_append_new(also, json_pack("{s:s,s:s,s:i,s:o}", "pass", passname(a->pass), "action", action(a),
		                                      "line", a->line, "message", jstr(bstr(&m))));
		free(m.v);
	}
	json_object_set_new(j, "passes", passes);
	json_object_set_new(j, "also", also);
	json_t *stopline = c->stopline ? json_integer(c->stopline) : json_null();
	json_t *stop = json_pack("{s:o,s:o}", "line", stopline, "reason", jstr(c->stop ? c->stop : ""));
	if (c->stopline && c->stopu)
		json_object_set_new(stop, "file", jstr(relpath(c->stopu->path)));
	json_object_set_new(j, "stop", stop);
	if (c->pass == PASS_VERIFY) {
		static const char *const results[] = {[VF_SAME] = "verified", [VF_DIFFERS] = "differs",
		                                      [VF_CANNOT] = "not-verifiable"};
		json_object_set_new(j, "verify", json_pack("{s:s,s:i}", "result", results[c->how], "runs", c->calls));
	}
	if (c->kind != CH_MOVE)
		return j;
	return c->pass == PASS_COPIES ? jcopy(r, ci, j)
	       : c->pass == PASS_PIN  ? jpin(r, ci, j)
	       : c->pass == PASS_FUSE ? jfuse(r, ci, j)
	                              : jmove(r, ci, j);
}

static json_t *
jsummary(const Report *r)
{
	Tally t;
	tally(r, &t);
	json_t *s = json_pack("{s:{s:i,s:i,s:i,s:i},s:i,s:i,s:i,s:{s:f,s:f,s:f}}", "files", "analysed", t.analysed,
	                      "notAnalysed", t.refused, "skipped", t.skipped + t.hostonly, "changed", t.changed, "moves", t.moved,
	                      "syncsMoved", t.synced, "kept", t.kept, "time", "wall", r->twall, "parse", r->tparse,
	                      "analyse", r->tanalyse);
	if (ranpass(r, PASS_COPIES))
		json_object_set_new(s, "copies", json_pack("{s:i,s:i,s:i,s:i}", "hoisted", t.hoisted, "sunk", t.sunk,
		                                           "removed", t.removed, "kept", t.ckept));
	if (ranpass(r, PASS_PIN))
		json_object_set_new(s, "pin", json_pack("{s:i,s:i,s:i}", "pinned", t.pinned, "split", t.split, "kept", t.pkept));
	if (ranpass(r, PASS_FUSE))
		json_object_set_new(s, "fuse", json_pack("{s:i,s:i,s:i,s:i}", "groups", t.groups, "copies", t.fused,
		                                         "copiesAfter", t.after, "kept", t.fkept));
	if (t.verified + t.differs + t.unverifiable)
		json_object_set_new(s, "verify", json_pack("{s:i,s:i,s:i,s:i}", "verified", t.verified, "differs", t.differs,
		                                           "notVerifiable", t.unverifiable, "runs", t.runs));
	return s;
}

void
jsonreport(Buf *b, const Report *r)
{
	json_t *changes = json_array();
	for (int i = 0; i < r->plan->n; i++)
		json_array_append_new(changes, jchange(r, i));
	json_t *root = json_pack("{s:i,s:o,s:o,s:o,s:o}", "schemaVersion", SCHEMA_VERSION, "tool", jtool(), "run",
	                         jrun(r), "changes", changes, "summary", jsummary(r));
	char *text = json_dumps(root, JSON_INDENT(2) | JSON_REAL_PRECISION(6));
	bputs(b, text);
	bputs(b, "\n");
	free(text);
	json_decref(root);
}
