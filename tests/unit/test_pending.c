/* test_pending.c: the pending-device-work analysis (src/analysis/pending.c,
 * PFunc.in): what device work may be in flight before each statement. A
 * launch leaves its reads and writes in flight on the default stream or on
 * a named one; cudaDeviceSynchronize and cudaFree clear everything; a
 * blocking cudaMemcpy clears the default stream only; a stream sync clears
 * the work of the one stream in flight; work merges at joins and around
 * loops; a printing kernel stays flagged until a device-wide sync; a
 * function other than main whose callers cuflow does not all see starts
 * with all the program launches in flight, one whose callers it sees with
 * the work in flight at its call sites;
 * an unknown call leaves unknown work in flight. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "check.h"
#include "fixture.h"

static Fx x;
#define setis(...) fx_setis(&x, __VA_ARGS__)

static const char *src =
	"#include <cstdio>\n"
	"__global__ void k(float *a) { a[0] = 1; }\n"
	"__global__ void kr(const float *a, float *b) { b[0] = a[0]; }\n"
	"__global__ void kp(float *a) { printf(\"x\\n\"); }\n"
	"extern void start_async_fill(float *buf, int n);\n"
	"void closed(float *p) {\n"
	"  int z = 0; //@closed\n"
	"  z++;\n"
	"}\n"
	"void other(float *p) {\n"
	"  int y = 0; //@other\n"
	"  y++;\n"
	"}\n"
	"int main() {\n"
	"  float *d, *d2, h[4];\n"
	"  cudaStream_t s, s2;\n"
	"  cudaStreamCreate(&s);\n"
	"  cudaStreamCreate(&s2);\n"
	"  cudaMalloc((void **)&d, 16); //@d\n"
	"  cudaMalloc((void **)&d2, 16); //@d2\n"
	"  int x = 0; //@start\n"
	"  kr<<<1, 1>>>(d2, d); //@launch\n"
	"  closed(d);\n"
	"  x++; //@after\n"
	"  cudaDeviceSynchronize(); //@sync\n"
	"  x++; //@cleared\n"
	"  k<<<1, 1, 0, s>>>(d2); //@slaunch\n"
	"  k<<<1, 1>>>(d); //@dlaunch\n"
	"  x++; //@both\n"
	"  cudaMemcpy(h, d, 16, cudaMemcpyDeviceToHost); //@blocking\n"
	"  x++; //@afterblocking\n"
	"  cudaMemcpyAsync(h, d, 16, cudaMemcpyDeviceToHost, 0); //@async\n"
	"  x++; //@afterasync\n"
	"  cudaMemcpy(d, h, 16, cudaMemcpyHostToDevice);\n"
	"  x++; //@asynccleared\n"
	"  cudaStreamSynchronize(s);\n"
	"  x++; //@streamsynced\n"
	"  k<<<1, 1, 0, s>>>(d2);\n"
	"  k<<<1, 1, 0, s2>>>(d);\n"
	"  x++; //@twostreams\n"
	"  cudaStreamSynchronize(s);\n"
	"  x++; //@onesynced\n"
	"  cudaDeviceSynchronize();\n"
	"  if (x > 3)\n"
	"    k<<<1, 1>>>(d); //@condlaunch\n"
	"  x++; //@join\n"
	"  cudaFree(d2); //@free\n"
	"  x++; //@freed\n"
	"  while (x < 10) {\n"
	"    x++; //@loopbody\n"
	"    k<<<1, 1>>>(d); //@looplaunch\n"
	"  }\n"
	"  cudaDeviceSynchronize();\n"
	"  kp<<<1, 1>>>(d);\n"
	"  x++; //@kio\n"
	"  cudaDeviceSynchronize();\n"
	"  x++; //@kiocleared\n"
	"  float a[8];\n"
	"  start_async_fill(a, 8);\n"
	"  float v = a[0]; //@readback\n"
	"  closed(d2); /* other() has no caller here: callers cuflow does not see */\n"
	"  return 0;\n"
	"}\n";

static const Pend *
in(const char *fn, const char *marker)
{
	static Pend none;
	PFunc *pf = fx_fn(&x, fn);
	int n = fx_stmt(pf, fx_line(&x, marker), ST_PLAIN);
	if (n < 0 || !pf->in)
		fprintf(stderr, "no statement at %s\n", marker);
	return n < 0 || !pf->in ? &none : &pf->in[n];
}

static const Pend *
inmain(const char *marker)
{
	return in("main", marker);
}

static bool
idle(const Pend *q)
{
	return q->drd.w && bempty(&q->drd) && bempty(&q->dwr) && bempty(&q->srd) && bempty(&q->swr) && !q->dany &&
	       !q->sany && q->ex == 0;
}

static int
heap(const char *marker)
{
	return fx_heap(&x, fx_line(&x, marker));
}

static void
launches(void)
{
	int d = heap("//@d"), d2 = heap("//@d2");
	CHECK(d > 0 && d2 > 0 && d != d2);
	CHECK(idle(inmain("//@start"))); /* nothing is in flight when main starts */
	CHECK(idle(inmain("//@launch")));
	const Pend *q = inmain("//@after"); /* kr<<<>>>(d2, d) reads d2, writes d */
	CHECK(q->dany && !q->sany && setis(&q->drd, d2, -2) && setis(&q->dwr, d, -2));
	CHECK(bempty(&q->srd) && bempty(&q->swr));
	CHECK(!idle(inmain("//@sync")));
	CHECK(idle(inmain("//@cleared"))); /* after cudaDeviceSynchronize */
}

static void
streams(void)
{
	int d = heap("//@d"), d2 = heap("//@d2");
	const Pend *q = inmain("//@both"); /* k on s writes d2, k on the default stream writes d */
	CHECK(q->dany && q->sany && setis(&q->swr, d2, -2) && setis(&q->dwr, d, -2));
	q = inmain("//@afterblocking"); /* a blocking cudaMemcpy waits for the default stream only */
	CHECK(!q->dany && bempty(&q->dwr) && bempty(&q->drd));
	CHECK(q->sany && setis(&q->swr, d2, -2));
	q = inmain("//@afterasync"); /* cudaMemcpyAsync(h, d, ..., 0): on the default stream */
	CHECK(q->dany && setis(&q->drd, d, -2) && setis(&q->dwr, fx_var(&x, "main", "h"), -2));
	q = inmain("//@asynccleared");
	CHECK(!q->dany && bempty(&q->dwr) && q->sany && setis(&q->swr, d2, -2));
}

/* Stream handles are objects: a stream sync clears the named stream's
 * work when it is the only stream with work in flight. */
static void
streamsyncs(void)
{
	int d = heap("//@d"), d2 = heap("//@d2");
	int s = bnext(&x.p->pts[fx_var(&x, "main", "s")], 0), s2 = bnext(&x.p->pts[fx_var(&x, "main", "s2")], 0);
	CHECK(s > 0 && s2 > 0 && s != s2 && x.p->locs.v[s].space == SP_HANDLE);
	const Pend *q = inmain("//@asynccleared"); /* k on s is in flight */
	CHECK(q->sany && setis(&q->strm, s, -2));
	q = inmain("//@streamsynced");
	CHECK(!q->sany && bempty(&q->swr) && bempty(&q->strm));
	q = inmain("//@twostreams");
	CHECK(q->sany && setis(&q->strm, s, s2, -2) && setis(&q->swr, d, d2, -2));
	q = inmain("//@onesynced"); /* work is not kept per stream: s2's keeps all of it */
	CHECK(q->sany && setis(&q->swr, d, d2, -2));
}

static void
flow(void)
{
	int d = heap("//@d");
	const Pend *q = inmain("//@join"); /* launched on one branch only: may be in flight */
	CHECK(q->dany && setis(&q->dwr, d, -2));
	CHECK(idle(inmain("//@freed"))); /* cudaFree waits for the device */
	q = inmain("//@loopbody"); /* the previous iteration's launch, through the back edge */
	CHECK(q->dany && setis(&q->dwr, d, -2));
	q = inmain("//@kio"); /* a printing kernel that touches no memory */
	CHECK(q->dany && (q->ex & EX_KIO) && bempty(&q->dwr) && bempty(&q->drd));
	CHECK(idle(inmain("//@kiocleared")));
}

static void
entry(void)
{
	int d = heap("//@d"), d2 = heap("//@d2"), h = fx_var(&x, "main", "h");
	const Pend *q = in("other", "//@other"); /* everything the program launches, as on a named stream */
	CHECK(q->sany && !q->dany && (q->ex & EX_KIO) && q->entry);
	CHECK(bempty(&q->swr) && bempty(&q->dwr) && bempty(&q->drd)); /* by reference, not copied */
	Bits rd = bnew(x.p->locs.n), wr = bnew(x.p->locs.n);
	pendwork(x.p, q, &rd, &wr);
	CHECK(bhas(&wr, d) && bhas(&wr, d2) && bhas(&rd, d2) && bhas(&wr, h));
	bfree(&rd);
	bfree(&wr);
	PFunc *pf = fx_fn(&x, "main");
	CHECK(pf && idle(&pf->in[0]));
	q = in("closed", "//@closed"); /* the join of its call sites' work: kr's, and the end's (unknown) */
	CHECK(q->dany && !q->entry && !q->dentry && bhas(&q->dwr, d) && bhas(&q->drd, d2));
}

/* An unknown call may leave work of its own in flight on what it was
 * given: reading that memory afterwards must conflict with it. */
static void
unknowncall(void)
{
	const Pend *q = inmain("//@readback");
	CHECK(q->sany && bhas(&q->swr, LOC_UNKNOWN) && bhas(&q->srd, LOC_UNKNOWN));
	PFunc *pf = fx_fn(&x, "main");
	int n = fx_stmt(pf, fx_line(&x, "//@readback"), ST_PLAIN), a = fx_var(&x, "main", "a");
	CHECK(n >= 0 && a > 0 && bhas(&pf->st[n].rd, a));
	CHECK(n >= 0 && conflicts(x.p, &q->swr, &pf->st[n].rd));
}

int
main(void)
{
	if (!fx_load(&x, src))
		return 1;
	launches();
	streams();
	streamsyncs();
	flow();
	entry();
	unknowncall();
	fx_free(&x);
	rules_free(fx_rules());
	return CHECK_DONE();
}
