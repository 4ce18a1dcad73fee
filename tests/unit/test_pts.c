/* test_pts.c: the points-to analysis (src/analysis/pts.c) on a host
 * program: pointer copies and arithmetic, &x, struct fields (one object per
 * struct), references and reference parameters, std::vector::data() through
 * the rules, heap sites of cudaMalloc / cudaMallocManaged / malloc with
 * their memory spaces, integer-to-pointer casts, unknown external functions,
 * memcpy of an array of pointers, file-scope initialisers, and which
 * locations unknown code could reach. Each check compares a computed
 * points-to set with the set it must be exactly. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "check.h"
#include "fixture.h"

static Fx x;
#define setis(...) fx_setis(&x, __VA_ARGS__)

static const char *src =
	"#include <cstdlib>\n"
	"#include <cstring>\n"
	"#include <vector>\n"
	"struct S { float *p; float *q; int n; };\n"
	"extern void fill(float **out);\n"
	"extern float *make(void);\n"
	"float *gp;\n"
	"float gbuf[4];\n"
	"float *gp2 = gbuf;\n"
	"void setp(float *&out, float *v) { out = v; }\n"
	"int main() {\n"
	"  float a[8];\n"
	"  float *p = a;\n"
	"  float *q = p;\n"
	"  float *r = q + 2;\n"
	"  float *e3 = &a[3];\n"
	"  *r = 5.0f; //@store\n"
	"  float x = 1;\n"
	"  float *px = &x;\n"
	"  S s;\n"
	"  s.p = px;\n"
	"  s.q = a;\n"
	"  float *fp = s.p;\n"
	"  float &ref = x;\n"
	"  float *viaref = &ref;\n"
	"  float *q2 = 0;\n"
	"  setp(q2, a);\n"
	"  std::vector<float> v(4);\n"
	"  float *vd = v.data();\n"
	"  float *d;\n"
	"  cudaMalloc(&d, 32);\n"
	"  float *d2, *d3;\n"
	"  cudaMalloc(&d2, 32);\n"
	"  cudaMalloc((void **)&d3, 32); //@dev3\n"
	"  float *m;\n"
	"  cudaMallocManaged(&m, 32);\n"
	"  float *h = (float *)malloc(32); //@host\n"
	"  float *bad = (float *)(size_t)12345;\n"
	"  long addr = 77;\n"
	"  float *bad2 = (float *)addr;\n"
	"  float *nul = (float *)0;\n"
	"  float *src[2] = {a, px};\n"
	"  float *dst[2];\n"
	"  memcpy(dst, src, sizeof src); //@memcpy\n"
	"  float *slot = h;\n"
	"  fill(&slot);\n"
	"  float *made = make();\n"
	"  int local = 3;\n"
	"  return (int)(*p + *q + *e3 + *fp + *viaref + *q2 + *vd + *d + *d2 + *d3 + *m + *bad + *bad2 +\n"
	"               *nul + *dst[0] + *slot + *made + local + *gp + *gp2);\n"
	"}\n";

/* the location of main's variable */
static int
var(const char *name)
{
	return fx_var(&x, "main", name);
}

/* what location l may point to (nothing for a location not found) */
static const Bits *
pts(int l)
{
	static const Bits none;
	return l < 0 ? &none : &x.p->pts[l];
}

static void
copies(void)
{
	int a = var("a"), xl = var("x");
	CHECK(a > 0 && xl > 0 && a != xl);
	CHECK(setis(pts(var("p")), a, -2));
	CHECK(setis(pts(var("q")), a, -2)); /* q = p */
	CHECK(setis(pts(var("r")), a, -2)); /* q + 2 */
	CHECK(setis(pts(var("e3")), a, -2)); /* &a[3] */
	CHECK(setis(pts(var("px")), xl, -2));
	CHECK(var("nul") > 0 && bempty(pts(var("nul")))); /* (float *)0 */
	/* the store *r = 5 writes a, found through addrs() of its lvalue */
	PFunc *pf = fx_fn(&x, "main");
	int n = fx_stmt(pf, fx_line(&x, "//@store"), ST_PLAIN), writes = 0;
	for (int i = n < 0 ? 0 : pf->f->st.v[n].op0; n >= 0 && i < pf->f->st.v[n].op0 + pf->f->st.v[n].nop; i++)
		if (pf->f->ops.v[i].kind == O_WRITE) {
			writes++;
			CHECK(setis(addrs(x.p, pf, pf->f->ops.v[i].a), a, -2));
		}
	CHECK(writes == 1);
}

static void
fields(void)
{
	int a = var("a"), xl = var("x");
	int sl = var("s");
	/* s.p = &x, s.q = a: one object; s.p reads both */
	CHECK(fx_has(pts(sl), a) && fx_has(pts(sl), xl) && fx_has(pts(var("fp")), a) && fx_has(pts(var("fp")), xl));
	CHECK(setis(pts(sl), a, xl, -2));
	CHECK(setis(pts(var("fp")), a, xl, -2));
}

static void
references(void)
{
	int xl = var("x"), a = var("a");
	CHECK(setis(pts(var("ref")), xl, -2)); /* a reference holds its referent's address */
	CHECK(setis(pts(var("viaref")), xl, -2));
	CHECK(setis(pts(var("q2")), a, -2)); /* setp(q2, a) through float *&out */
	CHECK(setis(pts(fx_var(&x, "setp", "out")), var("q2"), -2));
	CHECK(x.p->locs.v[xl].flags & SYMF_ADDRTAKEN);
}

static void
containers(void)
{
	CHECK(setis(pts(var("vd")), var("v"), -2)); /* data() returns into the vector object */
}

/* the one location l points to, or -1 */
static int
pointee(int l)
{
	int first = l < 0 ? -1 : bnext(pts(l), 0);
	return first >= 0 && bnext(pts(l), first + 1) < 0 ? first : -1;
}

static void
heaps(void)
{
	int dev = pointee(var("d")), man = pointee(var("m")), host = fx_heap(&x, fx_line(&x, "//@host"));
	CHECK(dev > 0 && x.p->locs.v[dev].kind == L_HEAP && x.p->locs.v[dev].space == SP_DEVICE);
	CHECK(man > 0 && x.p->locs.v[man].kind == L_HEAP && x.p->locs.v[man].space == SP_MANAGED);
	CHECK(host > 0 && x.p->locs.v[host].space == SP_HOST);
	CHECK(setis(pts(var("h")), host, -2));
	CHECK(dev > 0 && strstr(locname(x.p, dev), "d points to"));
	CHECK(dev > 0 && bempty(pts(dev))); /* nothing stored into it */
	CHECK(fx_has(&x.p->escapable, dev) && fx_has(&x.p->escapable, host));
	/* each allocating call is a site of its own */
	int d3 = fx_heap(&x, fx_line(&x, "//@dev3"));
	CHECK(d3 > 0 && d3 != dev && setis(pts(var("d3")), d3, -2) && x.p->locs.v[d3].space == SP_DEVICE);
	int d2 = pointee(var("d2"));
	CHECK(d2 > 0 && x.p->locs.v[d2].space == SP_DEVICE);
	CHECK(d2 != dev);
}

static void
casts(void)
{
	CHECK(setis(pts(var("bad")), LOC_UNKNOWN, -2)); /* (float *)(size_t)12345 */
	CHECK(setis(pts(var("bad2")), LOC_UNKNOWN, -2)); /* (float *)addr */
}

static void
unknowns(void)
{
	int host = fx_heap(&x, fx_line(&x, "//@host"));
	/* fill(&slot) may store any pointer into slot */
	CHECK(setis(pts(var("slot")), host, LOC_UNKNOWN, -2));
	CHECK(setis(pts(var("made")), LOC_UNKNOWN, -2)); /* what make() returns */
	CHECK(fx_has(pts(LOC_UNKNOWN), LOC_UNKNOWN)); /* unknown memory points to unknown memory */
	/* an extern pointer global may be set by unknown code */
	CHECK(fx_has(pts(fx_var(&x, NULL, "gp")), LOC_UNKNOWN));
	CHECK(host > 0 && !fx_has(pts(host), LOC_UNKNOWN)); /* slot was handed over, not what it pointed to */
	CHECK(var("h") > 0 && !fx_has(pts(var("h")), LOC_UNKNOWN));
	/* locals whose address is never taken stay out of unknown code's reach */
	CHECK(var("local") > 0 && !fx_has(&x.p->escapable, var("local")));
	CHECK(var("p") > 0 && !fx_has(&x.p->escapable, var("p")));
	CHECK(fx_has(&x.p->escapable, var("slot")) && fx_has(&x.p->escapable, var("x")));
	CHECK(fx_has(&x.p->escapable, fx_var(&x, NULL, "gp")) && fx_has(&x.p->escapable, LOC_UNKNOWN));
}

static void
memcpys(void)
{
	int a = var("a"), xl = var("x");
	CHECK(setis(pts(var("src")), a, xl, -2));
	CHECK(setis(pts(var("dst")), a, xl, -2)); /* copy(*0,*1): the pointees move with the bytes */
	PFunc *pf = fx_fn(&x, "main");
	int n = fx_stmt(pf, fx_line(&x, "//@memcpy"), ST_PLAIN);
	const Call *c = n >= 0 && pf->f->st.v[n].ncall == 1 ? &pf->f->calls.v[pf->f->st.v[n].call0] : NULL;
	CHECK(c && !strcmp(c->name, "memcpy") && c->nargs == 3);
	CHECK(c && setis(addrs(x.p, pf, c->argv[0]), var("dst"), -2));
	CHECK(c && setis(addrs(x.p, pf, c->argv[1]), var("src"), -2));
}

static void
globals(void)
{
	/* float *gp2 = gbuf; and, an extern global, whatever unknown code stores */
	CHECK(setis(pts(fx_var(&x, NULL, "gp2")), fx_var(&x, NULL, "gbuf"), LOC_UNKNOWN, -2));
}

int
main(void)
{
	if (!fx_load(&x, src))
		return 1;
	copies();
	fields();
	references();
	containers();
	heaps();
	casts();
	unknowns();
	memcpys();
	globals();
	fx_free(&x);
	rules_free(fx_rules());
	return CHECK_DONE();
}
