/* test_cfg.c: the statement CFG the front end builds (Func.st edges) and
 * the analysed CFG, loops and dominators of cfg.c and loop.c, on real code:
 * if/else, while, do-while, for (with for(;;)), range-for, switch with
 * fallthrough and default, goto, break/continue, early return, and
 * statements written through CHECK-style macros. Statements are found by
 * a marker comment on their line and their kind, never by node number. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "check.h"
#include "fixture.h"

static Fx x;

static const char *src =
	"#include <cstdio>\n"
	"#include <cstdlib>\n"
	"#define CHECK(x) do { if ((x) != cudaSuccess) { printf(\"failed\\n\"); exit(1); } } while (0)\n"
	"#define TRY(x) do { if ((x) != cudaSuccess) return 1; } while (0)\n"
	"int ifelse(int c) {\n"
	"  int x = 0;\n"
	"  if (c) //@if1\n"
	"    x = 1; //@then1\n"
	"  else\n"
	"    x = 2; //@else1\n"
	"  if (c > 1) //@if2\n"
	"    x++; //@then2\n"
	"  return x; //@ret1\n"
	"}\n"
	"int whileloop(int i, int n) {\n"
	"  while (i < n) { //@w\n"
	"    i++; //@wbody\n"
	"  } //@wend\n"
	"  return i; //@wret\n"
	"}\n"
	"int doloop(int i, int n) {\n"
	"  i--; //@dpre\n"
	"  do { //@ddo\n"
	"    i++; //@dbody\n"
	"  } while (i < n); //@dcond\n"
	"  return i; //@dret\n"
	"}\n"
	"int forloop(int n) {\n"
	"  int s = 0;\n"
	"  for (int i = 0; //@finit\n"
	"       i < n;\n"
	"       i++) { //@finc\n"
	"    if (i == 2) //@fif\n"
	"      continue; //@fcont\n"
	"    s += i; //@fbody\n"
	"  }\n"
	"  return s; //@fret\n"
	"}\n"
	"int forever(int n) {\n"
	"  int i = 0;\n"
	"  for (;;) { //@ever\n"
	"    if (i > n) //@evif\n"
	"      break; //@evbrk\n"
	"    i++; //@evinc\n"
	"  }\n"
	"  return i; //@evret\n"
	"}\n"
	"int spin(void) {\n"
	"  int i = 0;\n"
	"  for (;;) //@spin\n"
	"    i++; //@spinbody\n"
	"  return i; //@spinret\n"
	"}\n"
	"int rangefor(void) {\n"
	"  int a[4] = {1, 2, 3, 4}, s = 0;\n"
	"  for (int v : a) //@rf\n"
	"    s += v; //@rfbody\n"
	"  return s; //@rfret\n"
	"}\n"
	"int sw(int c) {\n"
	"  int x = 0;\n"
	"  switch (c) { //@sw\n"
	"  case 1: //@case1\n"
	"    x = 1; //@sa\n"
	"  case 2: //@case2\n"
	"    x = 2; //@sb\n"
	"    break; //@sbrk\n"
	"  default: //@dflt\n"
	"    x = 3; //@sd\n"
	"  } //@swend\n"
	"  switch (c) { //@sw2\n"
	"  case 7: //@case7\n"
	"    x = 7; //@s7\n"
	"  }\n"
	"  return x; //@swret\n"
	"}\n"
	"int jumps(int n) {\n"
	"  int i = 0; //@gdecl\n"
	"again: //@glabel\n"
	"  i++; //@ginc\n"
	"  if (i < n) //@gif\n"
	"    goto again; //@goto\n"
	"  return i; //@gret\n"
	"}\n"
	"int brk(int i, int n) {\n"
	"  int s = 0;\n"
	"  while (i < n) { //@bw\n"
	"    i++; //@binc\n"
	"    if (i == 3) //@bif1\n"
	"      continue; //@bcont\n"
	"    if (i == 5) //@bif2\n"
	"      break; //@bbrk\n"
	"    s += i; //@bbody\n"
	"  }\n"
	"  return s; //@bret\n"
	"}\n"
	"int early(int c) {\n"
	"  if (c < 0) //@eif\n"
	"    return -1; //@eret1\n"
	"  c++; //@einc\n"
	"  return c; //@eret2\n"
	"}\n"
	"int macros(void) {\n"
	"  float *d;\n"
	"  CHECK(cudaMalloc(&d, 4)); //@check\n"
	"  TRY(cudaFree(d)); //@try\n"
	"  return 0; //@mret\n"
	"}\n"
	"int nested(int n) {\n"
	"  int s = 0;\n"
	"  for (int i = 0; i < n; i++) { //@outer\n"
	"    for (int j = 0; j < n; j++) //@inner\n"
	"      s += i * j; //@ibody\n"
	"    s--; //@obody\n"
	"    do { //@ndo\n"
	"      while (s > 100) //@nw\n"
	"        s /= 2; //@nwbody\n"
	"    } while (s > 50); //@ndcond\n"
	"  }\n"
	"  return s; //@nret\n"
	"}\n";

/* the first / last node of that kind on the marker's line */
static int
at(const PFunc *pf, const char *marker, int kind)
{
	return fx_stmt(pf, fx_line(&x, marker), kind);
}

static int
lastat(const PFunc *pf, const char *marker, int kind)
{
	return fx_last(pf, fx_line(&x, marker), kind);
}

static int
nsucc(const PFunc *pf, int n)
{
	return n < 0 ? -1 : pf->f->st.v[n].succ.n;
}

static bool
reachable(const PFunc *pf, int n)
{
	return n >= 0 && pf->dom.order[n] >= 0;
}

static void
ifelse(void)
{
	PFunc *pf = fx_fn(&x, "ifelse");
	int c1 = at(pf, "@if1", ST_COND), t1 = at(pf, "@then1", ST_PLAIN), e1 = at(pf, "@else1", ST_PLAIN);
	int c2 = at(pf, "@if2", ST_COND), t2 = at(pf, "@then2", ST_PLAIN), r = at(pf, "@ret1", ST_RETURN);
	CHECK(c1 >= 0 && t1 >= 0 && e1 >= 0 && c2 >= 0 && t2 >= 0 && r >= 0);
	CHECK(nsucc(pf, c1) == 2 && fx_stedge(pf, c1, t1) && fx_stedge(pf, c1, e1));
	CHECK(fx_stedge(pf, t1, c2) && fx_stedge(pf, e1, c2));
	CHECK(nsucc(pf, c2) == 2 && fx_stedge(pf, c2, t2) && fx_stedge(pf, c2, r)); /* no else: falls past */
	CHECK(fx_stedge(pf, t2, r));
	CHECK(nsucc(pf, r) == 1 && fx_stedge(pf, r, 1));
	CHECK(pf->dom.idom[c2] == c1 && pf->pdom.idom[c1] == c2 && pf->pdom.idom[t1] == c2);
	CHECK(pf->dom.idom[r] == c2 && pf->pdom.idom[c2] == r);
	CHECK(pf->loop[t1] == -1 && pf->loop[r] == -1);
}

static void
whileloop(void)
{
	PFunc *pf = fx_fn(&x, "whileloop");
	int w = at(pf, "@w", ST_COND), body = at(pf, "@wbody", ST_PLAIN), end = at(pf, "@wend", ST_END);
	int r = at(pf, "@wret", ST_RETURN);
	CHECK(w >= 0 && body >= 0 && end >= 0 && r >= 0);
	CHECK(nsucc(pf, w) == 2 && fx_stedge(pf, w, body) && fx_stedge(pf, w, r));
	CHECK(fx_stedge(pf, body, end) && nsucc(pf, end) == 1 && fx_stedge(pf, end, w));
	CHECK(pf->loop[w] == w && pf->loop[body] == w && pf->loop[end] == w);
	CHECK(pf->loop[r] == -1);
	CHECK(pf->dom.idom[r] == w && pf->pdom.idom[body] == end && pf->pdom.idom[end] == w);
}

static void
doloop(void)
{
	PFunc *pf = fx_fn(&x, "doloop");
	int pre = at(pf, "@dpre", ST_PLAIN), head = at(pf, "@ddo", ST_PLAIN), body = at(pf, "@dbody", ST_PLAIN);
	int c = at(pf, "@dcond", ST_COND), r = at(pf, "@dret", ST_RETURN);
	CHECK(pre >= 0 && head >= 0 && body >= 0 && c >= 0 && r >= 0);
	/* a head node at "do" starts the statement; the body runs before the condition */
	CHECK(fx_stedge(pf, pre, head) && fx_stedge(pf, head, body) && !fx_stedge(pf, pre, c));
	CHECK(nsucc(pf, c) == 2 && fx_stedge(pf, c, head) && fx_stedge(pf, c, r));
	CHECK(pf->loop[body] == head && pf->loop[c] == head && pf->loop[pre] == -1 && pf->loop[r] == -1);
	CHECK(dominates(&pf->dom, body, c) && pf->dom.idom[r] == c);
}

static void
forloop(void)
{
	PFunc *pf = fx_fn(&x, "forloop");
	int init = at(pf, "@finit", ST_PLAIN), c = at(pf, "@finit", ST_COND), inc = at(pf, "@finc", ST_PLAIN);
	int fif = at(pf, "@fif", ST_COND), cont = at(pf, "@fcont", ST_CONTINUE), body = at(pf, "@fbody", ST_PLAIN);
	int r = at(pf, "@fret", ST_RETURN);
	CHECK(init >= 0 && c >= 0 && inc >= 0 && fif >= 0 && cont >= 0 && body >= 0 && r >= 0);
	CHECK(init != inc && fx_stedge(pf, init, c) && nsucc(pf, init) == 1);
	CHECK(nsucc(pf, c) == 2 && fx_stedge(pf, c, fif) && fx_stedge(pf, c, r));
	CHECK(nsucc(pf, cont) == 1 && fx_stedge(pf, cont, inc)); /* continue runs the increment */
	CHECK(nsucc(pf, inc) == 1 && fx_stedge(pf, inc, c));
	CHECK(!fx_stedge(pf, body, c));
	CHECK(pf->loop[init] == -1 && pf->loop[c] == c && pf->loop[inc] == c && pf->loop[cont] == c);
	CHECK(pf->loop[body] == c && pf->loop[r] == -1);
	CHECK(pf->pdom.idom[cont] == inc && pf->pdom.idom[fif] == inc);
}

static void
forever(void)
{
	PFunc *pf = fx_fn(&x, "forever");
	int c = at(pf, "@ever", ST_COND), evif = at(pf, "@evif", ST_COND), brk = at(pf, "@evbrk", ST_BREAK);
	int inc = at(pf, "@evinc", ST_PLAIN), r = at(pf, "@evret", ST_RETURN);
	CHECK(c >= 0 && evif >= 0 && brk >= 0 && inc >= 0 && r >= 0);
	CHECK(nsucc(pf, c) == 1 && fx_stedge(pf, c, evif)); /* for (;;) never leaves through its header */
	CHECK(nsucc(pf, brk) == 1 && fx_stedge(pf, brk, r));
	CHECK(pf->f->st.v[r].pred.n == 1);
	CHECK(pf->loop[inc] == c && pf->loop[evif] == c);
	CHECK(pf->loop[brk] == -1); /* a break cannot reach the back edge: not in the natural loop */
	CHECK(pf->dom.idom[r] == brk && pf->pdom.idom[c] == evif);

	pf = fx_fn(&x, "spin");
	c = at(pf, "@spin", ST_COND);
	int body = at(pf, "@spinbody", ST_PLAIN);
	r = at(pf, "@spinret", ST_RETURN);
	CHECK(c >= 0 && body >= 0 && r >= 0);
	CHECK(nsucc(pf, c) == 1 && fx_stedge(pf, c, body) && fx_stedge(pf, body, c));
	CHECK(pf->f->st.v[r].pred.n == 0 && !reachable(pf, r));
	CHECK(pf->pdom.idom[c] == -1 && pf->pdom.idom[body] == -1 && pf->pdom.order[c] == -1); /* never reaches exit */
	CHECK(pf->loop[body] == c);
}

static void
rangefor(void)
{
	PFunc *pf = fx_fn(&x, "rangefor");
	int c = at(pf, "@rf", ST_COND), body = at(pf, "@rfbody", ST_PLAIN), r = at(pf, "@rfret", ST_RETURN);
	CHECK(c >= 0 && body >= 0 && r >= 0);
	CHECK(nsucc(pf, c) == 2 && fx_stedge(pf, c, body) && fx_stedge(pf, c, r));
	CHECK(nsucc(pf, body) == 1 && fx_stedge(pf, body, c));
	CHECK(pf->f->st.v[c].decls.n == 1 && !strcmp(x.u->syms.v[pf->f->st.v[c].decls.v[0]].name, "v"));
	CHECK(pf->loop[body] == c && pf->loop[r] == -1);
}

static void
switches(void)
{
	PFunc *pf = fx_fn(&x, "sw");
	int c = at(pf, "@sw", ST_COND), l1 = at(pf, "@case1", ST_LABEL), a = at(pf, "@sa", ST_PLAIN);
	int l2 = at(pf, "@case2", ST_LABEL), b = at(pf, "@sb", ST_PLAIN), brk = at(pf, "@sbrk", ST_BREAK);
	int ld = at(pf, "@dflt", ST_LABEL), d = at(pf, "@sd", ST_PLAIN), end = at(pf, "@swend", ST_END);
	int c2 = at(pf, "@sw2", ST_COND), l7 = at(pf, "@case7", ST_LABEL), r = at(pf, "@swret", ST_RETURN);
	CHECK(c >= 0 && l1 >= 0 && a >= 0 && l2 >= 0 && b >= 0 && brk >= 0 && ld >= 0 && d >= 0 && end >= 0);
	CHECK(c2 >= 0 && l7 >= 0 && r >= 0);
	/* with a default, the condition goes to the labels only */
	CHECK(nsucc(pf, c) == 3 && fx_stedge(pf, c, l1) && fx_stedge(pf, c, l2) && fx_stedge(pf, c, ld));
	CHECK(fx_stedge(pf, l1, a) && fx_stedge(pf, a, l2)); /* fallthrough */
	CHECK(fx_stedge(pf, l2, b) && fx_stedge(pf, b, brk));
	CHECK(nsucc(pf, brk) == 1 && fx_stedge(pf, brk, c2));
	CHECK(fx_stedge(pf, ld, d) && fx_stedge(pf, d, end) && fx_stedge(pf, end, c2));
	/* without one, it may skip the body */
	CHECK(nsucc(pf, c2) == 2 && fx_stedge(pf, c2, l7) && fx_stedge(pf, c2, r));
	CHECK(pf->dom.idom[l2] == c && pf->pdom.idom[c] == c2 && pf->pdom.idom[a] == l2);
}

static void
jumps(void)
{
	PFunc *pf = fx_fn(&x, "jumps");
	int decl = at(pf, "@gdecl", ST_PLAIN), lab = at(pf, "@glabel", ST_LABEL), inc = at(pf, "@ginc", ST_PLAIN);
	int c = at(pf, "@gif", ST_COND), g = at(pf, "@goto", ST_GOTO), r = at(pf, "@gret", ST_RETURN);
	CHECK(decl >= 0 && lab >= 0 && inc >= 0 && c >= 0 && g >= 0 && r >= 0);
	CHECK(pf->f->flags & FNF_GOTO);
	CHECK(pf->f->st.v[lab].label && !strcmp(pf->f->st.v[lab].label, "again"));
	CHECK(pf->f->st.v[g].label && !strcmp(pf->f->st.v[g].label, "again"));
	CHECK(nsucc(pf, g) == 1 && fx_stedge(pf, g, lab));
	CHECK(fx_stedge(pf, decl, lab) && fx_stedge(pf, lab, inc));
	CHECK(pf->loop[inc] == lab && pf->loop[g] == lab && pf->loop[r] == -1 && pf->loop[decl] == -1);
	CHECK(pf->dom.idom[r] == c);
}

static void
breakcontinue(void)
{
	PFunc *pf = fx_fn(&x, "brk");
	int w = at(pf, "@bw", ST_COND), cont = at(pf, "@bcont", ST_CONTINUE), brk = at(pf, "@bbrk", ST_BREAK);
	int body = at(pf, "@bbody", ST_PLAIN), r = at(pf, "@bret", ST_RETURN), c2 = at(pf, "@bif2", ST_COND);
	CHECK(w >= 0 && cont >= 0 && brk >= 0 && body >= 0 && r >= 0 && c2 >= 0);
	CHECK(nsucc(pf, cont) == 1 && fx_stedge(pf, cont, w));
	CHECK(nsucc(pf, brk) == 1 && fx_stedge(pf, brk, r));
	CHECK(nsucc(pf, w) == 2 && fx_stedge(pf, w, r));
	CHECK(!dominates(&pf->dom, c2, r) && dominates(&pf->dom, w, r));
	CHECK(pf->loop[cont] == w && pf->loop[body] == w && pf->loop[brk] == -1);
}

static void
early(void)
{
	PFunc *pf = fx_fn(&x, "early");
	int c = at(pf, "@eif", ST_COND), r1 = at(pf, "@eret1", ST_RETURN), inc = at(pf, "@einc", ST_PLAIN);
	int r2 = at(pf, "@eret2", ST_RETURN);
	CHECK(c >= 0 && r1 >= 0 && inc >= 0 && r2 >= 0);
	CHECK(nsucc(pf, r1) == 1 && fx_stedge(pf, r1, 1) && !fx_stedge(pf, r1, inc));
	CHECK(fx_stedge(pf, c, inc) && fx_stedge(pf, inc, r2));
	CHECK(pf->pdom.idom[c] == 1 && pf->pdom.idom[inc] == r2 && pf->dom.idom[1] == c);
	CHECK(!dominates(&pf->pdom, r2, c));
}

static void
macros(void)
{
	PFunc *pf = fx_fn(&x, "macros");
	int line = fx_line(&x, "@check"), n = at(pf, "@check", ST_PLAIN);
	int t = at(pf, "@try", ST_PLAIN), r = at(pf, "@mret", ST_RETURN);
	CHECK(n >= 0 && t >= 0 && r >= 0);
	int count = 0;
	for (int v = 0; v < pf->f->st.n; v++)
		count += pf->f->st.v[v].line == line;
	CHECK(count == 1); /* the do/if/block inside the macro is one node */
	CHECK(pf->f->st.v[n].flags & SF_MACRO);
	CHECK(pf->f->st.v[n].ncall == 3); /* cudaMalloc, printf, exit */
	CHECK(nsucc(pf, n) == 1 && fx_stedge(pf, n, t)); /* the front end's edge */
	CHECK(pf->st[n].ex & EX_EXIT);
	CHECK(fx_edge(pf, n, 1) && fx_edge(pf, n, t)); /* exit() adds an edge to exit */
	CHECK(pf->pdom.idom[n] == 1 && pf->dom.idom[t] == n);
	/* a return inside a macro: a jump out of the one node */
	CHECK((pf->f->st.v[t].flags & (SF_MACRO | SF_JUMP)) == (SF_MACRO | SF_JUMP));
	CHECK(fx_stedge(pf, t, 1) && fx_stedge(pf, t, r));
	CHECK(!(pf->st[t].ex & EX_EXIT));
}

static void
nested(void)
{
	PFunc *pf = fx_fn(&x, "nested");
	int oc = at(pf, "@outer", ST_COND), oinit = at(pf, "@outer", ST_PLAIN), oinc = lastat(pf, "@outer", ST_PLAIN);
	int ic = at(pf, "@inner", ST_COND), iinit = at(pf, "@inner", ST_PLAIN), iinc = lastat(pf, "@inner", ST_PLAIN);
	int ib = at(pf, "@ibody", ST_PLAIN), ob = at(pf, "@obody", ST_PLAIN), nw = at(pf, "@nw", ST_COND);
	int nwb = at(pf, "@nwbody", ST_PLAIN), dc = at(pf, "@ndcond", ST_COND), r = at(pf, "@nret", ST_RETURN);
	CHECK(oc >= 0 && oinit >= 0 && oinc >= 0 && ic >= 0 && iinit >= 0 && iinc >= 0 && ib >= 0 && ob >= 0);
	CHECK(nw >= 0 && nwb >= 0 && dc >= 0 && r >= 0 && oinit != oinc && iinit != iinc);
	CHECK(pf->loop[oinit] == -1 && pf->loop[r] == -1);
	CHECK(pf->loop[oc] == oc && pf->loop[oinc] == oc && pf->loop[ob] == oc);
	CHECK(pf->loop[iinit] == oc); /* the inner loop's init runs once per outer iteration */
	CHECK(pf->loop[ic] == ic && pf->loop[ib] == ic && pf->loop[iinc] == ic);
	CHECK(pf->loop[nw] == nw && pf->loop[nwb] == nw);
	/* the do-while's back edge goes to its head at "do", the header of its loop */
	int dh = at(pf, "@ndo", ST_PLAIN);
	CHECK(dh >= 0 && fx_stedge(pf, dc, dh) && pf->loop[dc] == dh && fx_stedge(pf, dh, nw));
	CHECK(dominates(&pf->dom, oc, ib) && dominates(&pf->dom, ic, ib));
	CHECK(dominates(&pf->dom, ib, iinc) && !dominates(&pf->dom, ib, ob));
}

int
main(void)
{
	if (!fx_load(&x, src))
		return 1;
	ifelse();
	whileloop();
	doloop();
	forloop();
	forever();
	rangefor();
	switches();
	jumps();
	breakcontinue();
	early();
	macros();
	nested();
	fx_free(&x);
	rules_free(fx_rules());
	return CHECK_DONE();
}
