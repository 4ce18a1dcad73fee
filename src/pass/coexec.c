/* coexec.c: the GPU's side of --lower=coexec, one kernel run on the CPU and
 * the GPU at once (SKMD: Lee, Samadi, Park and Mahlke, "Transparent CPU-GPU
 * collaboration for data-parallel kernels on heterogeneous systems", PACT
 * 2013). For each kernel both devices can share, beside its definition: a
 * partition-ready copy that runs only the blocks of a range of the
 * flattened grid and leaves the others at once (the paper's Fig. 4: every
 * block keeps its own blockIdx and gridDim, so __device__ helpers reading
 * them stay right), and a launcher that hands one launch to the runtime
 * (runtime/coexec/cuflow_coexec.h), which splits it, runs the CPU's share
 * through the lowering's block function (cuflow_cpu_NAME, kernel.c) and
 * merges the two. Each launch of such a kernel calls the launcher instead.
 *
 * A kernel stays on the GPU alone, with the reason in the plan, when its
 * blocks may see one another's work or the clock (atomics on memory beyond
 * the block, fences, grid syncs: KSum.solo, from rules/device.rules), it
 * prints or asserts, it calls code cuflow cannot see, it uses memory its
 * pointer arguments do not reach (device globals: the CPU's copy would be
 * its own), or the CPU cannot run its blocks on copies of that memory
 * (the lowering's fact: pointers inside it, a template). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "analysis/analysis.h"

static bool
isid(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static int
skipblank(const char *s, int at, int end)
{
	while (at < end && (s[at] == ' ' || s[at] == '\t' || s[at] == '\n' || s[at] == '\r'))
		at++;
	return at;
}

/* at past blanks and comments, up to end */
static int
skipspace(const char *s, int at, int end)
{
	for (;;) {
		at = skipblank(s, at, end);
		if (at + 1 < end && s[at] == '/' && s[at + 1] == '/')
			while (at < end && s[at] != '\n')
				at++;
		else if (at + 1 < end && s[at] == '/' && s[at + 1] == '*') {
			const char *c = strstr(s + at + 2, "*/");
			at = c && c + 2 - s <= end ? (int)(c + 2 - s) : end;
		} else
			return at;
	}
}

/* Where name is written as a whole word in s[b, e) followed by '(' , or -1. */
static int
namedparen(const char *s, int b, int e, const char *name)
{
	size_t n = strlen(name);
	for (int i = b; i + (int)n <= e; i++)
		if (!strncmp(s + i, name, n) && (i == b || !isid(s[i - 1])) && !isid(s[i + n]) &&
		    skipblank(s, i + (int)n, e) < e && s[skipblank(s, i + (int)n, e)] == '(')
			return i;
	return -1;
}

/* The end of the launch configuration that starts past "<<<" at, the
 * offset of its ">>>", or -1. */
static int
configend(const char *s, int at, int end)
{
	for (int i = at, depth = 0; i + 2 < end; i++) {
		char c = s[i];
		if (c == '"' || c == '\'')
			return -1; /* no literal belongs in a launch configuration cuflow rewrites */
		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if (c == ')' || c == ']' || c == '}')
			depth--;
		else if (depth == 0 && !strncmp(s + i, ">>>", 3))
			return i;
	}
	return -1;
}

/* The configuration's arguments, split at commas outside brackets. */
static int
configparts(const char *s, int b, int e, char **part, int max)
{
	int n = 0, from = b;
	for (int i = b, depth = 0; i <= e; i++) {
		char c = i < e ? s[i] : ',';
		if (c == '(' || c == '[' || c == '{' || c == '<')
			depth++;
		else if (c == ')' || c == ']' || c == '}' || c == '>')
			depth--;
		else if (c == ',' && depth <= 0) {
			if (n == max)
				return -1;
			int x = skipblank(s, from, i), y = i;
			while (y > x && (s[y - 1] == ' ' || s[y - 1] == '\t' || s[y - 1] == '\n'))
				y--;
			part[n++] = xstrndup(s + x, (size_t)(y - x));
			from = i + 1;
		}
	}
	return n;
}

/* The arguments written in [b, e): top-level commas, plus one. */
static int
countargs(const char *s, int b, int e)
{
	int n = 1, depth = 0;
	for (int i = b; i < e; i++)
		if (s[i] == '(' || s[i] == '[' || s[i] == '{')
			depth++;
		else if (s[i] == ')' || s[i] == ']' || s[i] == '}')
			depth--;
		else if (s[i] == ',' && !depth)
			n++;
		else if (s[i] == '"' || s[i] == '\'')
			for (char q = s[i++]; i < e && s[i] != q; i++)
				i += s[i] == '\\';
	return n;
}

/* k<<<g, b[, s[, st]]>>>(args)  ->  cuflow_coexec_k(g, b, s, st, args): the
 * edit, or why the launch is left as it is (nparams: the kernel's). */
static const char *
launchedit(const Unit *u, const Func *f, const Call *c, const char *name, int defend, int nparams, Edits *e)
{
	const char *s = u->src;
	int n = (int)strlen(name), end = c->end;
	if (c->off < defend)
		return "it comes before the kernel's definition";
	if (!f->inmain || c->off < 0 || end > (int)u->len || strncmp(s + c->off, name, (size_t)n) || isid(s[c->off + n]))
		return "it is written through a macro or a name cuflow cannot rewrite";
	int lt = skipblank(s, c->off + n, end);
	if (strncmp(s + lt, "<<<", 3))
		return "it is written through a macro or a name cuflow cannot rewrite";
	int gt = configend(s, lt + 3, end);
	int paren = gt < 0 ? -1 : skipblank(s, gt + 3, end);
	if (gt < 0 || paren >= end || s[paren] != '(')
		return "its launch configuration is written through a macro";
	char *part[4] = {0};
	int np = configparts(s, lt + 3, gt, part, 4);
	if (np < 2) {
		for (int i = 0; i < 4; i++)
			free(part[i]);
		return "its launch configuration is written through a macro";
	}
	if (s[end - 1] != ')')
		return "it is written through a macro or a name cuflow cannot rewrite";
	bool args = skipspace(s, paren + 1, end - 1) < end - 1; /* the arguments may hold comments */
	if ((args ? countargs(s, paren + 1, end - 1) : 0) != nparams) {
		for (int i = 0; i < 4; i++)
			free(part[i]);
		return "it leaves arguments to their defaults (the launcher takes them all)";
	}
	addedit(e, c->off, paren + 1 - c->off,
	        fmt("cuflow_coexec_%s(%s, %s, %s, %s%s", name, part[0], part[1], np > 2 ? part[2] : "0",
	            np > 3 ? part[3] : "0", args ? ", " : ""));
	for (int i = 0; i < 4; i++)
		free(part[i]);
	return NULL;
}

/* The kernel's parameter list's text (without parentheses) and where its
 * name is, in text (its file's); false when cuflow cannot find them. */
static bool
paramtext(const char *text, const Func *f, const char *name, int body, int *at, char **params)
{
	*at = namedparen(text, f->begin, body, name);
	if (*at < 0)
		return false;
	int open = skipblank(text, *at + (int)strlen(name), body), close = closeparen(text, open, body);
	if (close < 0)
		return false;
	int b = skipblank(text, open + 1, close - 1), e = close - 1;
	while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t' || text[e - 1] == '\n'))
		e--;
	*params = xstrndup(text + b, (size_t)(e - b));
	if (!strcmp(*params, "void"))
		(*params)[0] = 0;
	return true;
}

static const List *
bodyof(const Func *f)
{
	for (int i = 0; i < f->lists.n; i++)
		if (f->lists.v[i].owner == -1)
			return &f->lists.v[i];
	return NULL;
}

/* Why kernel pf stays on the GPU alone, or NULL (*fact: the lowering's).
 * incl: for a kernel defined in a header, where the main file's #include of
 * it ends (-1: none). */
static char *
gpuonly(const Prog *p, const PFunc *pf, const char *name, int incl, const CxFacts *facts, const CxFact **factp)
{
	const Func *f = pf->f;
	const KSum *ks = &pf->ks;
	if (f->flags & FNF_TEMPLATE)
		return xstrdup("a kernel template: co-execution takes kernels of one form");
	if (!f->inmain && incl < 0)
		return xstrdup("it is defined in a header the main file does not include itself (#include \"...\", outside #if)");
	const char *qual = pf->u->syms.v[f->sym].qualname;
	if (!f->inmain && qual && strstr(qual, "::"))
		return fmt("it is defined in a header, as %s: the launcher beside the #include could not name it", qual);
	const CxFact *fact = NULL;
	int same = 0;
	for (int i = 0; i < facts->n; i++)
		if (!strcmp(facts->v[i].name, name)) {
			fact = &facts->v[i];
			same++;
		}
	*factp = fact;
	if (same > 1)
		return xstrdup("two kernels have its name");
	if (!fact)
		return xstrdup("the lowering made no CPU form of it");
	if (fact->why)
		return xstrdup(fact->why);
	if (ks->unknown)
		return fmt("it calls %s, code cuflow cannot see into", ks->why ? ks->why : "something");
	if (ks->solo)
		return fmt("it calls %s: blocks on the CPU and on the GPU would not see one another's work", ks->solo);
	if (ks->io)
		return xstrdup("it prints, asserts or traps: that output comes from one device, in its order");
	for (int pass = 0; pass < 2; pass++) {
		const Bits *g = pass ? &ks->gwr : &ks->grd;
		for (int l = bnext(g, 0); l >= 0; l = bnext(g, l + 1)) {
			const Loc *x = &p->locs.v[l];
			if (x->kind == L_HEAP && x->fn >= 0 && p->fns.v[x->fn].f->kind != FN_HOST)
				continue; /* a temporary or device heap object of the kernel's own code: each block's own */
			if (x->kind == L_VAR && x->space == SP_DEVICE)
				continue; /* __shared__ memory: each block's own */
			return fmt("it %s %s, memory its pointer arguments do not reach: the CPU's part would have its own copy",
			           pass ? "writes" : "reads", x->name ? x->name : "memory cuflow cannot name");
		}
	}
	if (f->params.n > 32)
		return xstrdup("it has more than 32 parameters");
	for (int i = 0; i < f->params.n; i++) /* with forms, the runtime splits where each block's elements are its own */
		if ((ks->prd & ks->pwr & ~fact->formed) >> i & 1)
			return fmt("it reads and writes memory through %s, in a way cuflow cannot bound per block: a block "
			           "on one device could read what a block on the other writes",
			           pf->u->syms.v[f->params.v[i]].name);
	for (int i = 0; i < f->params.n; i++)
		if (!*pf->u->syms.v[f->params.v[i]].name)
			return xstrdup("a parameter without a name");
	return NULL;
}

/* params for the host launcher: without __grid_constant__, which only a
 * kernel's parameter may carry. */
static char *
hostparams(const char *params)
{
	static const char word[] = "__grid_constant__";
	char *t = xstrdup(params), *w = t;
	while ((w = strstr(w, word))) {
		size_t n = sizeof word - 1;
		bool alone = (w == t || !(isalnum((unsigned char)w[-1]) || w[-1] == '_')) &&
		             !(isalnum((unsigned char)w[n]) || w[n] == '_');
		if (!alone) {
			w += n;
			continue;
		}
		while (w[n] == ' ' || w[n] == '\t')
			n++;
		memmove(w, w + n, strlen(w + n) + 1);
	}
	return t;
}

/* The partition-ready copy and the launcher, after the definition. */
static void
glue(const Unit *u, const char *s, const PFunc *pf, const char *name, int at, const char *params, const List *body,
     const char *forms, Buf *o)
{
	const Func *f = pf->f;
	Buf head = {0}, args = {0}, av = {0}, use = {0};
	bputn(&head, s + f->begin, (size_t)(at - f->begin));
	for (int i = 0; i < f->params.n; i++) {
		const char *pn = u->syms.v[f->params.v[i]].name;
		bprintf(&args, "%s%s", i ? ", " : "", pn);
		bprintf(&av, "(void *)&%s, ", pn);
		bprintf(&use, "%u, ", (unsigned)((pf->ks.prd >> i & 1) | (pf->ks.pwr >> i & 1) << 1));
	}
	bool isstatic = strstr(bstr(&head), "static") != NULL;
	const char *sep = *params ? ", " : "";
	bprintf(o, "\n\n/* cuflow --lower=coexec: %s as SKMD's partition-ready kernel: the blocks of the flattened grid "
	           "in [lo, hi) run, the others leave at once (doc/coexec.md) */\n",
	        name);
	bprintf(o, "%s%scuflow_part_%s(unsigned long long cuflow_lo, unsigned long long cuflow_hi%s%s)\n{\n"
	           "\tif (cuflowCxOutside(cuflow_lo, cuflow_hi))\n\t\treturn;\n\t",
	        isstatic ? "" : "static ", bstr(&head), name, sep, params);
	bputn(o, s + body->begin, (size_t)(body->end + 1 - body->begin));
	bprintf(o, "\n}\n\nextern \"C\" void cuflow_cpu_%s(void **, const unsigned *, size_t, long long, long long);\n\n",
	        name);
	char *hp = hostparams(params);
	bprintf(o, "/* a launch of %s: blocks [0, k) on the GPU, [k, N) on the CPU (cuflow_coexec.h chooses k) */\n"
	           "static void\ncuflow_coexec_%s(dim3 cuflow_g, dim3 cuflow_b, size_t cuflow_s, cudaStream_t cuflow_st%s%s)\n{\n",
	        name, name, sep, hp);
	free(hp);
	bprintf(o, "\tvoid *cuflow_av[] = {%snullptr};\n"
	           "\tstatic const unsigned char cuflow_use[] = {%s0}; /* 1: read through, 2: written through */\n"
	           "\tstatic cuflow_cx_kernel cuflow_k = {\"%s\", %d, cuflow_use, cuflow_cpu_%s, {}};\n"
	           "\t/* the elements each block touches (doc/coexec.md) */\n"
	           "\tconst cuflow_cx_form cuflow_f[] = {%s{-1, 0, {0, 0, 0}, 0, 0}};\n"
	           "\tcuflowCxLaunch(&cuflow_k, cuflow_g, cuflow_b, cuflow_s, cuflow_st, cuflow_av, cuflow_f,\n"
	           "\t               [&](unsigned long long cuflow_lo, unsigned long long cuflow_hi) {\n"
	           "\t\tif (cuflow_lo == 0 && cuflow_hi == (unsigned long long)cuflow_g.x * cuflow_g.y * cuflow_g.z)\n"
	           "\t\t\t%s<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(%s);\n"
	           "\t\telse\n"
	           "\t\t\tcuflow_part_%s<<<cuflow_g, cuflow_b, cuflow_s, cuflow_st>>>(cuflow_lo, cuflow_hi%s%s);\n"
	           "\t});\n}",
	        bstr(&av), bstr(&use), name, f->params.n, name, forms ? forms : "", name, bstr(&args), name,
	        f->params.n ? ", " : "", bstr(&args));
	free(head.v);
	free(args.v);
	free(av.v);
	free(use.v);
}

/* Where the main file's own #include "..." of header ends (the line's end),
 * or -1: a kernel defined there gets its glue at that point, where its
 * definition is in scope and before the main file's launches of it. Only an
 * #include outside #if groups: one in a group may be the configuration the
 * parse left out. */
static int
includedat(const Unit *u, const char *header)
{
	char *want = realpath(header, NULL), *dir = xstrdup(u->path);
	char *slash = strrchr(dir, '/');
	if (slash)
		slash[1] = 0;
	else
		dir[0] = 0;
	int at = -1, depth = 0;
	for (int i = 0; want && i < u->directives.n && at < 0; i++) {
		int d = u->directives.v[i], n, e = directiveend(u, d);
		const char *w = directiveword(u, d, &n);
		if (w && n >= 2 && !strncmp(w, "if", 2))
			depth++;
		else if (w && n == 5 && !strncmp(w, "endif", 5))
			depth--;
		if (!w || n != 7 || strncmp(w, "include", 7) || depth > 0)
			continue;
		const char *q = memchr(w, '"', (size_t)(u->src + e - w)), *r = q ? memchr(q + 1, '"', (size_t)(u->src + e - q - 1)) : NULL;
		if (!r)
			continue;
		char *path = fmt("%s%.*s", dir, (int)(r - q - 1), q + 1), *real = realpath(path, NULL);
		if (real && !strcmp(real, want))
			at = e;
		free(real);
		free(path);
	}
	free(want);
	free(dir);
	return at;
}

/* Is there an #undef in text [from, end) (a header's macros undone after
 * its kernel, HeCBench's kernels.h)? */
static bool
undefsafter(const char *text, int from, int end)
{
	for (int at = from; at < end; at++)
		if (text[at] == '#' && (at == 0 || text[at - 1] == '\n' || text[at - 1] == ' ' || text[at - 1] == '\t')) {
			int w = skipblank(text, at + 1, end);
			if (w + 5 <= end && !strncmp(text + w, "undef", 5) && !isid(text[w + 5]))
				return true;
		}
	return false;
}

/* One kernel: the decision, and when it is to share, its launches' edits
 * and the glue. */
static void
coexeckernel(const Prog *p, const PFunc *pf, const CxFacts *facts, CxPlan *plan)
{
	const Unit *u = pf->u;
	const Func *f = pf->f;
	const Sym *ksym = &u->syms.v[f->sym];
	const CxFact *fact = NULL;
	int incl = f->inmain || !f->file ? -1 : includedat(u, f->file);
	CxKernel k = {u, ksym->name, f->file ? relpath(f->file) : u->path, f->line,
	              gpuonly(p, pf, ksym->name, incl, facts, &fact), NULL, 0, {0}};
	for (int i = 0; i < f->params.n && !k.why && !k.inplace; i++)
		if ((pf->ks.prd & pf->ks.pwr) >> i & 1)
			k.inplace = u->syms.v[f->params.v[i]].name;
	const List *body = bodyof(f);
	int at = -1;
	char *params = NULL, *header = NULL; /* a header kernel's text: its file's */
	size_t hlen = 0;
	if (!k.why && !f->inmain && !(header = readfile(f->file, &hlen, NULL)))
		k.why = fmt("cuflow cannot read %s again", k.file);
	const char *text = header ? header : u->src;
	size_t tlen = header ? hlen : u->len;
	if (!k.why && (!body || body->end >= (int)tlen || !paramtext(text, f, ksym->name, body->begin, &at, &params)))
		k.why = xstrdup("cuflow cannot find its parameter list or body in the text");
	if (!k.why && !strncmp(text + f->begin, "extern", 6))
		k.why = xstrdup("it is declared extern");
	if (!k.why && header && undefsafter(header, f->end, (int)hlen))
		k.why = fmt("%s #undefs macros after it: its partition-ready copy, at the #include, might not see them", k.file);
	int place = f->inmain ? f->end : incl; /* the glue: after the definition, or the header's #include */
	Edits launches = {0};
	for (int g = 0; g < p->fns.n && !k.why; g++) {
		const PFunc *host = &p->fns.v[g];
		if (host->u != u || host->f->kind == FN_KERNEL || host->f->kind == FN_DEVICE)
			continue;
		int ui = unitidx(p, u);
		for (int c = 0; c < host->f->calls.n; c++) {
			const Call *call = &host->f->calls.v[c];
			if (call->kind != C_LAUNCH || call->kernel < 0 || p->symlink[ui].v[call->kernel] != pf->id)
				continue;
			const char *why = launchedit(u, host->f, call, ksym->name, place, f->params.n, &launches);
			if (why) {
				CxSite site = {call->line, why};
				vpush(k.left, site);
			} else
				k.nlaunch++;
		}
	}
	if (!k.why && !k.nlaunch)
		k.why = k.left.n ? fmt("none of its launches can be rewritten (line %d: %s)", k.left.v[0].line, k.left.v[0].why)
		                 : xstrdup("no <<<...>>> launches it (cudaLaunchKernel or a launch through a pointer runs it on the GPU alone)");
	if (!k.why) {
		for (int i = 0; i < launches.n; i++)
			vpush(plan->edits, launches.v[i]);
		launches.n = 0;
		Buf o = {0};
		glue(u, text, pf, ksym->name, at, params, body, fact ? fact->forms : NULL, &o);
		addedit(&plan->edits, place, 0, bstr(&o));
	}
	freeedits(&launches);
	free(params);
	free(header);
	vpush(plan->k, k);
}

/* ---------------------------------------------------------------- lazy mode */

/* The copies the runtime takes over in lazy mode (cuflow_coexec.h). */
static const char *const taken[] = {"cudaMemcpy", "cudaMemcpyAsync", "cudaMemset", "cudaMemsetAsync", "cudaFree", NULL};

/* Does call c of host function pf reach device memory other than through
 * a copy the runtime takes over or a function whose body cuflow sees (its
 * own calls answer for it)? A plain launch, a library or unknown call, a
 * copy of another kind, a device-side rule reading or writing through a
 * pointer (cudaMemPrefetchAsync). */
static bool
reachesdevice(const Prog *p, const PFunc *pf, const Call *c)
{
	if (c->kind == C_LAUNCH || c->kind == C_INDIRECT || c->kind == C_DEPENDENT)
		return true;
	if (c->kind == C_DEFAULTED || calledfn(p, unitidx(p, pf->u), c) >= 0)
		return false;
	const Rule *r = callrule(p, pf, c);
	if (!r || r->kind == RK_UNKNOWN)
		return true;
	for (int i = 0; taken[i]; i++)
		if (!strcmp(c->name, taken[i]))
			return false;
	if (r->kind == RK_COPY || r->kind == RK_MEMSET || r->kind == RK_LAUNCH)
		return true;
	if (r->kind != RK_DEVICE)
		return false;
	for (int i = 0; i < r->neff; i++)
		if ((r->eff[i].what == EF_READ || r->eff[i].what == EF_WRITE) && r->eff[i].deref >= AD_PTR)
			return true;
	return false;
}

/* Lazy mode, or why not: each host call that reaches device memory another
 * way gets cuflowCxPlain() before it (every allocation current on the
 * device, the mirrors stale), which needs its text in the file. */
static void
lazymode(Prog *p, CxPlan *plan)
{
	Edits e = {0};
	const Unit *u = p->units[0];
	for (int g = 0; g < p->fns.n && !plan->eager; g++) {
		const PFunc *pf = &p->fns.v[g];
		const Func *f = pf->f;
		if (pf->u != u || f->kind == FN_KERNEL || f->kind == FN_DEVICE)
			continue;
		for (int c = 0; c < f->calls.n && !plan->eager; c++) {
			const Call *call = &f->calls.v[c];
			bool rewritten = false; /* a launch of a kernel the runtime splits */
			for (int i = 0; i < plan->edits.n && call->kind == C_LAUNCH; i++)
				rewritten |= plan->edits.v[i].off == call->off && plan->edits.v[i].len > 0;
			if (rewritten)
				continue;
			const Rule *r = callrule(p, pf, call);
			if (r && (r->flags & RF_CONTEXT)) { /* cudaDeviceReset: every allocation gone at once */
				plan->eager = call->name;
				plan->eagerline = call->line;
				break;
			}
			if (!reachesdevice(p, pf, call))
				continue;
			int st = callnode(f, c);
			if (!f->inmain || st < 0 || (f->st.v[st].flags & SF_MACRO) || call->off < 0 || call->end > (int)u->len ||
			    u->src[call->end - 1] != ')') {
				plan->eager = call->name ? call->name : "a call";
				plan->eagerline = call->line;
				break;
			}
			addedit(&e, call->off, 0, xstrdup("(cuflowCxPlain(), "));
			addedit(&e, call->end, 0, xstrdup(")"));
			plan->flushes++;
		}
	}
	if (plan->eager) {
		freeedits(&e);
		return;
	}
	for (int i = 0; i < e.n; i++)
		vpush(plan->edits, e.v[i]);
	e.n = 0;
	freeedits(&e);
}

void
coexecsplit(Prog *p, const CxFacts *facts, CxPlan *plan)
{
	for (int i = 0; i < p->fns.n; i++)
		if (p->fns.v[i].f->kind == FN_KERNEL && p->fns.v[i].u == p->units[0])
			coexeckernel(p, &p->fns.v[i], facts, plan);
	bool any = false;
	for (int i = 0; i < plan->k.n; i++)
		any |= !plan->k.v[i].why;
	if (!any)
		return;
	lazymode(p, plan);
	addedit(&plan->edits, 0, 0,
	        xstrdup(plan->eager ? "#include \"cuflow_coexec.h\" /* cuflow --lower=coexec */\n"
	                            : "#define CUFLOW_CX_LAZY 1 /* the program's copies go through the runtime */\n"
	                              "#include \"cuflow_coexec.h\" /* cuflow --lower=coexec */\n"));
}
