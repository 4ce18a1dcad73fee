/* test_effects.c: what each host statement does (PFunc.st: rd/wr on the
 * host, prd/pwr left in flight on the device, EX_* flags) for cudaMemcpy,
 * cudaMemcpyAsync on the default and on a named stream, launches (from the
 * kernel summary; on a stream; of a printing kernel; of a kernel cuflow
 * cannot see into), printf, a steady_clock read, cudaDeviceSynchronize, an
 * unknown call, managed memory and exit(); the mod/ref summaries of host
 * helpers through their callees; and conflicts() between unknown memory and
 * locals or heap objects. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "check.h"
#include "fixture.h"

static Fx x;
#define setis(...) fx_setis(&x, __VA_ARGS__)

static const char *src =
	"#include <cstdio>\n"
	"#include <cstdlib>\n"
	"#include <chrono>\n"
	"__global__ void k(const float *in, float *out) { out[0] = in[0]; }\n"
	"__global__ void kp(float *a) { printf(\"%f\\n\", a[0]); }\n"
	"__device__ void ext_dev(float *p);\n"
	"__global__ void ku(float *a) { ext_dev(a); }\n"
	"__device__ float dsym;\n"
	"extern void opaque(void);\n"
	"float gsum;\n"
	"void leaf(float *p) { p[0] = gsum; }\n"
	"void mid(float *q) { leaf(q); }\n"
	"void top(float *r) { mid(r); printf(\"x\\n\"); }\n"
	"void launcher(float *d) { k<<<1, 1>>>(d, d); }\n"
	"int main() {\n"
	"  float h[4], h2[4], h3[4];\n"
	"  float *d_in, *d_out;\n"
	"  cudaMalloc((void **)&d_in, 16); //@din\n"
	"  cudaMalloc((void **)&d_out, 16); //@dout\n"
	"  cudaStream_t s;\n"
	"  cudaStreamCreate(&s);\n"
	"  cudaMemcpy(d_in, h, 16, cudaMemcpyHostToDevice); //@memcpy\n"
	"  cudaMemcpyAsync(h2, d_out, 16, cudaMemcpyDeviceToHost, s); //@async\n"
	"  cudaMemcpyAsync(h2, d_out, 16, cudaMemcpyDeviceToHost); //@async0\n"
	"  cudaMemcpyAsync(h2, d_out, 16, cudaMemcpyDeviceToHost, 0); //@async00\n"
	"  k<<<1, 1>>>(d_in, d_out); //@launch\n"
	"  k<<<1, 1, 0, s>>>(d_in, d_out); //@launchs\n"
	"  kp<<<1, 1>>>(d_in); //@launchp\n"
	"  ku<<<1, 1>>>(d_in); //@launchu\n"
	"  printf(\"%f\\n\", h[0]); //@printf\n"
	"  auto t0 = std::chrono::steady_clock::now(); //@timer\n"
	"  cudaDeviceSynchronize(); //@devsync\n"
	"  opaque(); //@opaque\n"
	"  float *m;\n"
	"  cudaMallocManaged((void **)&m, 16);\n"
	"  m[0] = 1; //@managed\n"
	"  top(h3); //@top\n"
	"  launcher(d_out); //@launcher\n"
	"  if (h[0] > 5)\n"
	"    exit(1); //@exit\n"
	"  int plain = 1;\n"
	"  plain++; //@plain\n"
	"  (void)t0;\n"
	"  return 0;\n"
	"}\n";

/* the effect of main's plain statement on the marker's line */
static const Eff *
eff(const char *marker)
{
	static Eff none;
	PFunc *pf = fx_fn(&x, "main");
	int n = fx_stmt(pf, fx_line(&x, marker), ST_PLAIN);
	if (n < 0)
		fprintf(stderr, "no statement at %s\n", marker);
	return n < 0 ? &none : &pf->st[n];
}

static int
var(const char *name)
{
	return fx_var(&x, "main", name);
}

/* the heap object an allocating call on the marker's line made */
static int
heap(const char *marker)
{
	return fx_heap(&x, fx_line(&x, marker));
}

static bool
flags(const Eff *e, int want, int unwanted)
{
	return (e->ex & want) == want && !(e->ex & unwanted);
}

static void
copies(void)
{
	int din = heap("//@din"), dout = heap("//@dout");
	CHECK(din > 0 && dout > 0 && din != dout);
	const Eff *e = eff("//@memcpy"); /* cudaMemcpy(d_in, h, ...) */
	CHECK(setis(&e->wr, din, -2));         /* what arg 0 points to */
	CHECK(setis(&e->rd, var("h"), var("d_in"), -2)); /* what arg 1 points to, and the pointer itself */
	CHECK(bempty(&e->prd) && bempty(&e->pwr));
	CHECK(flags(e, EX_DEVOP | EX_SYNC | EX_DEFSYNC, EX_ASYNC | EX_DEVSYNC | EX_OTHERDEV | EX_UNKNOWN));
	CHECK(e->what && !strcmp(e->what, "cudaMemcpy"));

	e = eff("//@async"); /* cudaMemcpyAsync(h2, d_out, ..., s) */
	CHECK(setis(&e->prd, dout, -2) && setis(&e->pwr, var("h2"), -2));
	CHECK(setis(&e->rd, var("d_out"), var("s"), -2) && bempty(&e->wr));
	CHECK(flags(e, EX_DEVOP | EX_ASYNC | EX_STREAMOP | EX_OTHERDEV, EX_SYNC | EX_LAUNCH));
	int s = bnext(&x.p->pts[var("s")], 0); /* the stream handle cudaStreamCreate made */
	CHECK(s > 0 && x.p->locs.v[s].space == SP_HANDLE && setis(&e->strm, s, -2));
	e = eff("//@async0"); /* the default stream: its argument left out */
	CHECK(setis(&e->prd, dout, -2) && setis(&e->pwr, var("h2"), -2));
	CHECK(flags(e, EX_ASYNC, EX_SYNC));
	CHECK(!(e->ex & EX_STREAMOP));
	e = eff("//@async00"); /* the default stream, written 0 */
	CHECK(flags(e, EX_ASYNC, EX_STREAMOP | EX_SYNC));
}

static void
launches(void)
{
	int din = heap("//@din"), dout = heap("//@dout"), dsym = fx_var(&x, NULL, "dsym");
	const Eff *e = eff("//@launch"); /* k reads in (arg 0) and writes out (arg 1) */
	CHECK(setis(&e->prd, din, -2) && setis(&e->pwr, dout, -2));
	CHECK(fx_has(&e->rd, var("d_in")) && fx_has(&e->rd, var("d_out")));
	CHECK(!fx_has(&e->wr, din) && !fx_has(&e->wr, dout)); /* nothing on the host's side */
	CHECK(flags(e, EX_DEVOP | EX_LAUNCH | EX_ASYNC, EX_STREAMOP | EX_SYNC | EX_KIO | EX_UNKNOWN));
	CHECK(e->what && !strcmp(e->what, "k"));
	e = eff("//@launchs"); /* <<<1, 1, 0, s>>> */
	CHECK(setis(&e->prd, din, -2) && setis(&e->pwr, dout, -2));
	CHECK(flags(e, EX_LAUNCH | EX_ASYNC | EX_STREAMOP, EX_SYNC) && fx_has(&e->rd, var("s")));
	e = eff("//@launchp"); /* a kernel that prints and only reads */
	CHECK(setis(&e->prd, din, -2) && bempty(&e->pwr));
	CHECK(flags(e, EX_LAUNCH | EX_KIO, 0));
	e = eff("//@launchu"); /* a kernel calling an unseen device function: all it reaches, every device global */
	CHECK(fx_has(&e->prd, din) && fx_has(&e->pwr, din) && fx_has(&e->prd, dsym) && fx_has(&e->pwr, dsym));
	CHECK(!fx_has(&e->pwr, dout));
	CHECK(flags(e, EX_LAUNCH | EX_ASYNC, EX_UNKNOWN));
}

static void
hostcalls(void)
{
	const Eff *e = eff("//@printf");
	CHECK(setis(&e->rd, var("h"), -2) && bempty(&e->wr));
	CHECK(flags(e, EX_IO, EX_DEVOP | EX_SYNC | EX_UNKNOWN | EX_TIMER));
	e = eff("//@timer");
	CHECK(flags(e, EX_TIMER, EX_DEVOP | EX_IO | EX_UNKNOWN) && setis(&e->wr, var("t0"), -2));
	CHECK(e->what && !strcmp(e->what, "std::chrono::steady_clock::now"));
	e = eff("//@devsync");
	CHECK(flags(e, EX_DEVOP | EX_SYNC | EX_DEVSYNC, EX_ASYNC | EX_OTHERDEV));
	CHECK(bempty(&e->rd) && bempty(&e->wr) && bempty(&e->prd) && bempty(&e->pwr));
	e = eff("//@opaque");
	CHECK(flags(e, EX_UNKNOWN | EX_ASYNC | EX_STREAMOP | EX_MANAGED, 0));
	CHECK(setis(&e->rd, LOC_UNKNOWN, -2) && setis(&e->wr, LOC_UNKNOWN, -2));
	CHECK(setis(&e->prd, LOC_UNKNOWN, -2) && setis(&e->pwr, LOC_UNKNOWN, -2));
	CHECK(e->what && !strcmp(e->what, "opaque"));
	int m = fx_heap(&x, fx_line(&x, "//@managed") - 1);
	e = eff("//@managed"); /* m[0] = 1 */
	CHECK(m > 0 && setis(&e->wr, m, -2) && setis(&e->rd, var("m"), -2));
	CHECK(flags(e, EX_MANAGED, EX_DEVOP));
	e = eff("//@exit");
	CHECK(flags(e, EX_EXIT, EX_UNKNOWN) && e->what && !strcmp(e->what, "exit"));
	e = eff("//@plain"); /* plain++ */
	CHECK(e->ex == 0 && setis(&e->rd, var("plain"), -2) && setis(&e->wr, var("plain"), -2));
}

static const Eff *
sum(const char *fn)
{
	static Eff none;
	PFunc *pf = fx_fn(&x, fn);
	CHECK(pf != NULL);
	return pf ? &pf->sum : &none;
}

static void
summaries(void)
{
	int h3 = var("h3"), gsum = fx_var(&x, NULL, "gsum"), dout = heap("//@dout");
	const Eff *e = sum("leaf"); /* p[0] = gsum, called (through mid, top) with h3 */
	CHECK(setis(&e->wr, h3, -2) && fx_has(&e->rd, gsum) && e->ex == 0);
	e = sum("mid");
	CHECK(setis(&e->wr, h3, -2) && fx_has(&e->rd, gsum) && e->ex == 0);
	e = sum("top"); /* and printf */
	CHECK(setis(&e->wr, h3, -2) && fx_has(&e->rd, gsum) && flags(e, EX_IO, EX_DEVOP));
	e = eff("//@top"); /* the call statement carries the callee's summary */
	CHECK(setis(&e->wr, h3, -2) && fx_has(&e->rd, gsum) && flags(e, EX_IO, EX_DEVOP));
	e = sum("launcher");
	CHECK(setis(&e->prd, dout, -2) && setis(&e->pwr, dout, -2) && flags(e, EX_LAUNCH | EX_ASYNC, EX_SYNC));
	e = eff("//@launcher");
	CHECK(setis(&e->prd, dout, -2) && setis(&e->pwr, dout, -2) && flags(e, EX_LAUNCH | EX_ASYNC, 0));
	CHECK(e->what && !strcmp(e->what, "launcher") && e->whatline == fx_line(&x, "//@launcher"));
	e = sum("main");
	CHECK(flags(e, EX_EXIT | EX_UNKNOWN | EX_IO | EX_TIMER | EX_SYNC | EX_LAUNCH | EX_MANAGED | EX_KIO, 0));
}

/* Unknown memory meets escapable locations only. */
static void
conflict(void)
{
	Bits unk = bnew(x.p->locs.n), one = bnew(x.p->locs.n);
	bset(&unk, LOC_UNKNOWN);
	int plain = var("plain"), din = heap("//@din"), h = var("h");
	CHECK(plain > 0 && din > 0 && h > 0);
	bset(&one, plain); /* a local whose address is never taken */
	CHECK(!conflicts(x.p, &unk, &one) && !conflicts(x.p, &one, &unk));
	CHECK(conflictloc(x.p, &unk, &one) == -1);
	bclear(&one);
	bset(&one, din); /* a heap object */
	CHECK(conflicts(x.p, &unk, &one) && conflicts(x.p, &one, &unk));
	CHECK(conflictloc(x.p, &one, &unk) == LOC_UNKNOWN);
	bclear(&one);
	bset(&one, h); /* an array handed to printf and cudaMemcpy: its address is taken */
	CHECK(conflicts(x.p, &unk, &one));
	Bits two = bnew(x.p->locs.n);
	bset(&two, plain);
	bset(&two, h);
	CHECK(conflictloc(x.p, &two, &one) == h); /* a common location first */
	bclear(&two);
	bset(&two, plain);
	CHECK(!conflicts(x.p, &two, &one));
	bfree(&unk);
	bfree(&one);
	bfree(&two);
}

int
main(void)
{
	if (!fx_load(&x, src))
		return 1;
	copies();
	launches();
	hostcalls();
	summaries();
	conflict();
	fx_free(&x);
	rules_free(fx_rules());
	return CHECK_DONE();
}
