/* test_rules.c: the rules reader (src/model/rules.c): effects parsed from
 * a small text, exact names against longest-prefix wildcards, later
 * definitions overriding earlier ones (the way users refine the shipped
 * rules), malformed lines refused with a message naming file and line,
 * directory loading order, and lookups in the built-in rules. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cuflow.h"
#include "check.h"
#include "fixture.h"

static bool
eff(const Rule *r, int i, int what, int deref, int arg)
{
	return r && i < r->neff && r->eff[i].what == what && r->eff[i].deref == deref && r->eff[i].arg == arg;
}

static void
effects(void)
{
	static const char text[] = "# a comment line\n"
	                           "\n"
	                           "foo      host    read(*0) write(**1) rw(this)   # trailing comment\n"
	                           "bar      io\n"
	                           "mk       alloc   alloc(ret,device) alloc(*1,managed) ret(0)\n"
	                           "cp       copy    write(*0) read(*1) async stream(4) copy(*0,*1)\n"
	                           "wait     sync    sync(stream,0) sync(device)\n"
	                           "go       launch  launch(0,3) async\n"
	                           "al       device  alias(*0,1) free(*2) read(*all)\r\n";
	Rules *rs = rules_new();
	char *err = NULL;
	CHECK(rules_parse(rs, "t.rules", text, &err) == 0);
	const Rule *r = rules_find(rs, "foo");
	CHECK(r && r->kind == RK_HOST && r->neff == 4 && r->flags == 0);
	CHECK(r && !strcmp(r->file, "t.rules") && r->line == 3);
	CHECK(eff(r, 0, EF_READ, AD_PTR, 0) && eff(r, 1, EF_WRITE, AD_PTR2, 1));
	CHECK(eff(r, 2, EF_READ, AD_VALUE, ARG_THIS) && eff(r, 3, EF_WRITE, AD_VALUE, ARG_THIS));
	r = rules_find(rs, "bar");
	CHECK(r && r->kind == RK_IO && r->neff == 0 && r->line == 4);
	r = rules_find(rs, "mk");
	CHECK(r && r->kind == RK_ALLOC && r->neff == 3);
	CHECK(eff(r, 0, EF_ALLOC, AD_VALUE, ARG_RET) && r->eff[0].space == SP_DEVICE);
	CHECK(eff(r, 1, EF_ALLOC, AD_PTR, 1) && r->eff[1].space == SP_MANAGED);
	CHECK(eff(r, 2, EF_RETARG, AD_VALUE, 0));
	r = rules_find(rs, "cp");
	CHECK(r && r->kind == RK_COPY && (r->flags & RF_ASYNC) && r->neff == 4);
	CHECK(eff(r, 2, EF_STREAM, AD_VALUE, 4));
	CHECK(eff(r, 3, EF_COPYC, AD_PTR, 0) && r->eff[3].arg2 == 1);
	r = rules_find(rs, "wait");
	CHECK(r && r->neff == 2 && r->eff[0].what == EF_SYNC && r->eff[0].space == SY_STREAM && r->eff[0].arg == 0);
	CHECK(r && r->eff[1].what == EF_SYNC && r->eff[1].space == SY_DEVICE);
	r = rules_find(rs, "go");
	CHECK(r && r->kind == RK_LAUNCH && eff(r, 0, EF_LAUNCH, AD_VALUE, 0) && r->eff[0].arg2 == 3);
	r = rules_find(rs, "al"); /* the line ends in CRLF */
	CHECK(r && r->kind == RK_DEVICE && r->neff == 3);
	CHECK(eff(r, 0, EF_ALIAS, AD_PTR, 0) && r->eff[0].arg2 == 1);
	CHECK(eff(r, 1, EF_FREE, AD_PTR, 2) && eff(r, 2, EF_READ, AD_PTR, ARG_ALL));
	CHECK(rules_find(rs, "fo") == NULL && rules_find(rs, "foobar") == NULL && rules_find(rs, "") == NULL);
	CHECK(!strcmp(rkind_name(RK_COPY), "copy") && !strcmp(rkind_name(RK_UNSAFE), "unsafe"));
	CHECK(!strcmp(rkind_name(-1), "?") && !strcmp(rkind_name(RK_NKINDS), "?"));
	rules_free(rs);
}

static void
wildcards(void)
{
	static const char text[] = "baz*      pure\n"
	                           "baz_q*    io\n"
	                           "bazooka   sync   sync(device)\n"
	                           "*         host\n"
	                           "baz_quux  exit   noreturn\n";
	Rules *rs = rules_new();
	char *err = NULL;
	CHECK(rules_parse(rs, "w.rules", text, &err) == 0);
	const Rule *r = rules_find(rs, "bazooka"); /* an exact name beats every pattern */
	CHECK(r && r->kind == RK_SYNC);
	r = rules_find(rs, "baz_qux"); /* the longest matching pattern wins */
	CHECK(r && r->kind == RK_IO && !strcmp(r->name, "baz_q*"));
	r = rules_find(rs, "baz_quux");
	CHECK(r && r->kind == RK_EXIT && (r->flags & RF_NORETURN));
	r = rules_find(rs, "bazaar");
	CHECK(r && !strcmp(r->name, "baz*"));
	r = rules_find(rs, "baz"); /* the '*' matches nothing too */
	CHECK(r && !strcmp(r->name, "baz*"));
	r = rules_find(rs, "ba");
	CHECK(r && !strcmp(r->name, "*"));
	rules_free(rs);
}

/* std::X without a rule takes X's exact rule (the C library in std), and
 * never a pattern's: std::mk_thing is no mk* maker. */
static void
stdnames(void)
{
	static const char text[] = "free      host   free(*0)\n"
	                           "mk*       pure\n"
	                           "std::sort host   rw(*0) rw(*1)\n";
	Rules *rs = rules_new();
	char *err = NULL;
	CHECK(rules_parse(rs, "s.rules", text, &err) == 0);
	const Rule *r = rules_find(rs, "std::free");
	CHECK(r && r->kind == RK_HOST && !strcmp(r->name, "free"));
	CHECK(rules_find(rs, "std::mk_thing") == NULL);
	CHECK(rules_find(rs, "std::vector::free") == NULL);
	r = rules_find(rs, "std::sort");
	CHECK(r && !strcmp(r->name, "std::sort"));
	CHECK(rules_find(rs, "sort") == NULL);
	rules_free(rs);
}

static void
overrides(void)
{
	Rules *rs = rules_new();
	char *err = NULL;
	CHECK(rules_parse(rs, "first.rules", "foo host read(*0)\nfoo io\nqq* pure\n", &err) == 0);
	const Rule *r = rules_find(rs, "foo"); /* later in the same text */
	CHECK(r && r->kind == RK_IO && r->line == 2);
	CHECK(rules_parse(rs, "second.rules", "foo exit noreturn\nqq* io\n", &err) == 0);
	r = rules_find(rs, "foo"); /* a later text */
	CHECK(r && r->kind == RK_EXIT && !strcmp(r->file, "second.rules") && r->line == 1);
	r = rules_find(rs, "qqx");
	CHECK(r && r->kind == RK_IO);
	rules_free(rs);
}

/* err names the file and line and contains what */
static bool
refused(const char *text, const char *where, const char *what)
{
	Rules *rs = rules_new();
	char *err = NULL;
	int rc = rules_parse(rs, "bad.rules", text, &err);
	bool ok = rc == -1 && err && !strncmp(err, where, strlen(where)) && strstr(err, what);
	if (!ok)
		fprintf(stderr, "  rules_parse(\"%s\"): rc %d, err %s\n", text, rc, err ? err : "(none)");
	free(err);
	rules_free(rs);
	return ok;
}

static void
malformed(void)
{
	CHECK(refused("ok host\nfoo bogus\n", "bad.rules:2: ", "unknown kind 'bogus'"));
	CHECK(refused("# c\n\nfoo\n", "bad.rules:3: ", "unknown kind ''"));
	CHECK(refused("foo host read(*0\n", "bad.rules:1: ", "bad effect 'read(*0'"));
	CHECK(refused("a pure\nfoo host read(***0)\n", "bad.rules:2: ", "bad effect"));
	CHECK(refused("a pure\nfoo host read(***0)\n", "bad.rules:2: ", "'read(***0)'"));
	CHECK(refused("foo host read\n", "bad.rules:1: ", "bad effect 'read'"));
	CHECK(refused("foo host read(x)\n", "bad.rules:1: ", "bad effect"));
	CHECK(refused("foo host read(1,2)\n", "bad.rules:1: ", "bad effect"));
	CHECK(refused("foo host read(1x)\n", "bad.rules:1: ", "bad effect"));
	CHECK(refused("foo alloc alloc(*0,nowhere)\n", "bad.rules:1: ", "bad effect"));
	CHECK(refused("foo alloc alloc(*0)\n", "bad.rules:1: ", "bad effect"));
	CHECK(refused("foo sync sync(stream)\n", "bad.rules:1: ", "bad effect"));
	CHECK(refused("foo copy copy(*0)\n", "bad.rules:1: ", "bad effect"));
	CHECK(refused("foo host async(1)\n", "bad.rules:1: ", "bad effect"));
	CHECK(refused("foo host frobnicate(1)\n", "bad.rules:1: ", "bad effect"));
	/* argument indexes out of range or not numbers where only a number makes sense */
	CHECK(refused("foo copy sync(copy,2147483648)\n", "bad.rules:1: ", "bad effect"));
	CHECK(refused("foo copy sync(copy,99999999999999999999)\n", "bad.rules:1: ", "bad effect"));
	CHECK(refused("foo host read(*4294967296)\n", "bad.rules:1: ", "bad effect"));
	CHECK(refused("foo copy sync(copy,this)\n", "bad.rules:1: ", "bad effect"));
	CHECK(refused("foo sync sync(stream,this)\n", "bad.rules:1: ", "bad effect"));
	CHECK(refused("foo sync sync(event,ret)\n", "bad.rules:1: ", "bad effect"));
	CHECK(refused("foo copy stream(all)\n", "bad.rules:1: ", "bad effect"));
	CHECK(refused("foo launch launch(this,1)\n", "bad.rules:1: ", "bad effect"));
	CHECK(refused("foo launch launch(0,-1)\n", "bad.rules:1: ", "bad effect"));
}

static void
writefile(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	CHECK(f && fputs(text, f) >= 0 && fclose(f) == 0);
}

/* *.rules files of a directory load in name order: the later name wins. */
static void
directory(void)
{
	char dir[] = "/tmp/cuflow-rules-XXXXXX";
	CHECK(mkdtemp(dir) != NULL);
	char *a = fmt("%s/b.rules", dir), *b = fmt("%s/a.rules", dir), *c = fmt("%s/c.txt", dir);
	writefile(a, "foo io\n");
	writefile(b, "foo pure\nbar pure\n");
	writefile(c, "foo exit\n");
	Rules *rs = rules_new();
	char *err = NULL;
	CHECK(rules_loaddir(rs, dir, &err) == 0);
	const Rule *r = rules_find(rs, "foo");
	CHECK(r && r->kind == RK_IO && !strcmp(r->file, a));
	CHECK(rules_find(rs, "bar") && rules_find(rs, "bar")->kind == RK_PURE);
	rules_free(rs);
	rs = rules_new();
	CHECK(rules_load(rs, c, &err) == 0 && rules_find(rs, "foo")->kind == RK_EXIT);
	char *missing = fmt("%s/none.rules", dir);
	CHECK(rules_load(rs, missing, &err) == -1 && err && strstr(err, missing));
	free(err);
	rules_free(rs);
	unlink(a);
	unlink(b);
	unlink(c);
	rmdir(dir);
	free(a);
	free(b);
	free(c);
	free(missing);
}

static void
builtin(void)
{
	Rules *rs = fx_rules();
	const Rule *r = rules_find(rs, "cudaMemcpy");
	CHECK(r && r->kind == RK_COPY && !(r->flags & RF_ASYNC));
	r = rules_find(rs, "cudaMemcpyAsync");
	CHECK(r && r->kind == RK_COPY && (r->flags & RF_ASYNC));
	r = rules_find(rs, "std::vector::data");
	CHECK(r && r->kind == RK_HOST && !strcmp(r->name, "std::vector::data"));
	r = rules_find(rs, "std::vector::push_back");
	CHECK(r && !strcmp(r->name, "std::vector::*"));
	r = rules_find(rs, "std::chrono::steady_clock::now");
	CHECK(r && r->kind == RK_TIMER);
	r = rules_find(rs, "std::chrono::duration::count");
	CHECK(r && r->kind == RK_PURE && !strcmp(r->name, "std::chrono::*"));
	r = rules_find(rs, "atomicAdd");
	CHECK(r && r->kind == RK_ATOMIC && (r->flags & RF_DEVICE));
	CHECK(rules_find(rs, "no_such_function_anywhere") == NULL);
}

int
main(void)
{
	effects();
	wildcards();
	stdnames();
	overrides();
	malformed();
	directory();
	builtin();
	rules_free(fx_rules());
	return CHECK_DONE();
}
