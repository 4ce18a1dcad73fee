/* sarif.c: the SARIF 2.1.0 report (--report=sarif) for code scanning: one
 * run; a rule per kind of decision (sync-motion/move, sync-motion/keep);
 * every change of the plan a result at its sync statement, moves with a
 * fix holding exactly the edits cuflow -i applies; files cuflow could not
 * analyse as tool notifications. It prints the plan; it decides nothing. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "cuflow.h"
#include "report/report.h"

#define SRCROOT "%SRCROOT%"
#define SCHEMA "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
enum { RULE_MOVE, RULE_KEEP, RULE_COPYMOVE, RULE_COPYKEEP, RULE_PIN, RULE_PINKEEP, RULE_FUSE, RULE_FUSEKEEP, RULE_VERIFY };

static json_t *
jtext(const char *s)
{
	return json_pack("{s:o}", "text", jstr(s));
}

/* RFC 3986: everything but unreserved characters and '/' percent-encoded. */
static void
uriencode(Buf *b, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
			bputn(b, (const char *)p, 1);
		else
			bprintf(b, "%%%02X", *p);
}

/* A file relative to the working directory (the %SRCROOT% base) when it is
 * under it, else an absolute file: URI. */
static json_t *
jartifact(const char *path)
{
	char *cwd = getcwd(NULL, 0);
	size_t n = cwd ? strlen(cwd) : 0;
	Buf b = {0};
	json_t *j;
	if (path[0] != '/') {
		uriencode(&b, relpath(path));
		j = json_pack("{s:s,s:s}", "uri", bstr(&b), "uriBaseId", SRCROOT);
	} else if (n > 1 && !strncmp(path, cwd, n) && path[n] == '/') {
		uriencode(&b, path + n + 1);
		j = json_pack("{s:s,s:s}", "uri", bstr(&b), "uriBaseId", SRCROOT);
	} else {
		bputs(&b, "file://");
		uriencode(&b, path);
		j = json_pack("{s:s}", "uri", bstr(&b));
	}
	free(b.v);
	free(cwd);
	return j;
}

static json_t *
jregion(const Unit *u, int off, int end)
{
	return json_pack("{s:i,s:i,s:i,s:i}", "startLine", unitline(u, off), "startColumn", unitcol16(u, off), "endLine",
	                 unitline(u, end), "endColumn", unitcol16(u, end));
}

static json_t *
jlocation(const Unit *u, json_t *region)
{
	return json_pack("{s:{s:o,s:o}}", "physicalLocation", "artifactLocation", jartifact(u->path), "region", region);
}

static json_t *
jrule(const char *id, const char *name, const char *brief, const char *full, const char *level, const char *sev)
{
	return json_pack("{s:s,s:s,s:o,s:o,s:o,s:{s:s},s:{s:[s,s],s:s,s:s}}", "id", id, "name", name,
	                 "shortDescription", jtext(brief), "fullDescription", jtext(full), "help", jtext(full),
	                 "defaultConfiguration", "level", level, "properties", "tags", "cuda", "performance", "precision",
	                 "very-high", "problem.severity", sev);
}

static json_t *
jrules(void)
{
	return json_pack(
	        "[o,o,o,o,o,o,o,o,o]",
	        jrule("sync-motion/move", "SyncCanMoveLater",
	              "A blocking CUDA synchronization can move later so host work overlaps the GPU",
	              "A blocking cudaMemcpy, cudaDeviceSynchronize, stream or event synchronization, or cudaFree "
	              "follows device work but nothing right after it needs that work finished. Moving it down to the "
	              "last point where it is still safe lets the host statements in between run while the GPU works. "
	              "The fix is the move cuflow -i applies; the message says how far it goes and what stops it there.",
	              "warning", "warning"),
	        jrule("sync-motion/keep", "SyncStays",
	              "A blocking CUDA synchronization stays where it is",
	              "cuflow examined this synchronization and left it in place: the message names the statement "
	              "that needs it where it is (a use of the data, another CUDA call, a jump, a timer, ...) or the "
	              "text that keeps it from moving. Nothing to do; it documents the decision.",
	              "note", "recommendation"),
	        jrule("copy-motion/move", "CopyCanLeaveLoop",
	              "A blocking CUDA copy in a loop can run once, before or after the loop",
	              "Every iteration of the loop uploads the same bytes, or only the last iteration's download is "
	              "ever read. cuflow -i moves the copy out of the loop (under the loop's first test when the loop "
	              "may run zero times); the message gives the facts that make it safe.",
	              "warning", "warning"),
	        jrule("copy-motion/keep", "CopyStaysInLoop",
	              "A blocking CUDA copy stays in its loop",
	              "cuflow examined this copy and left it in its loop: the message names the statement and the "
	              "variable that keep it there. Nothing to do; it documents the decision.",
	              "note", "recommendation"),
	        jrule("pin/move", "HostBufferCanBePinned",
	              "A malloc'd host buffer that blocking copies move can be page-locked",
	              "Copies from pageable memory are staged and run several times slower than copies from "
	              "page-locked memory. cuflow -i allocates the buffer with cudaMallocHost and frees it with "
	              "cudaFreeHost; the message gives the copies and the facts that make it safe.",
	              "warning", "warning"),
	        jrule("pin/keep", "HostBufferStaysPageable",
	              "A copied host buffer stays pageable",
	              "cuflow examined this allocation and left it pageable: the message names what stops it (an "
	              "asynchronous copy, a free it cannot rewrite, a device reset, the cost model). Nothing to do.",
	              "note", "recommendation"),
	        jrule("fuse/move", "CopiesCanBeFused",
	              "Blocking copies of several buffers can run as one copy",
	              "Every cudaMemcpy pays a startup of several microseconds. cuflow -i allocates the buffers side by "
	              "side (one cudaMalloc and one malloc, 256-byte aligned, with guard gaps) and copies them with one "
	              "call; the message gives the layout, the copies and the facts that make it safe.",
	              "warning", "warning"),
	        jrule("fuse/keep", "CopyStaysSeparate",
	              "A blocking copy stays a copy of its own",
	              "cuflow examined this copy beside others of its block and left it alone: the message names what "
	              "stops it (a use of the buffer it cannot see, an allocation it cannot rewrite, the cost model). "
	              "Nothing to do.",
	              "note", "recommendation"),
	        jrule("verify", "RewriteVerified",
	              "--verify ran the program and its rewrite on the CPU",
	              "cuflow lowered the original and the rewritten program to C++/OpenMP, built both against its CPU "
	              "runtime and ran them with the given arguments, eagerly and with each launch deferred to the "
	              "next synchronisation. An error: the rewrite printed otherwise, so cuflow left it out; a note: "
	              "it printed the same, or the program cannot run on the CPU runtime.",
	              "note", "recommendation"));
}

/* The tool notifications: one per file cuflow could not analyse. */
static json_t *
jinvocation(const Report *r)
{
	json_t *notes = json_array();
	bool ok = true;
	for (int i = 0; i < r->nunits; i++) {
		const Unit *u = r->units[i];
		const char *err = u->refused ? u->refused : r->editerr ? r->editerr[i] : NULL;
		if (!err)
			continue;
		ok = false;
		char *msg = u->refused && u->fixhint ? fmt("not analysed: %s; try %s", err, u->fixhint)
		            : u->refused             ? fmt("not analysed: %s", err)
		                                     : fmt("edits not applied: %s", err);
		json_array_append_new(notes, json_pack("{s:s,s:o,s:[{s:{s:o}}]}", "level", "error", "message", jtext(msg),
		                                       "locations", "physicalLocation", "artifactLocation",
		                                       jartifact(u->path)));
		free(msg);
	}
	return json_pack("{s:b,s:o}", "executionSuccessful", ok, "toolExecutionNotifications", notes);
}

static json_t *
jreplacement(const Unit *u, const Edit *e)
{
	json_t *region = jregion(u, e->off, e->off + e->len);
	json_object_set_new(region, "byteOffset", json_integer(e->off));
	json_object_set_new(region, "byteLength", json_integer(e->len));
	json_t *rep = json_pack("{s:o}", "deletedRegion", region);
	if (e->text[0])
		json_object_set_new(rep, "insertedContent", jtext(e->text));
	return rep;
}

/* The change's edits in one file, in the order the edit engine applies
 * them; NULL when it has none there. */
static json_t *
jchanges(const Report *r, int ci, const Unit *u)
{
	EditRefs all = {0};
	fileedits(r, u, &all);
	json_t *reps = json_array();
	for (int k = 0; k < all.n; k++)
		if (all.v[k].change == ci)
			json_array_append_new(reps, jreplacement(u, all.v[k].e));
	vfree(all);
	if (!json_array_size(reps)) {
		json_decref(reps);
		return NULL;
	}
	return json_pack("{s:o,s:o}", "artifactLocation", jartifact(u->path), "replacements", reps);
}

/* The change's edits: its own file's, then any other file's it edits. */
static json_t *
jfix(const Report *r, int ci)
{
	const Change *c = &r->plan->v[ci];
	json_t *changes = json_array(), *own = jchanges(r, ci, c->u);
	if (own)
		json_array_append_new(changes, own);
	for (int i = 0; acrossfiles(c) && i < r->nunits; i++) {
		json_t *other = r->units[i] == c->u ? NULL : jchanges(r, ci, r->units[i]);
		if (other)
			json_array_append_new(changes, other);
	}
	char *what = c->toend ? fmt("Move %s down to the end of its block (line %d)", c->call, c->target)
	                      : fmt("Move %s down to line %d", c->call, c->target);
	json_t *fix = json_pack("{s:o,s:o}", "description", jtext(what), "artifactChanges", changes);
	free(what);
	return fix;
}

static json_t *
jrelated(const Change *c)
{
	json_t *rel = json_array();
	const Unit *u = c->u;
	if (c->stopline) {
		json_t *loc = jlocation(c->stopu ? c->stopu : u, json_pack("{s:i}", "startLine", c->stopline));
		char *msg = c->stopu ? fmt("%s:%d %s", relpath(c->stopu->path), c->stopline, c->stop)
		                     : fmt("line %d %s", c->stopline, c->stop);
		json_object_set_new(loc, "id", json_integer(1));
		json_object_set_new(loc, "message", jtext(msg));
		json_array_append_new(rel, loc);
		free(msg);
	}
	if (c->kind == CH_MOVE) {
		json_t *loc = jlocation(u, json_pack("{s:i}", "startLine", c->target));
		json_object_set_new(loc, "id", json_integer(2));
		json_object_set_new(loc, "message", jtext(c->pass == PASS_FUSE     ? "the fused copy stands here"
		                                          : c->pass == PASS_PIN    ? "the buffer is allocated pinned here"
		                                          : c->pass == PASS_COPIES ? "the copy moves to just before this line"
		                                          : c->toend ? "the sync moves to the end of this block"
		                                                     : "the sync moves down to just before this line"));
		json_array_append_new(rel, loc);
	}
	return rel;
}

static json_t *
jresult(const Report *r, int ci)
{
	const Change *c = &r->plan->v[ci];
	bool move = c->kind == CH_MOVE;
	Buf msg = {0};
	changemsg(&msg, c);
	json_t *loc = jlocation(c->u, jregion(c->u, c->begin, c->end));
	json_object_set_new(loc, "logicalLocations",
	                    json_pack("[{s:o,s:s}]", "name", jstr(c->fn ? c->fn : ""), "kind", "function"));
	bool copy = c->pass == PASS_COPIES;
	int rule = c->pass == PASS_VERIFY ? RULE_VERIFY
	           : c->pass == PASS_FUSE ? (move ? RULE_FUSE : RULE_FUSEKEEP)
	           : c->pass == PASS_PIN ? (move ? RULE_PIN : RULE_PINKEEP)
	           : copy              ? (move ? RULE_COPYMOVE : RULE_COPYKEEP)
	           : move              ? RULE_MOVE
	                               : RULE_KEEP;
	static const char *const ids[] = {"sync-motion/move", "sync-motion/keep", "copy-motion/move",
	                                  "copy-motion/keep", "pin/move",         "pin/keep",
	                                  "fuse/move",        "fuse/keep",        "verify"};
	const char *level = move ? "warning" : c->pass == PASS_VERIFY && c->how == VF_DIFFERS ? "error" : "note";
	json_t *res = json_pack("{s:s,s:i,s:s,s:o,s:[o],s:o}", "ruleId", ids[rule],
	                        "ruleIndex", rule, "level", level, "message",
	                        jtext(bstr(&msg)), "locations", loc, "relatedLocations", jrelated(c));
	free(msg.v);
	if (move && editsapplied(r, c->u))
		json_object_set_new(res, "fixes", json_pack("[o]", jfix(r, ci)));
	json_object_set_new(res, "properties", json_pack("{s:s,s:o}", "pass", passname(c->pass), "call", jstr(c->call)));
	return res;
}

void
sarifreport(Buf *b, const Report *r)
{
	char *cwd = getcwd(NULL, 0);
	Buf root = {0};
	bputs(&root, "file://");
	if (cwd)
		uriencode(&root, cwd);
	bputs(&root, "/");
	json_t *results = json_array();
	for (int i = 0; i < r->plan->n; i++)
		json_array_append_new(results, jresult(r, i));
	json_t *run = json_pack("{s:{s:{s:s,s:s,s:s,s:s,s:o}},s:{s:{s:s}},s:s,s:[o],s:o}", "tool", "driver", "name",
	                        PACKAGE_NAME, "version", PACKAGE_VERSION, "semanticVersion", PACKAGE_VERSION,
	                        "informationUri", PACKAGE_URL, "rules", jrules(), "originalUriBaseIds", SRCROOT, "uri",
	                        bstr(&root), "columnKind", "utf16CodeUnits", "invocations", jinvocation(r), "results",
	                        results);
	json_t *log = json_pack("{s:s,s:s,s:[o]}", "$schema", SCHEMA, "version", "2.1.0", "runs", run);
	char *text = json_dumps(log, JSON_INDENT(2));
	bputs(b, text);
	bputs(b, "\n");
	free(text);
	json_decref(log);
	free(root.v);
	free(cwd);
}
