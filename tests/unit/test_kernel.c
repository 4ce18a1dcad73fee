/* test_kernel.c: kernel summaries (src/analysis/kernel.c): the bit of each
 * pointer parameter the kernel reads or writes through (KSum.prd/pwr,
 * indexed by parameter position), following local copies of a parameter,
 * __device__ helpers (transitively) and atomics; device globals it touches;
 * device printf (io); calls it cannot see into (unknown, with the first
 * such call); and the symbolic object each pointer parameter points to. */
#include <stdlib.h>
#include <string.h>

#include "cuflow.h"
#include "check.h"
#include "fixture.h"

static Fx x;

static const char *src =
	"#include <cstdio>\n"
	"__device__ float g_dev;\n"
	"__device__ float g_other;\n"
	"__device__ void helper(float *p) { p[0] = 1; }\n"
	"__device__ void helper2(float *p) { helper(p); }\n"
	"__device__ float rdhelper(const float *p) { return p[0]; }\n"
	"__device__ void ext_dev(float *p);\n"
	"__global__ void k_ro(const float *in, float *out, int n) { out[0] = in[0] + n; }\n"
	"__global__ void k_copy(int n, float *a) { float *t = a; t[1] = 2; }\n"
	"__global__ void k_helper(float *a, float *b, float *c) {\n"
	"  helper(a);\n"
	"  float v = rdhelper(b);\n"
	"  helper2(c);\n"
	"  (void)v;\n"
	"}\n"
	"__global__ void k_atomic(int *c) { atomicAdd(c, 1); }\n"
	"__global__ void k_unknown(float *a, float *b) { ext_dev(a); }\n"
	"__global__ void k_print(int *a) { printf(\"%d\\n\", a[0]); }\n"
	"__global__ void k_global(float *a) { g_dev = a[0] + g_other; }\n"
	"__global__ void k_intrinsics(float *a, int *b) {\n"
	"  __syncthreads();\n"
	"  a[0] = __expf(a[1]) + __shfl_down_sync(0xffffffffu, a[2], 1);\n"
	"  b[0] = __popc(b[1]);\n"
	"}\n"
	"__global__ void k_none(float *a, int n) { }\n"
	"int main() { return 0; }\n";

static const KSum *
ks(const char *kernel)
{
	PFunc *pf = fx_fn(&x, kernel);
	CHECK(pf && pf->f->kind == FN_KERNEL);
	static KSum none;
	return pf ? &pf->ks : &none;
}

static void
readwrite(void)
{
	const KSum *k = ks("k_ro");
	CHECK(k->prd == 1u << 0 && k->pwr == 1u << 1); /* reads in, writes out, n is no pointer */
	CHECK(!k->unknown && !k->io);
	k = ks("k_none");
	CHECK(k->prd == 0 && k->pwr == 0 && !k->unknown);
	k = ks("k_copy"); /* t = a; t[1] = 2: bit 1, the parameter's position */
	CHECK(k->prd == 0 && k->pwr == 1u << 1);
}

static void
helpers(void)
{
	const KSum *k = ks("k_helper");
	CHECK(k->pwr == (1u << 0 | 1u << 2)); /* helper(a), helper2(c) -> helper */
	CHECK(k->prd == 1u << 1);             /* rdhelper(b) */
	CHECK(!k->unknown);
	k = ks("k_atomic");
	CHECK(k->prd == 1u && k->pwr == 1u && !k->unknown); /* atomicAdd: rw(*0) */
}

static void
unknown(void)
{
	const KSum *k = ks("k_unknown");
	CHECK(k->unknown && k->why && !strcmp(k->why, "ext_dev"));
	k = ks("k_print");
	CHECK(k->io && !k->unknown && k->prd == 1u && k->pwr == 0);
	k = ks("k_ro");
	CHECK(!k->io);
	k = ks("k_intrinsics");
	CHECK(!k->unknown);
	CHECK(k->pwr == (1u << 0 | 1u << 1));
}

static void
globals(void)
{
	const KSum *k = ks("k_global");
	int g = fx_var(&x, NULL, "g_dev"), o = fx_var(&x, NULL, "g_other");
	CHECK(g > 0 && o > 0 && x.p->locs.v[g].space == SP_SYMBOL);
	CHECK(g > 0 && bhas(&k->gwr, g) && !bhas(&k->grd, g));
	CHECK(o > 0 && bhas(&k->grd, o) && !bhas(&k->gwr, o));
	CHECK(k->prd == 1u && k->pwr == 0);
	k = ks("k_ro");
	CHECK(g > 0 && bempty(&k->grd) && bempty(&k->gwr));
}

/* each pointer parameter points to one object of its own, which points to itself */
static void
paramobjs(void)
{
	int a = fx_var(&x, "k_copy", "a"), t = fx_var(&x, "k_copy", "t"), n = fx_var(&x, "k_copy", "n");
	CHECK(a > 0 && t > 0 && n > 0);
	const Bits *pa = &x.p->pts[a];
	int o = bnext(pa, 0);
	CHECK(o > 0 && bnext(pa, o + 1) < 0);
	CHECK(o > 0 && x.p->locs.v[o].kind == L_PARAMOBJ && x.p->locs.v[o].param == 1);
	CHECK(o > 0 && x.p->locs.v[o].fn == fx_fid(&x, "k_copy") && x.p->locs.v[o].space == SP_DEVICE);
	CHECK(o > 0 && bhas(&x.p->pts[o], o) && bhas(&x.p->pts[t], o));
	CHECK(bempty(&x.p->pts[n]));
	int in = fx_var(&x, "k_ro", "in"), out = fx_var(&x, "k_ro", "out");
	CHECK(in > 0 && out > 0 && !bmeets(&x.p->pts[in], &x.p->pts[out])); /* distinct objects */
}

int
main(void)
{
	if (!fx_load(&x, src))
		return 1;
	readwrite();
	helpers();
	unknown();
	globals();
	paramobjs();
	fx_free(&x);
	rules_free(fx_rules());
	return CHECK_DONE();
}
