/* lsp.c: `cuflow --lsp`, a Language Server Protocol server on stdin/stdout.
 *
 * One thread reads messages, handles them in order and answers. A document
 * is analysed (libclang, about a second) when it is opened or saved, after
 * the user stops typing for a while (debounced, configurable), and before
 * code actions are computed for a buffer edited since its last analysis;
 * between analyses its diagnostics follow the edits (doc.c). Every move of
 * the plan is a diagnostic with a quick fix whose text edits are exactly
 * those `cuflow -i` applies.
 *
 * The protocol owns the original stdout; descriptor 1 is pointed at stderr
 * so that nothing printed by the libraries can corrupt the message stream. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "lsp/lsp.h"

enum { /* JSON-RPC and LSP error codes, besides lsp.h's */
	ERR_METHOD_NOT_FOUND = -32601,
	ERR_INVALID_PARAMS = -32602,
	ERR_NOT_INITIALIZED = -32002,
	ERR_CANCELLED = -32800,
};
enum { SEV_INFORMATION = 3, SEV_HINT = 4 };
enum { QUEUE_MAX = 256 }; /* messages read ahead (to see cancellations) */

/* The server's whole state. */
typedef struct {
	Analyser an;
	Reader in;
	int out;             /* the protocol's descriptor: the original stdout */
	VEC(json_t *) queue; /* read, not yet handled */
	int head;            /* queue[head] is next */
	VEC(Doc *) docs;
	int enc;             /* ENC_* of positions */
	bool initialized, shutdown, exited, gone;
	bool offsetenc;      /* the client asked with clangd's offsetEncoding: answer the same way */
	bool docchanges;     /* the client takes documentChanges (edits tied to a version) */
	bool onchange;       /* analyse unsaved buffers after edits */
	int debounce;        /* ms after the last edit */
} Server;

typedef struct {
	int code;
	char *msg;
} RpcErr;

typedef json_t *(*Handler)(Server *sv, json_t *params, RpcErr *err);

static void
logmsg(const char *what)
{
	fprintf(stderr, "cuflow-lsp: %s\n", what);
}

/* ---------------------------------------------------------------- output */

static void
put(Server *sv, json_t *msg)
{
	if (!msg) /* json_pack refuses strings that are not UTF-8; buffers from the client are */
		logmsg("a message could not be built; not sent");
	else if (sv->gone)
		json_decref(msg);
	else if (rpc_write(sv->out, msg)) {
		logmsg("the client stopped reading; exiting");
		sv->gone = true;
	}
}

static void
reply(Server *sv, json_t *id, json_t *result)
{
	put(sv, json_pack("{s:s, s:O, s:o}", "jsonrpc", "2.0", "id", id, "result", result ? result : json_null()));
}

static void
replyerr(Server *sv, json_t *id, int code, const char *msg)
{
	put(sv, json_pack("{s:s, s:O, s:{s:i, s:s}}", "jsonrpc", "2.0", "id", id, "error", "code", code, "message",
	                   msg));
}

static void
notify(Server *sv, const char *method, json_t *params)
{
	put(sv, json_pack("{s:s, s:s, s:o}", "jsonrpc", "2.0", "method", method, "params", params));
}

/* ---------------------------------------------------------------- documents */

static Doc *
finddoc(Server *sv, json_t *params)
{
	const char *uri = json_string_value(json_object_get(json_object_get(params, "textDocument"), "uri"));
	for (int i = 0; uri && i < sv->docs.n; i++)
		if (!strcmp(sv->docs.v[i]->uri, uri))
			return sv->docs.v[i];
	return NULL;
}

static int
line1(const Doc *d, int off)
{
	return text_line(&d->t, off) + 1;
}

/* " (with the syncs at lines 46 and 47)": the rest of a group. */
static void
withmembers(Buf *b, const Doc *d, const Diag *x)
{
	int n = x->members.n;
	if (n < 2)
		return;
	bprintf(b, " (with the sync%s at line%s", n > 2 ? "s" : "", n > 2 ? "s" : "");
	for (int k = 1; k < n; k++)
		bprintf(b, "%s %d", k == 1 ? "" : k == n - 1 ? " and" : ",", line1(d, x->members.v[k]));
	bputs(b, ")");
}

/* A copy the copies pass moves out of its loops (their lines in members). */
static char *
copymessage(const Doc *d, const Diag *x)
{
	Buf b = {0};
	int n = x->members.n;
	if (x->how == CP_REMOVE || x->how == CP_RESYNC) {
		bprintf(&b, "%s can %s: %s", x->call, x->how == CP_REMOVE ? "go" : "become cudaStreamSynchronize(0)",
		        x->safe ? x->safe : "");
		return bstr(&b);
	}
	bprintf(&b, "%s can be %s out of the loop%s at line%s", x->call, x->how == CP_HOIST ? "hoisted" : "sunk",
	        n > 1 ? "s" : "", n > 1 ? "s" : "");
	for (int k = 0; k < n; k++)
		bprintf(&b, "%s %d", k == 0 ? "" : k == n - 1 ? " and" : ",", line1(d, x->members.v[k]));
	bprintf(&b, " to line %d: %s", line1(d, x->target), x->safe ? x->safe : "");
	return bstr(&b);
}

/* The diagnostic's message, with the lines as the buffer has them now. */
static char *
message(const Doc *d, const Diag *x)
{
	if (x->kind < 0)
		return fmt("cuflow did not analyse this file: %s", x->why);
	Buf b = {0};
	if (x->kind == CH_KEEP) {
		bprintf(&b, "%s stays: ", x->call);
		if (x->stop >= 0)
			bprintf(&b, "line %d ", line1(d, x->stop));
		bputs(&b, x->why);
		return bstr(&b);
	}
	if (x->pass == PASS_COPIES)
		return copymessage(d, x);
	if (x->pass == PASS_PIN && x->how == PN_SPLIT)
		return fmt("%s can become cudaMemcpyAsync with a wait before line %d: %s", x->call, line1(d, x->target),
		           x->safe ? x->safe : "");
	if (x->pass == PASS_FUSE)
		return fmt("these copies can run as one copy: %s", x->safe ? x->safe : "");
	if (x->pass == PASS_PIN)
		return fmt("%s's buffer can be pinned (cudaMallocHost): %s", x->call, x->safe ? x->safe : "");
	int t = line1(d, x->target);
	if (x->toend)
		bprintf(&b, "%s can move down to the end of its block (line %d)", x->call, t);
	else
		bprintf(&b, "%s can move down to line %d", x->call, t);
	withmembers(&b, d, x);
	bprintf(&b, ", overlapping %d host statement%s (%d call%s) with the device work it waits for", x->overlap,
	        x->overlap == 1 ? "" : "s", x->calls, x->calls == 1 ? "" : "s");
	if (x->toend)
		bputs(&b, "; nothing in its block stops it");
	else if (x->stop >= 0)
		bprintf(&b, "; stopped before line %d: line %d %s", t, line1(d, x->stop), x->why);
	else
		bprintf(&b, "; stopped: %s", x->why);
	return bstr(&b);
}

static json_t *
jdiag(Server *sv, const Doc *d, const Diag *x)
{
	char *msg = message(d, x);
	json_t *j = json_pack("{s:o, s:i, s:s, s:s, s:s, s:{s:i}}", "range", jrange(&d->t, x->sb, x->se, sv->enc),
	                      "severity", x->kind == CH_KEEP ? SEV_HINT : SEV_INFORMATION, "code",
	                      x->kind < 0 ? "not-analysed" : x->pass == PASS_FUSE ? "fuse" : x->pass == PASS_PIN ? "pin" : x->pass == PASS_COPIES ? "copy-motion" : "sync-motion", "source",
	                      "cuflow", "message", msg, "data",
	                      "id", x->id);
	free(msg);
	if (x->kind == CH_MOVE) {
		char *here = fmt("%s would go here", x->call);
		json_object_set_new(j, "relatedInformation",
		                    json_pack("[{s:{s:s, s:o}, s:s}]", "location", "uri", d->uri, "range",
		                              jrange(&d->t, x->target, x->target, sv->enc), "message", here));
		free(here);
	}
	return j;
}

static void
publish(Server *sv, const Doc *d)
{
	json_t *list = json_array();
	for (int i = 0; i < d->diags.n; i++)
		json_array_append_new(list, jdiag(sv, d, &d->diags.v[i]));
	notify(sv, "textDocument/publishDiagnostics",
	       json_pack("{s:s, s:i, s:o}", "uri", d->uri, "version", d->version, "diagnostics", list));
}

enum { AN_EXPLICIT, AN_QUIET }; /* open/save: say when the file is not analysed; while typing: keep quiet */

static void
analyse_and_publish(Server *sv, Doc *d, int how)
{
	double t0 = now();
	Diag note;
	int rc = analysedoc(&sv->an, d, &note);
	if (rc < 0 && how == AN_EXPLICIT) {
		Diag *one = xmalloc(sizeof *one);
		*one = note;
		doc_setdiags(d, one, 1);
	} else if (rc < 0)
		diag_free(&note);
	char *m = fmt("%s: %s in %.2f s, %d diagnostic%s", d->path,
	              rc < 0 ? "not analysed" : rc > 0 ? "no CUDA, skipped" : "analysed", now() - t0, d->diags.n,
	              d->diags.n == 1 ? "" : "s");
	logmsg(m);
	free(m);
	d->due = 0;
	publish(sv, d);
}

/* ---------------------------------------------------------------- lifecycle */

static bool
hasstring(json_t *arr, const char *s)
{
	for (size_t i = 0; i < json_array_size(arr); i++) {
		const char *v = json_string_value(json_array_get(arr, i));
		if (v && !strcmp(v, s))
			return true;
	}
	return false;
}

/* initializationOptions, or workspace/didChangeConfiguration's settings.cuflow. */
static void
configure(Server *sv, json_t *o)
{
	json_t *v;
	if (json_is_boolean(v = json_object_get(o, "keptSyncs")))
		sv->an.kept = json_is_true(v);
	if (json_is_boolean(v = json_object_get(o, "analyseOnChange")))
		sv->onchange = json_is_true(v);
	if (json_is_integer(v = json_object_get(o, "debounceMs")) && json_integer_value(v) >= 0 &&
	    json_integer_value(v) <= 600000)
		sv->debounce = (int)json_integer_value(v);
}

/* Positions in UTF-8 when the client offers it (no conversion, and the
 * client says it can), else LSP's default, UTF-16. */
static void
chooseencoding(Server *sv, json_t *caps)
{
	json_t *lsp = json_object_get(json_object_get(caps, "general"), "positionEncodings");
	json_t *clangd = json_object_get(caps, "offsetEncoding");
	sv->enc = hasstring(lsp, "utf-8") || hasstring(clangd, "utf-8") ? ENC_UTF8 : ENC_UTF16;
	sv->offsetenc = json_is_array(clangd);
}

static json_t *
initialize(Server *sv, json_t *params, RpcErr *err)
{
	if (sv->initialized) {
		*err = (RpcErr){ERR_INVALID_REQUEST, xstrdup("initialize was already sent")};
		return NULL;
	}
	json_t *caps = json_object_get(params, "capabilities");
	chooseencoding(sv, caps);
	sv->docchanges = json_is_true(
		json_object_get(json_object_get(json_object_get(caps, "workspace"), "workspaceEdit"), "documentChanges"));
	configure(sv, json_object_get(params, "initializationOptions"));
	sv->initialized = true;
	const char *enc = sv->enc == ENC_UTF8 ? "utf-8" : "utf-16";
	json_t *res = json_pack(
		"{s:{s:s, s:{s:b, s:i, s:{s:b}}, s:{s:[s], s:b}}, s:{s:s, s:s}}", "capabilities", "positionEncoding", enc,
		"textDocumentSync", "openClose", 1, "change", 2, "save", "includeText", 0, "codeActionProvider",
		"codeActionKinds", "quickfix", "resolveProvider", 0, "serverInfo", "name", "cuflow", "version",
		PACKAGE_VERSION);
	if (sv->offsetenc)
		json_object_set_new(res, "offsetEncoding", json_string(enc));
	return res;
}

static json_t *
shutdownreq(Server *sv, json_t *params, RpcErr *err)
{
	(void)params, (void)err;
	sv->shutdown = true;
	return json_null();
}

static json_t *
ignore(Server *sv, json_t *params, RpcErr *err)
{
	(void)sv, (void)params, (void)err;
	return NULL;
}

static json_t *
didchangeconfiguration(Server *sv, json_t *params, RpcErr *err)
{
	(void)err;
	json_t *o = json_object_get(json_object_get(params, "settings"), "cuflow");
	if (!json_is_object(o))
		return NULL;
	configure(sv, o);
	for (int i = 0; i < sv->docs.n; i++) /* keptSyncs changes what an analysis keeps */
		analyse_and_publish(sv, sv->docs.v[i], AN_QUIET);
	return NULL;
}

/* ---------------------------------------------------------------- synchronisation */

/* The path libclang gets: the file's, or for an unsaved buffer (untitled:
 * and other schemes) a name in the working directory. */
static char *
docpath(const char *uri)
{
	char *p = uripath(uri);
	if (p)
		return p;
	const char *base = strrchr(uri, '/');
	base = base ? base + 1 : strchr(uri, ':') ? strchr(uri, ':') + 1 : uri;
	char *cwd = getcwd(NULL, 0);
	p = fmt("%s/%s", cwd ? cwd : ".", *base ? base : "untitled.cu");
	free(cwd);
	return p;
}

static void
closedoc(Server *sv, Doc *d)
{
	int k = 0;
	for (int i = 0; i < sv->docs.n; i++)
		if (sv->docs.v[i] != d)
			sv->docs.v[k++] = sv->docs.v[i];
	sv->docs.n = k;
	doc_free(d);
}

static json_t *
didopen(Server *sv, json_t *params, RpcErr *err)
{
	json_t *td = json_object_get(params, "textDocument");
	const char *uri = json_string_value(json_object_get(td, "uri"));
	json_t *text = json_object_get(td, "text");
	if (!uri || !json_is_string(text)) {
		*err = (RpcErr){ERR_INVALID_PARAMS, xstrdup("didOpen without a uri or text")};
		return NULL;
	}
	Doc *old = finddoc(sv, params);
	if (old)
		closedoc(sv, old);
	char *path = docpath(uri);
	Doc *d = doc_open(uri, path, json_string_value(text), json_string_length(text),
	                  (int)json_integer_value(json_object_get(td, "version")));
	free(path);
	vpush(sv->docs, d);
	analyse_and_publish(sv, d, AN_EXPLICIT);
	return NULL;
}

/* One entry of contentChanges: a range and its new text, or the whole text. */
static bool
applychange(Server *sv, Doc *d, json_t *c)
{
	json_t *text = json_object_get(c, "text"), *range = json_object_get(c, "range");
	if (!json_is_string(text))
		return false;
	int a = 0, b = (int)d->t.len;
	if (range) {
		Pos p, q;
		if (!parsepos(json_object_get(range, "start"), &p) || !parsepos(json_object_get(range, "end"), &q))
			return false;
		a = text_offset(&d->t, p, sv->enc);
		b = text_offset(&d->t, q, sv->enc);
		if (a > b) {
			int t = a;
			a = b, b = t;
		}
	}
	doc_edit(d, a, b, json_string_value(text), json_string_length(text));
	return true;
}

static json_t *
didchange(Server *sv, json_t *params, RpcErr *err)
{
	Doc *d = finddoc(sv, params);
	json_t *changes = json_object_get(params, "contentChanges");
	if (!d || !json_is_array(changes)) {
		*err = (RpcErr){ERR_INVALID_PARAMS, xstrdup("didChange for a document that is not open")};
		return NULL;
	}
	for (size_t i = 0; i < json_array_size(changes); i++)
		if (!applychange(sv, d, json_array_get(changes, i))) {
			*err = (RpcErr){ERR_INVALID_PARAMS, fmt("didChange: change %zu has no text or a bad range", i)};
			break;
		}
	doc_reparse(d);
	json_t *v = json_object_get(json_object_get(params, "textDocument"), "version");
	if (json_is_integer(v))
		d->version = (int)json_integer_value(v);
	if (sv->onchange)
		d->due = now() + sv->debounce / 1000.0;
	publish(sv, d);
	return NULL;
}

static json_t *
didsave(Server *sv, json_t *params, RpcErr *err)
{
	Doc *d = finddoc(sv, params);
	if (!d) {
		*err = (RpcErr){ERR_INVALID_PARAMS, xstrdup("didSave for a document that is not open")};
		return NULL;
	}
	json_t *text = json_object_get(params, "text");
	if (json_is_string(text)) { /* the client sent what it saved */
		doc_edit(d, 0, (int)d->t.len, json_string_value(text), json_string_length(text));
		doc_reparse(d);
	}
	analyse_and_publish(sv, d, AN_EXPLICIT);
	return NULL;
}

static json_t *
didclose(Server *sv, json_t *params, RpcErr *err)
{
	Doc *d = finddoc(sv, params);
	if (!d) {
		*err = (RpcErr){ERR_INVALID_PARAMS, xstrdup("didClose for a document that is not open")};
		return NULL;
	}
	notify(sv, "textDocument/publishDiagnostics", json_pack("{s:s, s:[]}", "uri", d->uri, "diagnostics"));
	closedoc(sv, d);
	return NULL;
}

/* ---------------------------------------------------------------- code actions */

static json_t *
jedits(Server *sv, const Doc *d, Edits *e)
{
	sortedits(e); /* applyedits' order: LSP applies inserts at one position in array order */
	json_t *list = json_array();
	for (int k = 0; k < e->n; k++)
		json_array_append_new(list, json_pack("{s:o, s:s}", "range",
		                                      jrange(&d->t, e->v[k].off, e->v[k].off + e->v[k].len, sv->enc),
		                                      "newText", e->v[k].text));
	return list;
}

static json_t *
workspaceedit(Server *sv, const Doc *d, Edits *e)
{
	json_t *edits = jedits(sv, d, e);
	if (sv->docchanges)
		return json_pack("{s:[{s:{s:s, s:i}, s:o}]}", "documentChanges", "textDocument", "uri", d->uri, "version",
		                 d->version, "edits", edits);
	return json_pack("{s:{s:o}}", "changes", d->uri, edits);
}

static json_t *
action(Server *sv, const Doc *d, const char *title, json_t *diags, Edits *e, bool preferred)
{
	return json_pack("{s:s, s:s, s:o, s:b, s:o}", "title", title, "kind", "quickfix", "diagnostics", diags,
	                 "isPreferred", preferred, "edit", workspaceedit(sv, d, e));
}

/* Does the client want quick fixes? (context.only lists kinds or their parents) */
static bool
wantsquickfix(json_t *only)
{
	if (!json_is_array(only))
		return true;
	return hasstring(only, "quickfix") || hasstring(only, "");
}

/* Is x asked for: named in the context's diagnostics, or on a line the
 * request's range touches? */
static bool
asked(Server *sv, const Doc *d, const Diag *x, json_t *params)
{
	json_t *named = json_object_get(json_object_get(params, "context"), "diagnostics");
	for (size_t i = 0; i < json_array_size(named); i++) {
		json_t *id = json_object_get(json_object_get(json_array_get(named, i), "data"), "id");
		if (json_is_integer(id) && json_integer_value(id) == x->id)
			return true;
	}
	json_t *r = json_object_get(params, "range");
	Pos p, q;
	if (!parsepos(json_object_get(r, "start"), &p) || !parsepos(json_object_get(r, "end"), &q))
		return false;
	int a = text_line(&d->t, text_offset(&d->t, p, sv->enc));
	int b = text_line(&d->t, text_offset(&d->t, q, sv->enc));
	return a <= text_line(&d->t, x->se) && b >= text_line(&d->t, x->sb);
}

static void
copyedits(Edits *to, const Edits *from)
{
	for (int k = 0; k < from->n; k++)
		vpush(*to, from->v[k]); /* shares the texts: freed with the diagnostic */
}

static char *
movetitle(const Doc *d, const Diag *x)
{
	if (x->members.n > 1)
		return fmt("Move %s and %d more sync%s down to line %d", x->call, x->members.n - 1,
		           x->members.n > 2 ? "s" : "", line1(d, x->target));
	return fmt("Move %s down to line %d", x->call, line1(d, x->target));
}

static json_t *
codeaction(Server *sv, json_t *params, RpcErr *err)
{
	Doc *d = finddoc(sv, params);
	if (!d) {
		*err = (RpcErr){ERR_INVALID_PARAMS, xstrdup("codeAction for a document that is not open")};
		return NULL;
	}
	json_t *list = json_array();
	if (!wantsquickfix(json_object_get(json_object_get(params, "context"), "only")))
		return list;
	if (d->stale) /* fixes come from an analysis of this very buffer */
		analyse_and_publish(sv, d, AN_QUIET);
	if (!d->fresh) /* it does not analyse as it is: no fixes until it does */
		return list;
	Edits all = {0};
	json_t *alldiags = json_array();
	int nmoves = 0, nasked = 0;
	for (int i = 0; i < d->diags.n; i++) {
		Diag *x = &d->diags.v[i];
		if (x->kind != CH_MOVE)
			continue;
		nmoves++;
		copyedits(&all, &x->edits);
		json_array_append_new(alldiags, jdiag(sv, d, x));
		if (!asked(sv, d, x, params))
			continue;
		nasked++;
		Edits e = {0};
		copyedits(&e, &x->edits);
		char *title = movetitle(d, x);
		json_array_append_new(list, action(sv, d, title, json_pack("[o]", jdiag(sv, d, x)), &e, true));
		free(title);
		vfree(e);
	}
	if (nasked && nmoves > 1) {
		char *title = fmt("Apply all %d cuflow sync moves in this file", nmoves);
		json_array_append_new(list, action(sv, d, title, json_incref(alldiags), &all, false));
		free(title);
	}
	json_decref(alldiags);
	vfree(all);
	return list;
}

/* ---------------------------------------------------------------- dispatch */

static const struct {
	const char *method;
	Handler fn;
} methods[] = {
	{"initialize", initialize},
	{"initialized", ignore},
	{"shutdown", shutdownreq},
	{"textDocument/didOpen", didopen},
	{"textDocument/didChange", didchange},
	{"textDocument/didSave", didsave},
	{"textDocument/didClose", didclose},
	{"textDocument/codeAction", codeaction},
	{"workspace/didChangeConfiguration", didchangeconfiguration},
	{NULL, NULL},
};

static Handler
handler(const char *method)
{
	for (int i = 0; methods[i].method; i++)
		if (!strcmp(methods[i].method, method))
			return methods[i].fn;
	return NULL;
}

/* Is a $/cancelRequest for id waiting in the queue? */
static bool
cancelled(Server *sv, json_t *id)
{
	for (int i = sv->head; i < sv->queue.n; i++) {
		json_t *m = sv->queue.v[i];
		const char *method = json_string_value(json_object_get(m, "method"));
		if (method && !strcmp(method, "$/cancelRequest") &&
		    json_equal(json_object_get(json_object_get(m, "params"), "id"), id))
			return true;
	}
	return false;
}

static void
run(Server *sv, Handler fn, const char *method, json_t *id, json_t *params)
{
	RpcErr err = {0, NULL};
	json_t *res = fn(sv, params, &err);
	if (id && err.msg)
		replyerr(sv, id, err.code, err.msg);
	else if (id)
		reply(sv, id, res);
	else if (err.msg) { /* a notification has no one to answer */
		char *m = fmt("%s: %s", method, err.msg);
		logmsg(m);
		free(m);
	}
	if (err.msg || !id)
		json_decref(res);
	free(err.msg);
}

static void
handle(Server *sv, json_t *m)
{
	const char *method = json_string_value(json_object_get(m, "method"));
	json_t *id = json_object_get(m, "id");
	bool response = json_object_get(m, "result") || json_object_get(m, "error");
	if (response && !method)
		return; /* the server sends no requests: nothing to match */
	const char *bad = !method ? "a message without a method"
	                  : id && !json_is_string(id) && !json_is_integer(id) ? "an id that is neither a string nor a number"
	                                                                     : NULL;
	if (bad) { /* the id when it is one, so that the client stops waiting */
		logmsg(bad);
		replyerr(sv, json_is_string(id) || json_is_integer(id) ? id : json_null(), ERR_INVALID_REQUEST, bad);
		return;
	}
	json_t *params = json_object_get(m, "params");
	Handler fn = handler(method);
	if (!strcmp(method, "exit"))
		sv->exited = true;
	else if (!sv->initialized && strcmp(method, "initialize")) {
		if (id)
			replyerr(sv, id, ERR_NOT_INITIALIZED, "the server is not initialized");
	} else if (sv->shutdown && id)
		replyerr(sv, id, ERR_INVALID_REQUEST, "the server is shut down");
	else if (id && cancelled(sv, id))
		replyerr(sv, id, ERR_CANCELLED, "cancelled");
	else if (fn)
		run(sv, fn, method, id, params);
	else if (id) {
		char *msg = fmt("unknown method %s", method);
		replyerr(sv, id, ERR_METHOD_NOT_FOUND, msg);
		free(msg);
	}
	/* unknown notifications ($/cancelRequest, $/setTrace, ...) are ignored */
}

/* ---------------------------------------------------------------- the loop */

/* Parses every complete message read so far into the queue. */
static void
takemessages(Server *sv)
{
	json_t *m;
	char *err = NULL;
	for (int rc; (rc = rpc_next(&sv->in, &m, &err)) != RD_NONE;) {
		if (rc == RD_BAD) {
			logmsg(err);
			replyerr(sv, json_null(), sv->in.code, err);
			free(err);
			err = NULL;
		} else if (json_is_object(m))
			vpush(sv->queue, m);
		else {
			logmsg("a message that is not a JSON object; ignored");
			replyerr(sv, json_null(), ERR_INVALID_REQUEST, "a message that is not a JSON object");
			json_decref(m);
		}
	}
}

/* Milliseconds until the next debounced analysis, or -1: none planned. */
static int
nextdue(Server *sv)
{
	double first = 0;
	for (int i = 0; i < sv->docs.n; i++)
		if (sv->docs.v[i]->due > 0 && (first == 0 || sv->docs.v[i]->due < first))
			first = sv->docs.v[i]->due;
	if (first == 0)
		return -1;
	double ms = (first - now()) * 1000;
	return ms < 0 ? 0 : (int)ms + 1;
}

static void
rundue(Server *sv)
{
	double t = now();
	for (int i = 0; i < sv->docs.n; i++) {
		Doc *d = sv->docs.v[i];
		if (d->due > 0 && d->due <= t) {
			d->due = 0;
			if (d->stale)
				analyse_and_publish(sv, d, AN_QUIET);
		}
	}
}

/* Reads until there is a message to handle; false at the end of input. */
static bool
waitmessage(Server *sv)
{
	while (sv->head == sv->queue.n) {
		sv->queue.n = sv->head = 0; /* all handled: reuse the queue */
		int k = rpc_fill(&sv->in, 0); /* edits already sent come before an analysis */
		if (k == 0) {
			rundue(sv); /* not on a timeout only: a client that never pauses still gets them */
			k = rpc_fill(&sv->in, nextdue(sv));
		}
		if (k == 0)
			continue;
		takemessages(sv);
		while (k > 0 && sv->queue.n < QUEUE_MAX && (k = rpc_fill(&sv->in, 0)) > 0)
			takemessages(sv); /* read ahead what is there, to see cancellations */
		if (k < 0 && sv->head == sv->queue.n)
			return false;
	}
	return true;
}

static void
serverfree(Server *sv)
{
	for (int i = 0; i < sv->docs.n; i++)
		doc_free(sv->docs.v[i]);
	vfree(sv->docs);
	for (int i = sv->head; i < sv->queue.n; i++)
		json_decref(sv->queue.v[i]);
	vfree(sv->queue);
	free(sv->in.in.v);
	for (int k = 0; k < sv->an.dbfiles.n; k++) {
		free(sv->an.dbfiles.v[k]);
		for (int j = 0; j < sv->an.dbflags[k].n; j++)
			free(sv->an.dbflags[k].v[j]);
		vfree(sv->an.dbflags[k]);
	}
	free(sv->an.dbflags);
	vfree(sv->an.dbfiles);
	if (sv->out >= 0)
		close(sv->out);
}

/* Exit status: 0 after shutdown then exit (or end of input after
 * shutdown), 1 otherwise, 2 when it cannot start. */
int
lspserve(Run *r, const Rules *rules)
{
	Server sv = {0};
	sv.an.run = r;
	sv.an.rules = rules;
	sv.onchange = true;
	sv.debounce = 1000;
	if (r->opts.compdb) {
		char *err;
		if (compdb(r->opts.compdb, &sv.an.dbfiles, &sv.an.dbflags, &err)) {
			fprintf(stderr, "cuflow: %s\n", err);
			free(err);
			return 2;
		}
	}
	signal(SIGPIPE, SIG_IGN); /* a client that goes away is a write error, not a signal */
	sv.out = dup(1);
	if (sv.out < 0 || dup2(2, 1) < 0) {
		perror("cuflow: --lsp");
		return 2;
	}
	sv.in.fd = 0;
	logmsg("serving the Language Server Protocol on stdin/stdout");
	while (!sv.exited && !sv.gone && waitmessage(&sv)) {
		json_t *m = sv.queue.v[sv.head++];
		handle(&sv, m);
		json_decref(m);
	}
	int rc = sv.shutdown && !sv.gone ? 0 : 1;
	serverfree(&sv);
	return rc;
}
