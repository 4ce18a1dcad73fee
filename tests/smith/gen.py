#!/usr/bin/env python3
"""gen.py: a random, deterministic, race-free CUDA program that prints a
checksum of all the state its host can see (issue 34's generator).

usage: gen.py SEED DIR

writes DIR/main.cu, sometimes DIR/other.cu (helpers in a second file),
DIR/configs (the macros of its #if groups, one a line; the oracle builds
each) and DIR/args (cuflow options the program wants, maybe none). The
same SEED gives the same files.

The programs live where cuflow's passes reason: launches and copies
(blocking, async, 2D, memset) on the legacy stream and on blocking and
non-blocking streams, every kind of sync, events, pageable, pinned and
managed memory, host code that reads and writes buffers through aliases,
struct fields and parameters, helpers called directly, through function
pointers and recursively (some in the second file), loops that may run
zero times, branches, early returns, goto, error checks of every usual
form, timers, host and device printf, #if groups.

Race freedom: the generator runs what it writes on model.py as it goes,
and before a statement that would race it writes a sync that orders it
(some of those syncs go early, right after the work, which is where
cuflow finds something to move). A whole-program run per configuration
at the end puts a device-wide sync before any statement that still races
(a loop's second iteration, a helper's second call)."""

import os
import random
import sys

from ir import IND, Block, Call, Env, Expr, Func, If, IfDef, Jump, Label, Loop, Skip, Stmt, Try
from model import LEGACY, Model, Race

HOSTSIDE = ("host", "pinned")
KERNELSIDE = ("device", "managed")
HOSTSEEN = ("host", "pinned", "managed")
SIZES = (64, 256, 1000, 4096)
BIG = 32768  # 128 KiB: large enough for pinning to pay (pass/pin.c)

PRELUDE = r"""#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <chrono>
#include <ctime>
#include <sys/time.h>
#include <cuda_runtime.h>

#define CHECK(call)                                                            \
    do {                                                                       \
        cudaError_t err_ = (call);                                             \
        if (err_ != cudaSuccess) {                                             \
            fprintf(stderr, "CUDA error %d at line %d\n", (int)err_, __LINE__); \
            exit(1);                                                           \
        }                                                                      \
    } while (0)

static void bail(cudaError_t e, int line)
{
    fprintf(stderr, "CUDA error %d at line %d\n", (int)e, line);
    exit(1);
}

static void check(cudaError_t e, int line)
{
    if (e != cudaSuccess)
        bail(e, line);
}

template <typename T> static void checkT(T result, const char *what)
{
    if (result) {
        fprintf(stderr, "%s failed\n", what);
        exit(1);
    }
}

static unsigned mixn(unsigned a, int k)
{
    for (int i = 0; i < k; ++i)
        a = a * 1103515245u + 12345u;
    return a;
}

#define CHECK_RET(call)                                                        \
    do {                                                                       \
        if ((call) != cudaSuccess)                                             \
            return 0u;                                                         \
    } while (0)

#define RET_IF(cond)                                                           \
    do {                                                                       \
        if (cond)                                                              \
            return 0u;                                                         \
    } while (0)

#define SYNC_TWICE(s) cudaStreamSynchronize(s); cudaStreamSynchronize(s)

#define FOR(i, n) for (int i = 0; i < (n); ++i)

#define FREE_HOST(p) free(p)

static void drop(unsigned *p)
{
    free(p);
}

static void at_end(void)
{
    fflush(stdout);
}

static unsigned fold(unsigned r, const unsigned *p, int n)
{
    for (int i = 0; i < n; ++i)
        r = (r ^ p[i]) * 16777619u;
    return r;
}

struct Bufs {
    unsigned *a;
    unsigned *b;
};
"""

KERNELS = {
    "k_fill": """__global__ void k_fill(unsigned *a, int n, unsigned v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = v + (unsigned)i * 2654435761u;
}""",
    "k_mix": """__global__ void k_mix(unsigned *a, const unsigned *b, int n, unsigned v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = a[i] * 3u + b[i] + v;
}""",
    "k_copy": """__global__ void k_copy(unsigned *a, const unsigned *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = b[i] ^ 0x9e3779b9u;
}""",
    "k_show": """__global__ void k_show(const unsigned *a, int n, unsigned tag)
{
    if (blockIdx.x == 0 && threadIdx.x == 0)
        printf("dev %u: %u\\n", tag, a[0] ^ a[n - 1]);
}""",
    "k_pair": """struct Pair {
    unsigned *dst;
    const unsigned *src;
};

__global__ void k_pair(Pair p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p.dst[i] += p.src[i] * 5u;
}""",
    "k_twist": """__device__ unsigned twist(unsigned x, unsigned v)
{
    return (x << 3 | x >> 29) + v;
}

__global__ void k_twist(unsigned *a, int n, unsigned v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = twist(a[i], v);
}""",
    "k_add": """template <typename T> __global__ void k_add(T *a, const T *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] += b[i];
}""",
    "k_grid": """__global__ void k_grid(unsigned *a, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h)
        a[y * w + x] = a[y * w + x] * 7u + (unsigned)(x + y);
}""",
}
# the kernels a helper in the second file may launch: a template is not
# declared there
DECLARED = {
    "k_fill": "__global__ void k_fill(unsigned *a, int n, unsigned v);",
    "k_mix": "__global__ void k_mix(unsigned *a, const unsigned *b, int n, unsigned v);",
    "k_copy": "__global__ void k_copy(unsigned *a, const unsigned *b, int n);",
    "k_show": "__global__ void k_show(const unsigned *a, int n, unsigned tag);",
    "k_twist": "__global__ void k_twist(unsigned *a, int n, unsigned v);",
    "k_grid": "__global__ void k_grid(unsigned *a, int w, int h);",
}


class Sym:
    """A name for a buffer in one function: the buffer's memory kind, the
    element of the buffer it points to and how many elements it reaches."""

    def __init__(self, name, space, n, owned=False, alloc=None, base=0):
        self.name, self.space, self.n = name, space, n
        self.owned, self.alloc, self.base = owned, alloc, base
        self.twin = False  # one of a host and device pair main allocates alike (the fuse pass's)

    def at(self, off):
        return self.name if off == 0 else "%s + %d" % (self.name, off)


class Frame:
    """Where the generator writes: a block of a function, the model at that
    point (what the program has done so far), the names in scope."""

    def __init__(self, fn, blk, m, env, syms, acc, base, depth, file):
        self.fn, self.blk, self.m, self.env = fn, blk, m, env
        self.syms, self.acc, self.base, self.depth, self.file = syms, acc, base, depth, file
        self.decls = set()  # the other names declared in scope (size variables)
        self.done = False   # an early return was taken: nothing after it runs

    def child(self, blk):
        env = Env(self.env.bind, self.env.cfg, self.env.ints)
        f = Frame(self.fn, blk, self.m.clone(), env, dict(self.syms), self.acc, self.base, self.depth + 1,
                  self.file)
        f.decls = set(self.decls)
        return f


DEVSYNC = "CHECK(cudaDeviceSynchronize());"
DECLS = ("unsigned", "int", "size_t", "float", "double", "auto", "clock_t", "struct", "Bufs", "Pair", "cudaError_t",
         "volatile")
FREE = {"malloc": "free(%s);", "drop": "drop(%s);", "macro": "FREE_HOST(%s);", "plain": "free(%s);",
        "plaincuda": "cudaFree(%s);", "new": "delete[] %s;", "cudaMallocHost": "CHECK(cudaFreeHost(%s));",
        "cudaHostAlloc": "cudaFreeHost(%s);", "cudaMallocManaged": "CHECK(cudaFree(%s));",
        "cudaMalloc": "CHECK(cudaFree(%s));", "voidcast": "cudaFree(%s);"}


def settle(run, m, env):
    """Runs run on copies of m and env until nothing in it races, putting a
    device-wide sync before each statement that did (Race.where); a race
    of the node itself (no where) is the caller's to repair. Returns the
    number of syncs it added."""
    fixed = 0
    for _ in range(10000):
        try:
            run(m.clone(), env.copy())
            return fixed
        except Race as e:
            if e.where is None:
                raise
            blk, i = e.where
            blk.nodes.insert(i, Stmt(DEVSYNC, [("devsync",)]))
            fixed += 1
    raise RuntimeError("repairs do not converge")


def const(v):
    return Expr(str(v), lambda env, v=v: v)


class Gen:
    """One program, written statement by statement from a seeded RNG."""

    def __init__(self, seed):
        self.r = random.Random(seed)
        self.n = 0
        self.f = None
        self.streams = {LEGACY: ("0", True)}
        self.events = {}  # name -> whether it takes times
        self.clocks = set()  # the events of a timer, which nothing else records
        self.helpers = []
        self.unchecked = False  # CUDA calls written plainly (plainly())
        self.macros = []
        self.kernels = {"k_fill"}  # a program without a kernel is nothing the lowering takes
        self.copies = []  # (function, call, effects, names) of copies made, for repeating one
        self.twin = []    # (host, device) names of buffers main allocates as pairs
        self.sizevar = None
        self.args = []
        self.budget = 0
        self.twofiles = False
        self.main = None
        self.seed = seed
        self.guard = False

    # ------------------------------------------------------------ basics

    def name(self, prefix):
        self.n += 1
        return "%s%d" % (prefix, self.n)

    def chance(self, p):
        return self.r.random() < p

    def pick(self, weighted):
        """One key of a {key: weight} dict."""
        keys = [k for k, w in weighted.items() if w > 0]
        return self.r.choices(keys, [weighted[k] for k in keys])[0]

    def sname(self, s):
        return self.streams[s][0]

    def emit(self, node):
        """Appends node to the current block and runs it on the frame's model;
        a race inside it gets a device-wide sync before the statement that
        races, a race of the node itself one before the node. The node goes
        in first: a recursive call runs the body it ends."""
        f = self.f
        f.blk.add(node)
        for _ in range(3):
            try:
                settle(node.run, f.m, f.env)
                break
            except Race:
                sync = Stmt(DEVSYNC, [("devsync",)])
                f.blk.nodes.insert(len(f.blk.nodes) - 1, sync)
                sync.run(f.m, f.env)
        node.run(f.m, f.env)
        return node

    def stmt(self, lines, effects=()):
        node = Stmt(lines, effects)
        self.prepare(node.effects)
        return self.emit(node)

    def api(self, call, effects=(), what=None):
        """A CUDA runtime call, checked the way one of the usual idioms checks it."""
        how = "plain" if self.unchecked else self.pick({"plain": 3, "macro": 4, "func": 2, "templ": 1, "var": 1,
                                                          "cond": 1, "ret": 1 if self.f.fn is not self.main else 0})
        if how == "plain":
            lines = [call + ";"]
        elif how == "macro":
            lines = ["CHECK(%s);" % call]
        elif how == "func":
            lines = ["check(%s, __LINE__);" % call]
        elif how == "ret":  # a return inside the macro
            lines = ["CHECK_RET(%s);" % call]
        elif how == "templ":
            lines = ['checkT(%s, "%s");' % (call, what or call.split("(")[0])]
        elif how == "var":
            e = self.name("err")
            lines = ["cudaError_t %s = %s;" % (e, call), "if (%s != cudaSuccess)" % e, IND + "bail(%s, __LINE__);" % e]
        else:
            lines = ["if (%s != cudaSuccess)" % call, IND + "bail(cudaGetLastError(), __LINE__);"]
        if len(lines) == 1 and not self.unchecked and self.chance(0.04):  # two statements on one line
            lines[0] += " %s += 1u;" % self.f.acc
        return self.stmt(lines, effects)

    # ------------------------------------------------------------ ordering

    def conflicts(self, m, env, e):
        """The work in flight that effect e would race with, and the stream
        e issues work on (None: the host waits)."""
        k = e[0]
        if k == "host":
            return m.host_conflicts(env.bufs(e[1]), env.bufs(e[2]), e[3]), None
        if k == "issue":
            return m.dev_conflicts(e[1], env.bufs(e[2]), env.bufs(e[3]), e[4]), e[1]
        if k == "bcopy":
            t = m.clone()
            t.stream_sync(LEGACY)
            return t.dev_conflicts(LEGACY, env.bufs(e[1]), env.bufs(e[2])), None
        if k == "free" and e[2] == "host":
            return m.host_conflicts(wr=env.bufs([e[1]])), None
        return [], None

    def prepare(self, effects):
        """Writes the syncs that the effects need before they run."""
        from ir import effect
        for _ in range(8):
            m, env = self.f.m.clone(), self.f.env.copy()
            for e in effects:
                ops, stream = self.conflicts(m, env, e)
                if ops:
                    self.cover(ops, stream)
                    break
                effect(m, env, e)
            else:
                return

    def cover(self, ops, stream):
        """A sync after which ops are done or, for work about to be issued
        on stream, ordered before it."""
        m = self.f.m
        streams = {o.stream for o in ops}
        one = next(iter(streams)) if len(streams) == 1 else None
        ways = {"device": 2}
        if one is not None:
            ways.update(stream=4, event=2, query=1 if one != LEGACY else 0)
            if stream is not None and stream != one:
                ways["wait"] = 5
        elif all(s == LEGACY or m.blocking[s] for s in streams):
            ways["legacy"] = 3
        done = [e for e, rec in m.events.items() if all(m._recorded(o, rec) for o in ops)]
        if done:
            ways["recorded"] = 4
        how = self.pick(ways)
        if how == "recorded":
            e = self.r.choice(done)
            self.api("cudaEventSynchronize(%s)" % e, [("esync", e)])
        else:
            self.sync(how, one, stream)

    def sync(self, how, s, waiter=None):
        """A sync of kind how for the work on stream s (wait: the work about
        to go to stream waiter waits for it on the device)."""
        if how == "device":
            self.api("cudaDeviceSynchronize()", [("devsync",)])
        elif how in ("stream", "legacy"):
            s = LEGACY if how == "legacy" else s
            if self.chance(0.08):  # two statements of one macro expansion
                self.stmt("SYNC_TWICE(%s);" % self.sname(s), [("ssync", s)])
            else:
                self.api("cudaStreamSynchronize(%s)" % self.sname(s), [("ssync", s)])
        elif how in ("event", "wait", "record"):
            e = self.event()
            self.api("cudaEventRecord(%s, %s)" % (e, self.sname(s)), [("record", e, s)])
            if how == "event":
                self.api("cudaEventSynchronize(%s)" % e, [("esync", e)])
            elif how == "wait":
                self.api("cudaStreamWaitEvent(%s, %s, 0)" % (self.sname(waiter), e), [("wait", waiter, e)])
        else:
            self.stmt(["while (cudaStreamQuery(%s) != cudaSuccess)" % self.sname(s), IND + ";"], [("ssync", s)])

    def anysync(self):
        """A sync of any kind, of any stream, whether or not it has work in flight."""
        s = self.stream()
        ways = {"device": 2, "stream": 3, "event": 2, "legacy": 1, "query": 1 if s != LEGACY else 0}
        done = [e for e in self.f.m.events if e in self.events]
        if done and self.chance(0.4):
            e = self.r.choice(done)
            return self.api("cudaEventSynchronize(%s)" % e, [("esync", e)])
        self.sync(self.pick(ways), s)

    def event(self, timing=False):
        pool = [e for e, t in self.events.items() if (t or not timing) and e not in self.clocks]
        if pool and self.chance(0.75):
            return self.r.choice(pool)
        e = "g_e%d" % len(self.events)
        self.events[e] = timing or self.chance(0.5)
        return e

    def early(self, stream):
        """Right after work on stream: sometimes a sync or an event record at
        once, with host work still to come (the syncs cuflow moves down)."""
        if self.chance(0.5):
            legacy = stream == LEGACY or self.streams[stream][1]
            self.sync(self.pick({"device": 3, "stream": 5, "event": 2, "record": 2, "legacy": 1 if legacy else 0,
                                 "query": 1 if stream != LEGACY else 0}), stream)

    def stream(self):
        return self.r.choice([LEGACY, LEGACY] + sorted(self.streams))

    # ------------------------------------------------------------ names

    def syms(self, spaces, notwin=False):
        """The names in scope of buffers in spaces (notwin: mostly not a twin,
        whose other copies would keep the fuse pass from it)."""
        return [s for s in self.f.syms.values() if s.space in spaces and not (notwin and s.twin and self.chance(0.9))]

    def region(self, *syms):
        """(count, offsets): the elements an access covers in each of syms."""
        n = min(s.n for s in syms)
        if self.chance(0.6):
            return n, [0] * len(syms)
        c = self.r.randint(1, n)
        return c, [self.r.randint(0, s.n - c) for s in syms]

    def same(self, a, b):
        return self.f.env.bind[a.name] == self.f.env.bind[b.name]

    def nbytes(self, c):
        return self.r.choice(["%d * sizeof(unsigned)", "sizeof(unsigned) * %d", "(size_t)%d * 4"]) % c

    def intexpr(self, lo, hi):
        """An int of the program in [lo, hi] that cuflow cannot fold: built
        from argc (main) or the helper's parameter k."""
        f = self.f
        v, b = self.r.randint(lo, hi), f.base
        d = v - f.env.ints[b]
        if self.chance(0.2):
            return const(v)
        text = b if d == 0 else "%s + %d" % (b, d) if d > 0 else "%s - %d" % (b, -d)
        return Expr(text, lambda env, b=b, d=d: env.ints[b] + d)

    def cond(self):
        """A condition from argc or k: the same in every run, unknown to cuflow."""
        b, t = self.f.base, self.r.randint(0, 4)
        op = self.r.choice([">", "<", "==", "!="])
        fn = {">": lambda x, y: x > y, "<": lambda x, y: x < y, "==": lambda x, y: x == y, "!=": lambda x, y: x != y}[op]
        return Expr("%s %s %d" % (b, op, t), lambda env, b=b, t=t, fn=fn: fn(env.ints[b], t))

    # ------------------------------------------------------------ buffers

    def alloc(self, space, n, init=True, plain=False):
        """Allocates a buffer of n elements (and fills it): its Sym. A plain
        allocation is malloc or cudaMalloc alone in its statement."""
        name = self.name({"host": "h", "pinned": "p", "managed": "m", "device": "d"}[space])
        nb = "%d * sizeof(unsigned)" % n
        eff = [("alloc", name, space)]
        if space == "host":
            form = "plain" if plain else self.r.choice(["malloc", "malloc", "new"])
            text = ("unsigned *%s = (unsigned *)malloc(%s);" % (name, nb) if form in ("malloc", "plain")
                    else "unsigned *%s = new unsigned[%d];" % (name, n))
            self.stmt(text, eff)
        else:
            form = {"pinned": self.r.choice(["cudaMallocHost", "cudaHostAlloc"]), "managed": "cudaMallocManaged",
                    "device": self.r.choice(["cudaMalloc", "cudaMalloc", "voidcast"])}[space]
            self.stmt("unsigned *%s;" % name)
            call = {"cudaMallocHost": "cudaMallocHost(&%s, %s)", "cudaHostAlloc": "cudaHostAlloc(&%s, %s, cudaHostAllocDefault)",
                    "cudaMallocManaged": "cudaMallocManaged(&%s, %s)", "cudaMalloc": "cudaMalloc(&%s, %s)",
                    "voidcast": "cudaMalloc((void **)&%s, %s)"}[form]
            if plain:
                form = "plaincuda"
                self.stmt("cudaMalloc(&%s, %s);" % (name, nb), eff)
            else:
                self.api(call % (name, nb), eff)
        s = Sym(name, space, n, owned=True, alloc=form)
        s.twin = plain
        self.f.syms[name] = s
        if init:
            self.fill(s)
        return s

    def fill(self, s):
        if s.space in HOSTSEEN:
            self.hostwrite(s, whole=True)
        elif self.chance(0.5):
            self.api("cudaMemset(%s, 0, %s)" % (s.name, self.nbytes(s.n)), [("issue", LEGACY, [], [s.name], False)])
        else:
            self.launch("k_fill", s, None, self.stream())

    def release(self, s):
        f = self.f
        gone = [k for k in f.syms if self.same(f.syms[k], s)]
        self.stmt(FREE[s.alloc] % s.name, [("free", s.name, s.space)])
        for k in gone:
            del f.syms[k]

    def alias(self):
        """A second name for a buffer: a pointer into it, or a struct's fields."""
        f = self.f
        live = [s for s in f.syms.values() if not s.twin or self.chance(0.15)]
        if not live:
            return
        s = self.r.choice(live)
        if self.chance(0.6) or len(live) < 2:
            off = self.r.randint(0, s.n // 2) if self.chance(0.5) else 0
            a = self.name("a")
            self.stmt("unsigned *%s = %s;" % (a, s.at(off)) if off or self.chance(0.5) else "unsigned *%s = &%s[0];" % (a, s.name),
                      [("alias", a, s.name)])
            f.syms[a] = Sym(a, s.space, s.n - off, base=s.base + off)
            return
        t = self.r.choice([x for x in live if x is not s])
        b = self.name("bs")
        self.stmt("Bufs %s = {%s, %s};" % (b, s.name, t.name), [("alias", b + ".a", s.name), ("alias", b + ".b", t.name)])
        f.syms[b + ".a"] = Sym(b + ".a", s.space, s.n, base=s.base)
        f.syms[b + ".b"] = Sym(b + ".b", t.space, t.n, base=t.base)

    # ------------------------------------------------------------ device work

    def launch(self, kernel=None, w=None, rd=None, stream=None, early=True):
        """A kernel launch writing w (reading rd) on stream (early: maybe
        waited for at once)."""
        kside = self.syms(KERNELSIDE)
        if not kside:
            return self.work()
        if kernel is None:
            kernel = self.pick({"k_fill": 2, "k_mix": 6, "k_copy": 3, "k_show": 1, "k_pair": 2, "k_twist": 2,
                                "k_add": 2, "k_grid": 1})
        if self.f.file == 1 and kernel not in DECLARED:
            kernel = "k_mix"
        stream = self.stream() if stream is None else stream
        w = w or self.r.choice(kside)
        rd = rd or self.r.choice(kside)
        self.kernels.add(kernel)
        if kernel in ("k_fill", "k_twist", "k_grid", "k_show"):
            c, (o,) = self.region(w)
            rds, wrs = ([w.name], []) if kernel == "k_show" else ([w.name] if kernel != "k_fill" else [], [w.name])
            args = {"k_fill": "%s, %d, %du" % (w.at(o), c, self.r.randint(1, 999)),
                    "k_twist": "%s, %d, %du" % (w.at(o), c, self.r.randint(1, 999)),
                    "k_show": "%s, %d, %du" % (w.at(o), c, self.r.randint(1, 99))}.get(kernel)
            if kernel == "k_grid":
                c, o = (w.n, 0) if c < 4 else (c, o)
                wd = self.r.choice([x for x in (4, 8, 16, 32) if x <= c])
                args, geo = "%s, %d, %d" % (w.at(o), wd, c // wd), "dim3(%d, %d), dim3(16, 16)" % (
                    (wd + 15) // 16, (c // wd + 15) // 16)
            else:
                geo = self.geometry(1 if kernel == "k_show" else c)
        else:
            c, (o, o2) = self.region(w, rd)
            if self.same(w, rd):  # thread i reads what it writes, no other thread's element
                o2 = o + w.base - rd.base
                if not 0 <= o2 <= rd.n - c:
                    rd, o2 = w, o
            rds, wrs = [rd.name, w.name] if kernel != "k_copy" else [rd.name], [w.name]
            geo = self.geometry(c)
            if kernel == "k_pair":
                p = self.name("pr")
                self.stmt("Pair %s = {%s, %s};" % (p, w.at(o), rd.at(o2)))
                args = "%s, %d" % (p, c)
            elif kernel == "k_mix":
                args = "%s, %s, %d, %du" % (w.at(o), rd.at(o2), c, self.r.randint(1, 999))
            else:
                args = "%s, %s, %d" % (w.at(o), rd.at(o2), c)
        name = kernel + ("<unsigned>" if kernel == "k_add" and self.chance(0.5) else "")
        sp = self.sname(stream)
        cfg = (", 0, %s" % sp) if stream != LEGACY or self.chance(0.3) else ""
        self.stmt("%s<<<%s%s>>>(%s);" % (name, geo, cfg, args), [("issue", stream, rds, wrs, kernel == "k_show")])
        if self.chance(0.15):
            self.api("cudaGetLastError()")
        if early:
            self.early(stream)

    def geometry(self, c):
        b = self.r.choice([32, 64, 128, 256])
        return "(%d + %d) / %d, %d" % (c, b - 1, b, b) if self.chance(0.7) else "%d, %d" % ((c + b - 1) // b, b)

    def copy(self, dst, src, stream=None, twod=False, whole=False, early=True):
        """cudaMemcpy (or Async on stream, or 2D) from src to dst: the call and its effects."""
        call, eff = self.copycall(dst, src, stream, twod, whole)
        args = call[call.index("(") + 1:-1].split(", ")
        if self.macros and len(args) == 4 and self.chance(0.1):  # #if lines inside the call, alike both ways
            m = self.r.choice(self.macros)
            self.stmt([call.split("(")[0] + "(%s, %s," % (args[0], args[1]), "#if " + m, IND * 2 + args[2] + ",",
                       "#else", IND * 2 + args[2] + ",", "#endif", IND * 2 + args[3] + ");"], eff)
        elif dst.twin and src.twin and self.chance(0.8):
            self.stmt(call + ";", eff)  # unchecked, as the fuse pass takes them
        else:
            self.api(call, eff)
        self.copies.append((self.f.fn, call, eff, (dst.name, src.name) + tuple(self.f.decls & {self.sizevar})))
        if stream is not None and early:
            self.early(stream)
        return call, eff

    def copycall(self, dst, src, stream, twod, whole):
        """The text and effects of a copy from src to dst."""
        kind = ("cudaMemcpyHostToDevice" if dst.space == "device" and src.space != "device"
                else "cudaMemcpyDeviceToHost" if src.space == "device" and dst.space != "device"
                else "cudaMemcpyDeviceToDevice")
        c, (od, osrc) = (min(dst.n, src.n), (0, 0)) if whole else self.region(dst, src)
        size = self.nbytes(c)
        if dst.twin and src.twin and whole:
            size = "%d * sizeof(unsigned)" % c  # as the allocations spell it
        elif self.chance(0.12):  # the size in a variable the sync then uses (shadowed by a later loop's)
            self.sizevar = self.name("bytes")
            self.stmt("size_t %s = %s;" % (self.sizevar, size))
            self.f.decls.add(self.sizevar)
            size = self.sizevar
        if twod and c >= 4:
            wd = self.r.choice([x for x in (2, 4, 8, 16) if c % x == 0] or [1])
            pitch = "%d * sizeof(unsigned)" % wd
            call = "cudaMemcpy2D%s(%s, %s, %s, %s, %s, %d, %s%s)" % (
                "Async" if stream is not None else "", dst.at(od), pitch, src.at(osrc), pitch, pitch, c // wd, kind,
                ", " + self.sname(stream) if stream is not None else "")
        else:
            call = "cudaMemcpy%s(%s, %s, %s, %s%s)" % ("Async" if stream is not None else "", dst.at(od), src.at(osrc),
                                                       size, kind,
                                                       ", " + self.sname(stream) if stream is not None else "")
        if stream is not None:
            eff = ("issue", stream, [src.name], [dst.name], False)
        elif kind == "cudaMemcpyDeviceToDevice":
            eff = ("issue", LEGACY, [src.name], [dst.name], False)
        else:
            eff = ("bcopy", [src.name], [dst.name], dst.name if dst.space == "device" else None)
        return call, [eff]

    def twins(self):
        """The host and device buffers of main allocated as pairs, both live here."""
        return [(self.f.syms[h], self.f.syms[d]) for h, d in self.twin if h in self.f.syms and d in self.f.syms]

    def transfer(self, direction, h=None, d=None):
        """An upload or download between a host and a device buffer (in
        a program of twins, mostly the whole of a pair's)."""
        pairs = self.twins()
        if pairs and not h and self.chance(0.8):
            h, d = self.r.choice(pairs)
            return self.copy(d, h, whole=True) if direction == "up" else self.copy(h, d, whole=True)
        hs, ds = self.syms(HOSTSIDE, True), self.syms(("device",), True)
        if self.chance(0.15):  # managed memory copied like host memory
            hs += self.syms(("managed",))
        if not (h or hs) or not (d or ds):
            return self.launch()
        h, d = h or self.r.choice(hs), d or self.r.choice(ds)
        stream = self.stream() if self.chance(0.35) else None
        twod = self.chance(0.12)
        if direction == "up":
            return self.copy(d, h, stream, twod)
        return self.copy(h, d, stream, twod)

    def d2d(self):
        ds = self.syms(("device",), True)
        if len(ds) < 2:
            return self.launch()
        a, b = self.r.sample(ds, 2)
        if self.same(a, b):
            return self.launch()
        self.copy(a, b, self.stream() if self.chance(0.4) else None)

    def memset(self):
        ds = self.syms(("device",))
        if not ds or self.chance(0.3):
            hs = self.syms(HOSTSEEN)
            if hs:
                s = self.r.choice(hs)
                c, (o,) = self.region(s)
                self.stmt("memset(%s, %d, %s);" % (s.at(o), self.r.randint(0, 255), self.nbytes(c)),
                          [("host", [], [s.name], False)])
            return
        s = self.r.choice(ds)
        c, (o,) = self.region(s)
        if self.chance(0.5):
            self.api("cudaMemset(%s, %d, %s)" % (s.at(o), self.r.randint(0, 255), self.nbytes(c)),
                     [("issue", LEGACY, [], [s.name], False)])
        else:
            st = self.stream()
            call = "cudaMemsetAsync(%s, %d, %s, %s)" % (s.at(o), self.r.randint(0, 255), self.nbytes(c), self.sname(st))
            if self.chance(0.15):  # the work and its wait in one statement
                self.stmt("%s, cudaStreamSynchronize(%s);" % (call, self.sname(st)),
                          [("issue", st, [], [s.name], False), ("ssync", st)])
                return
            self.api(call, [("issue", st, [], [s.name], False)])
            self.early(st)

    # ------------------------------------------------------------ host work

    def hostwrite(self, s=None, whole=False):
        hs = self.syms(HOSTSEEN)
        if not s and not hs:
            return self.work()
        s = s or self.r.choice(hs)
        c, (o,) = (s.n, (0,)) if whole else self.region(s)
        i, k = self.name("i"), self.r.randint(1, 99)
        how = self.r.choice(["loop", "loop", "one", "copy"]) if not whole else "loop"
        if how == "one":
            self.stmt("%s[%d] += %du;" % (s.name, o, k), [("host", [s.name], [s.name], False)])
            return
        if how == "copy":
            others = [x for x in hs if not self.same(x, s) and x.n >= c]
            if others:
                t = self.r.choice(others)
                self.stmt("memcpy(%s, %s, %s);" % (s.at(o), t.name, self.nbytes(c)), [("host", [t.name], [s.name], False)])
                return
        self.stmt(["for (int %s = %d; %s < %d; ++%s)" % (i, o, i, o + c, i),
                   IND + "%s[%s] = (unsigned)%s * %du + %s;" % (s.name, i, i, k, self.f.acc)],
                  [("host", [], [s.name], False)])

    def hostread(self, s=None):
        hs = self.syms(HOSTSEEN)
        if not s and not hs:
            return self.work()
        s = s or self.r.choice(hs)
        c, (o,) = self.region(s)
        acc = self.f.acc
        how = self.r.choice(["loop", "loop", "one", "fold"])
        if how == "one":
            text = "%s ^= %s[%d];" % (acc, s.name, o)
        elif how == "fold":
            text = "%s = fold(%s, %s, %d);" % (acc, acc, s.at(o), c)
        else:
            i = self.name("i")
            text = ["for (int %s = 0; %s < %d; ++%s)" % (i, i, c, i),
                    IND + "%s = %s * 31u + %s[%s + %d];" % (acc, acc, s.name, i, o)]
        self.stmt(text, [("host", [s.name], [], False)])

    def work(self):
        """Host work that touches no buffer."""
        acc = self.f.acc
        if self.chance(0.5):
            self.stmt("%s = mixn(%s, %d);" % (acc, acc, self.r.randint(10, 200)))
        else:
            # sometimes named like a copy's size variable, which it shadows
            i = self.sizevar if self.sizevar and self.chance(0.3) else self.name("i")
            self.stmt(["for (int %s = 0; %s < %d; ++%s)" % (i, i, self.r.randint(8, 300), i),
                       IND + "%s = %s * %du + (unsigned)%s;" % (acc, acc, self.r.choice([7, 31, 33, 131]), i)])

    def volatile(self):
        v = self.name("vol")
        self.stmt(["volatile unsigned %s = %s;" % (v, self.f.acc), "%s += %s;" % (self.f.acc, v)])

    def exits(self):
        """An exit, or a return inside a macro, no run reaches."""
        b = self.f.base
        if self.f.fn is not self.main and self.chance(0.4):
            return self.stmt("RET_IF(%s > 1000);" % b)
        call = self.r.choice(["exit(3)", "bail(cudaErrorUnknown, __LINE__)", "abort()"])
        self.emit(If(Expr("%s > 1000" % b, lambda env, b=b: env.ints[b] > 1000), Block([Stmt(call + ";")])))

    def throws(self):
        """A throw no run reaches."""
        self.emit(If(Expr("%s > 1000" % self.f.base, lambda env, b=self.f.base: env.ints[b] > 1000),
                     Jump("throw", self.f.base)))

    def hostprint(self):
        self.stmt('printf("%s %%u\\n", %s);' % (self.name("at"), self.f.acc), [("host", [], [], True)])

    def timer(self):
        """Clock reads around some statements (never printed: the output must not vary)."""
        how = self.pick({"chrono": 3, "clock": 1, "tod": 1, "event": 3})
        t = self.name("t")
        if how == "event":
            s = self.stream()
            e0, e1 = ("g_e%d" % (len(self.events) + k) for k in range(2))
            self.events.update({e0: True, e1: True})
            self.clocks.update((e0, e1))  # recorded again inside, one would not be done when it is read
            self.api("cudaEventRecord(%s, %s)" % (e0, self.sname(s)), [("record", e0, s)])
            self.launch(stream=s)
            self.block(self.r.randint(0, 2))
            self.api("cudaEventRecord(%s, %s)" % (e1, self.sname(s)), [("record", e1, s)])
            self.api("cudaEventSynchronize(%s)" % e1, [("esync", e1)])
            self.stmt("float %s = 0.0f;" % t)
            self.api("cudaEventElapsedTime(&%s, %s, %s)" % (t, e0, e1))
            val = "%s < 0.0f" % t
        else:
            begin = {"chrono": "auto %s = std::chrono::steady_clock::now();",
                     "clock": "clock_t %s = clock();",
                     "tod": "struct timeval %s;\ngettimeofday(&%s, NULL);"}[how]
            self.stmt((begin.replace("%s", t)).split("\n"))
            self.block(self.r.randint(1, 3))
            end = {"chrono": ["double %s_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - %s).count();"
                              % (t, t)],
                   "clock": ["double %s_s = (double)(clock() - %s) / CLOCKS_PER_SEC;" % (t, t)],
                   "tod": ["struct timeval %s_e;" % t, "gettimeofday(&%s_e, NULL);" % t,
                           "double %s_s = (double)(%s_e.tv_sec - %s.tv_sec);" % (t, t, t)]}[how]
            self.stmt(end)
            val = "%s_s < 0.0" % t
        self.emit(If(Expr(val, lambda env: False),
                     Block([Stmt('printf("the clock went back\\n");', [("host", [], [], True)])])))

    # ------------------------------------------------------------ control flow

    def nested(self, blk, body):
        """Runs body (which writes statements) into blk, a block nested in
        the current one, on a copy of the frame: the child frame."""
        parent = self.f
        self.f = parent.child(blk)
        try:
            body()
            return self.f
        finally:
            self.f = parent

    def some(self, lo=1, hi=3):
        return lambda: self.block(self.r.randint(lo, hi))

    def loop(self, body=None, zero=0.05):
        """A loop of 0 to 4 iterations (none with probability zero), maybe left early."""
        var = self.name("it")
        bound = self.intexpr(0, 0) if self.chance(zero) else self.intexpr(1, 4)
        blk = Block()

        def gen():
            self.f.env.ints[var] = 0
            (body or self.some(1, 4))()

        self.nested(blk, gen)
        exit = self.pick({"none": 6, "break": 1, "continue": 1, "goto": 1,
                          "return": 1 if self.f.fn is not self.main else 0})
        label = self.name("out") if exit == "goto" else None
        if exit != "none":
            k = self.r.randint(0, 3)
            jump = If(Expr("%s == %d" % (var, k), lambda env, v=var, k=k: env.ints[v] == k),
                      Jump(exit, self.f.acc if exit == "return" else label))
            blk.nodes.insert(self.r.randint(0, len(blk.nodes)), jump)
        # a while loop's increment comes last, where a continue would skip it
        form = self.pick({"for": 6, "while": 2 if exit != "continue" else 0, "macro": 1})
        self.emit(Loop(var, bound, blk, form))
        if label:
            self.emit(Label(label))

    def branch(self):
        cond, then = self.cond(), Block()
        self.nested(then, self.some(1, 1) if self.chance(0.25) else self.some())
        one = then.nodes[0] if len(then.nodes) == 1 else None
        if isinstance(one, Stmt) and len(one.text) == 1 and one.text[0].count(";") == 1 and \
                not one.text[0].split()[0] in DECLS and not one.text[0].startswith("SYNC_TWICE"):
            then = one  # a body of one statement (not two on its line, nor a macro of two), without braces
        els = None
        if self.chance(0.5):
            els = Block()
            self.nested(els, self.some())
        self.emit(If(cond, then, els))

    def ifdef(self):
        if self.macros and self.chance(0.4):
            macro = self.r.choice(self.macros)
        else:
            macro = "SMITH_CFG_%d" % (len(self.macros) + 1)
            self.macros.append(macro)
        then = Block()
        self.nested(then, self.some(1, 2))
        els = None
        if self.chance(0.4):
            els = Block()
            self.nested(els, self.some(1, 2))
        self.emit(IfDef(macro, then, els))

    def skip(self):
        cond, body = self.cond(), Block()
        self.nested(body, self.some())
        tail = Stmt("cudaDeviceSynchronize();", [("devsync",)]) if self.chance(0.3) else None
        # a wait right before the label, skipped with the block
        mid = Stmt("cudaDeviceSynchronize();", [("devsync",)]) if self.chance(0.3) else None
        self.emit(Skip(cond, self.name("skip"), body, tail, mid))

    def early_return(self):
        cond = self.cond()
        self.emit(If(cond, Jump("return", self.f.acc)))
        if cond.eval(self.f.env):
            self.f.done = True

    # ------------------------------------------------------------ calls

    def callargs(self, lo=1, hi=3):
        live = [s for s in self.f.syms.values() if not s.twin or self.chance(0.15)]
        return self.r.sample(live, min(len(live), self.r.randint(lo, hi))) if live else []

    def helper(self, args, ints=("k",), vals=(1,), body=None, struct=None, file=None):
        """A new helper taking args (the caller's names) and ints, its body
        written on a copy of the caller's state (in file, or one chosen)."""
        caller = self.f
        if file is None:
            file = 1 if self.twofiles and (caller.file == 1 or self.chance(0.6)) else 0
        struct = len(args) == 2 and self.chance(0.25) if struct is None else struct
        formals = ["bs->a", "bs->b"] if struct else ["q%d" % i for i in range(len(args))]
        params = (["Bufs *bs"] if struct else ["unsigned *%s" % q for q in formals]) + ["int %s" % i for i in ints]
        fn = Func(self.name("rec" if "depth" in ints else "step"), "unsigned", params, formals, ints, static=file == 0)
        fn.file, fn.struct, fn.recursive = file, struct, "depth" in ints
        fn.formals = [Sym(q, a.space, a.n, base=a.base) for q, a in zip(formals, args)]
        fn.distinct = len({caller.env.bind[a.name] for a in args}) == len(args)
        env = Env({q: caller.env.bind[a.name] for q, a in zip(formals, args)}, caller.env.cfg, dict(zip(ints, vals)))
        self.f = Frame(fn, fn.body, caller.m.clone(), env, {s.name: s for s in fn.formals}, "r", "k",
                       caller.depth + 1, file)
        try:
            self.stmt("unsigned r = (unsigned)k * 2654435761u;")
            if self.chance(0.05):
                self.stmt("jmp_buf jb;")
                self.emit(If(Expr("setjmp(jb) != 0", lambda env: False), Jump("return", "r")))
            if self.chance(0.07):  # the body in a try block, whose handler never runs
                blk = Block()
                self.nested(blk, body or self.some(2, 5))
                self.emit(Try(blk, Block([Stmt("r = 0u;")])))
            else:
                (body or self.some(2, 5))()
            if not self.f.done and self.chance(0.25):  # launch, then the download last: its wait may leave the helper
                self.launch()
                self.transfer("down")
            if not self.f.done and self.chance(0.1):
                self.emit(Jump("return", "r + (unsigned)cudaDeviceSynchronize()", [("devsync",)]))
            elif not self.f.done:
                self.emit(Jump("return", "r"))
        finally:
            self.f = caller
        self.helpers.append(fn)
        return fn

    def calltext(self, callee, struct, args, extra):
        """The statements of a call of callee with args: (setup lines, call expression)."""
        setup = []
        if struct:
            b = self.name("bs")
            setup = ["Bufs %s = {%s, %s};" % (b, args[0].name, args[1].name)]
            actual = ["&" + b]
        else:
            actual = [a.name for a in args]
        return setup, "%s(%s)" % (callee, ", ".join(actual + extra))

    def usecall(self, expr):
        acc = self.f.acc
        how = self.r.choice(["mix", "mix", "drop", "var"])
        if how == "drop":
            return [expr + ";"]
        if how == "var":
            v = self.name("v")
            return ["unsigned %s = %s;" % (v, expr), "%s ^= %s;" % (acc, v)]
        return ["%s = %s * %du + %s;" % (acc, acc, self.r.choice([3, 7, 13]), expr)]

    def call(self):
        args = self.callargs()
        k = self.intexpr(0, 5)
        fn = self.helper(args, vals=[k.eval(self.f.env)])
        setup, expr = self.calltext(fn.name, fn.struct, args, [k.text])
        self.emit(Call(setup + self.usecall(expr), [fn], [a.name for a in args], [k]))

    def recall(self):
        """A second call of an existing helper, maybe with other buffers."""
        f = self.f
        cands = [h for h in self.helpers if h.distinct and not h.recursive and (f.file == 0 or h.file == 1)]
        self.r.shuffle(cands)
        for h in cands:
            args, used = [], set()
            for fm in h.formals:
                fit = [s for s in f.syms.values()
                       if s.space == fm.space and s.n >= fm.n and f.env.bind[s.name] not in used]
                if not fit:
                    break
                a = self.r.choice(fit)
                used.add(f.env.bind[a.name])
                args.append(a)
            else:
                k = self.intexpr(0, 5)
                setup, expr = self.calltext(h.name, h.struct, args, [k.text])
                return self.emit(Call(setup + self.usecall(expr), [h], [a.name for a in args], [k]))
        return self.call()

    def fnptr(self):
        args = self.callargs()
        k = self.intexpr(0, 5)
        struct = len(args) == 2 and self.chance(0.25)
        a = self.helper(args, vals=[k.eval(self.f.env)], struct=struct)
        b = self.helper(args, vals=[k.eval(self.f.env)], struct=struct)
        cond, fp = self.cond(), self.name("fp")
        types = (["Bufs *"] if struct else ["unsigned *"] * len(args)) + ["int"]
        decl = "unsigned (*%s)(%s) = %s ? %s : %s;" % (fp, ", ".join(types), cond.text, a.name, b.name)
        setup, expr = self.calltext(fp, struct, args, [k.text])
        setup[0:0] = [decl]
        pick = Expr(cond.text, lambda env, c=cond: 0 if c.eval(env) else 1)
        self.emit(Call(setup + self.usecall(expr), [a, b], [a_.name for a_ in args], [k], pick=pick))

    def recursion(self):
        args = self.callargs(1, 2)
        k, depth = self.intexpr(0, 5), self.r.randint(1, 3)

        def body():
            self.emit(If(Expr("depth <= 0", lambda env: env.ints["depth"] <= 0), Jump("return", "r")))
            self.block(self.r.randint(1, 3))
            fn = self.f.fn
            formals = ["bs"] if fn.struct else fn.bufparams
            text = "return r * 3u + %s(%s, k, depth - 1);" % (fn.name, ", ".join(formals))
            ints = [Expr("k", lambda env: env.ints["k"]), Expr("depth - 1", lambda env: env.ints["depth"] - 1)]
            self.emit(Call(text, [fn], fn.bufparams, ints, tail=True))
            self.f.done = True

        fn = self.helper(args, ("k", "depth"), [k.eval(self.f.env), depth], body)
        setup, expr = self.calltext(fn.name, fn.struct, args, [k.text, str(depth)])
        self.emit(Call(setup + self.usecall(expr), [fn], [a.name for a in args], [k, const(depth)]))

    # ------------------------------------------------------------ patterns of the copy passes

    def pair(self, hspaces=HOSTSIDE):
        hs, ds = self.syms(hspaces, True), self.syms(("device",), True)
        return (self.r.choice(hs), self.r.choice(ds)) if hs and ds else (None, None)

    def temp(self):
        """A buffer that lives for a few statements: its free is a sync."""
        t = self.alloc(self.pick({"device": 4, "host": 1, "pinned": 1, "managed": 1}), self.r.choice(SIZES))
        self.block(self.r.randint(0, 2))
        ds = self.syms(("device",))
        if t.space == "device":
            hs = self.syms(HOSTSIDE)
            if hs and self.chance(0.5):
                self.copy(self.r.choice(hs), t)
            else:
                self.launch(w=self.r.choice(self.syms(KERNELSIDE)), rd=t)
        elif t.space in HOSTSIDE and ds and self.chance(0.4):  # a download nothing reads
            self.copy(t, self.r.choice(ds))
        else:
            self.hostread(t)
        self.work()
        self.release(t)

    def extra(self, *syms):
        """Sometimes, in a loop of the copy patterns, something that may keep
        the copies in it: an access to their buffers, an #if group, a call."""
        if not self.chance(0.35):
            return
        hs = [s for s in syms if s and s.space in HOSTSEEN]
        ways = {self.ifdef: 2, self.call: 1, self.fnptr: 1, self.volatile: 1, self.exits: 1}
        if hs:
            ways[lambda: self.hostread(self.r.choice(hs))] = 2
            ways[lambda: self.hostwrite(self.r.choice(hs))] = 2
        self.pick(ways)()

    def invariant(self):
        """A loop that uploads the same bytes every iteration."""
        h, d = self.pair()
        w = [s for s in self.syms(KERNELSIDE) if not d or not self.same(s, d)]
        if not h or not w:
            return self.loop()
        w, s = self.r.choice(w), self.stream()

        def body():
            self.copy(d, h, s if self.chance(0.3) else None)
            self.launch("k_mix", w, d, s)
            self.extra(h, d)
            self.block(self.r.randint(0, 1))

        self.loop(body, zero=0.3)  # hoisted, the upload runs under the loop's first test

    def sink(self):
        """A loop that downloads what its kernel wrote every iteration."""
        h, d = self.pair()
        if not h:
            return self.loop()

        def body():
            self.launch(self.r.choice(["k_mix", "k_twist", "k_fill"]), d)
            self.copy(h, d, self.stream() if self.chance(0.2) else None)
            self.extra(h, d)
            self.block(self.r.randint(0, 1))

        self.loop(body)
        self.hostread(h)

    def fuse(self):
        """Copies of several buffers back to back (whole twins where there are)."""
        pairs = self.twins()
        if len(pairs) < 2:
            pairs = [self.pair() for _ in range(3)]
            if not pairs[0][0]:
                return self.transfer("up")
        up = self.chance(0.6)
        chosen = self.r.sample(pairs, min(len(pairs), self.r.randint(2, 4)))
        for i, (h, d) in enumerate(chosen):
            self.copy(d, h, whole=True) if up else self.copy(h, d, whole=True)
            if up and i + 1 < len(chosen) and self.chance(0.3):
                self.hostwrite(h)  # the source changes before the next upload: fuse must not gather them past it
        if up:
            self.launch(rd=chosen[0][1])
        else:
            self.work()
            self.hostread(chosen[0][0])

    def split(self):
        """A pinned upload, a kernel, host work, a pinned download."""
        p, d = self.pair(("pinned",))
        if not p:
            return self.temp()
        self.copy(d, p)
        self.launch(self.r.choice(["k_twist", "k_mix"]), d)
        self.work()
        self.block(self.r.randint(0, 2))
        self.copy(p, d)
        self.hostread(p)

    def redundant(self):
        """The same upload twice, a kernel that reads it between."""
        h, d = self.pair()
        if not h:
            return self.transfer("up")
        call, eff = self.copy(d, h)
        w = [s for s in self.syms(KERNELSIDE) if not self.same(s, d)]
        if w:
            self.launch("k_mix", self.r.choice(w), d, LEGACY)
        self.block(self.r.randint(0, 1))
        self.api(call, eff)

    def again(self):
        """A copy this function made before, once more."""
        mine = [c for c in self.copies if c[0] is self.f.fn and all(x in self.f.syms or x in self.f.decls for x in c[3])]
        if not mine:
            return self.transfer(self.r.choice(["up", "down"]))
        fn, call, eff, _ = self.r.choice(mine)
        self.api(call, eff)

    def dead(self):
        """A download whose bytes the host overwrites before reading them."""
        h, d = self.pair()
        if not h:
            return self.transfer("down")
        self.copy(h, d)
        self.work()
        self.hostwrite(h, whole=True)

    def crossing(self):
        """Work on one stream, a wait that covers only another stream's (a
        stream or event sync, a blocking copy, which a non-blocking stream's
        work does not wait for), more work with a device-wide sync right
        after it, host work, then a read of the first work's result."""
        others = [s for s in self.streams if s != LEGACY]
        hs, ds, ms = self.syms(HOSTSIDE, True), self.syms(("device",), True), self.syms(("managed",))
        if not others or not ((hs and ds) or ms):
            return self.launch()
        nonblocking = [s for s in others if not self.streams[s][1]]
        a = self.r.choice(nonblocking or others)
        pinned = [h for h in hs if h.space == "pinned"]  # an async download to pageable memory waits
        if hs and ds and (not ms or self.chance(0.7)):
            target, src = self.r.choice(pinned or hs), self.r.choice(ds)
            self.copy(target, src, stream=a, early=False)
        else:
            target = src = self.r.choice(ms)
            self.launch("k_twist", target, stream=a, early=False)
        b = self.r.choice([s for s in [LEGACY] + others if s != a])
        up = [(d, h) for d in ds for h in hs if not self.same(d, src) and not self.same(h, target)]
        how = self.pick({"stream": 3, "event": 2, "copy": 3 if up else 0})
        if how == "copy":
            self.copy(*self.r.choice(up))
        else:
            self.sync(how, b)
        free = [x for x in self.syms(KERNELSIDE) if not self.same(x, src) and not self.same(x, target)]
        if free:
            x = self.r.choice(free)
            self.launch(self.r.choice(["k_fill", "k_twist"]), x, x, stream=b, early=False)
        self.sync("device", b)
        self.work()
        self.block(self.r.randint(0, 1))
        self.hostread(target)

    def twice(self):
        """The same download twice, nothing reading the first."""
        h, d = self.pair()
        if not h:
            return self.transfer("down")
        call, eff = self.copy(h, d)
        self.work()
        self.api(call, eff)
        self.hostread(h)

    def bothways(self):
        """An upload on both paths of a branch, then the same upload again."""
        h, d = self.pair()
        if not h:
            return self.transfer("up")
        call, eff = self.copycall(d, h, None, False, self.chance(0.5))
        sides = [Block(), Block()]
        for b in sides:
            self.nested(b, lambda: (self.api(call, eff), self.work()))
        self.emit(If(self.cond(), sides[0], sides[1]))
        self.api(call, eff)
        self.launch(rd=d)

    def roundtrip(self):
        """A loop that uploads a buffer, changes it on the device and downloads it."""
        pairs = self.twins() or [self.pair()]
        h, d = self.r.choice(pairs)
        if not h:
            return self.loop()

        def body():
            self.copy(d, h, whole=True)
            self.launch("k_twist", d, stream=LEGACY)
            self.copy(h, d, whole=True)
            self.extra(h, d)
            self.work()

        self.loop(body)
        self.hostread(h)

    def plainly(self, fn):
        """fn() with every CUDA call it makes unchecked (cuflow's motion
        across calls takes plain statements)."""
        was, self.unchecked = self.unchecked, True
        try:
            fn()
        finally:
            self.unchecked = was

    def outward(self):
        """A helper that launches and downloads last, then host work before
        the caller reads the result: the download may leave the helper
        (GSOHC's callee-to-caller motion), climbing callers that end with
        the call."""
        pairs = self.twins() or [self.pair()]
        h, d = self.r.choice(pairs)
        if not h:
            return self.call()
        k = self.intexpr(0, 5)

        def callee():
            q0, q1 = self.f.syms["q0"], self.f.syms["q1"]
            self.launch("k_twist", q1, stream=LEGACY)
            self.plainly(lambda: self.copy(q0, q1, whole=True))

        fn = self.helper([h, d], vals=[k.eval(self.f.env)], body=callee, struct=False)
        if self.chance(0.4):  # a wrapper that ends with the call: the chain goes up through it
            inner, k2 = fn, self.intexpr(0, 5)

            def wrap():
                q0, q1 = self.f.syms["q0"], self.f.syms["q1"]
                if self.chance(0.5):
                    self.work()
                _, e = self.calltext(inner.name, False, [q0, q1], ["k"])
                self.emit(Call([e + ";"], [inner], [q0.name, q1.name], [Expr("k", lambda env: env.ints["k"])]))

            fn = self.helper([h, d], vals=[k.eval(self.f.env)], body=wrap, struct=False, file=inner.file)
        setup, expr = self.calltext(fn.name, False, [h, d], [k.text])
        self.emit(Call(setup + [expr + ";"], [fn], [h.name, d.name], [k]))
        self.work()
        if self.chance(0.5):
            self.work()
        self.hostread(h)
        if self.chance(0.35):  # a second call, an if's own body: the sites differ (a clone serves the first)
            self.emit(If(self.cond(), Call([expr + ";"], [fn], [h.name, d.name], [k])))
            self.hostread(h)

    def inward(self):
        """A blocking download right before a helper that does host work
        first and reads the result after: the wait may go into the helper
        (GSOHC's caller-to-callee motion)."""
        pairs = self.twins() or [self.pair()]
        h, d = self.r.choice(pairs)
        if not h:
            return self.call()
        k = self.intexpr(0, 5)
        self.launch("k_twist", d, stream=LEGACY)
        self.plainly(lambda: self.copy(h, d, whole=True))

        def callee():
            self.work()
            if self.chance(0.5):
                self.work()
            self.hostread(self.f.syms["q0"])

        fn = self.helper([h, d], vals=[k.eval(self.f.env)], body=callee, struct=False)
        setup, expr = self.calltext(fn.name, False, [h, d], [k.text])
        self.emit(Call(setup + self.usecall(expr), [fn], [h.name, d.name], [k]))

    def promote(self):
        """A loop calling a helper that uploads first and downloads last."""
        pairs = self.twins() or [self.pair()]
        h, d = self.r.choice(pairs)
        if not h:
            return self.call()
        k = self.intexpr(0, 5)

        def callee():
            q0, q1 = self.f.syms["q0"], self.f.syms["q1"]
            self.copy(q1, q0, whole=True)
            self.launch("k_twist", q1, stream=LEGACY)
            self.work()
            self.copy(q0, q1, whole=True)

        fn = self.helper([h, d], vals=[k.eval(self.f.env)], body=callee, struct=False)
        setup, expr = self.calltext(fn.name, False, [h, d], [k.text])
        self.loop(lambda: self.emit(Call(setup + self.usecall(expr), [fn], [h.name, d.name], [k])))
        self.hostread(h)

    # ------------------------------------------------------------ statements

    def block(self, count):
        for _ in range(count):
            if self.f.done or self.budget <= 0:
                return
            self.budget -= 1
            self.statement()

    def statement(self):
        f = self.f
        top = 1 if f.depth < 3 else 0
        helper = 1 if f.fn is not self.main else 0
        ways = {
            self.launch: 10, lambda: self.transfer("up"): 6, lambda: self.transfer("down"): 6, self.d2d: 1,
            self.memset: 2, self.hostwrite: 4, self.hostread: 5, self.work: 7, self.hostprint: 1,
            self.anysync: 2, self.alias: 2, self.temp: 1, self.again: 2,
            self.fuse: 2, self.split: 1, self.redundant: 2, self.dead: 1,
            self.timer: top, self.loop: 4 * top, self.branch: 2 * top, self.call: 4 * top, self.recall: 2 * top,
            self.fnptr: top, self.recursion: top, self.ifdef: top, self.skip: top, self.invariant: 2 * top,
            self.sink: 2 * top, self.early_return: helper, self.volatile: 0.3, self.throws: 0.3, self.exits: 0.5,
            self.twice: 1, self.crossing: 3, self.bothways: top, self.roundtrip: top, self.promote: top if f.fn is self.main else 0,
            self.outward: 2 * top, self.inward: 2 * top,
        }
        self.pick(ways)()

    # ------------------------------------------------------------ the program

    def program(self):
        r = self.r
        self.twofiles = self.chance(0.35)
        for i in range(r.choice([0, 1, 1, 2, 3])):
            self.streams[i + 1] = ("g_s%d" % (i + 1), not self.chance(0.35))
        main = Func("main", "int", ["int argc", "char **argv"], [], ["argc"], static=False)
        main.file = 0
        self.main = main
        model = Model({s: b for s, (_, b) in self.streams.items()})
        self.f = Frame(main, main.body, model, Env({}, frozenset(), {"argc": 1}), {}, "acc", "argc", 0, 0)
        self.stmt("(void)argv;")
        if self.chance(0.1):
            self.stmt("atexit(at_end);")
        self.guard = self.chance(0.12)  # a class of the program's own, whose destructor runs at exit
        if self.guard:
            self.stmt("Guard guard;")
        self.stmt("unsigned acc = 1u;")
        setup = Block()
        main.body.add(setup)
        if self.chance(0.4):
            for _ in range(r.randint(2, 4)):
                n = BIG if self.chance(0.2) else r.choice(SIZES)
                h, d = self.alloc("host", n, plain=True), self.alloc("device", n, plain=True)
                self.twin.append((h.name, d.name))
                if self.chance(0.2):  # the usual check, which compares the pointers
                    self.stmt(["if (%s == NULL || %s == NULL)" % (h.name, d.name),
                               IND + "bail(cudaErrorMemoryAllocation, __LINE__);"])
        spaces = ["host", "device"] + [self.pick({"host": 3, "pinned": 3, "managed": 1, "device": 4})
                                       for _ in range(r.randint(0 if self.twin else 1, 4))]
        for space in spaces:
            self.alloc(space, BIG if self.chance(0.25 if space == "host" else 0.15) else r.choice(SIZES))
        self.budget = r.randint(12, 36)
        while self.budget > 0:
            self.block(self.budget)
        self.finish()
        setup.nodes = self.creations()
        if self.chance(0.1):
            self.args.append("--move-past-timers")
        self.verify()

    def creations(self):
        out = []
        for s, (name, blocking) in sorted(self.streams.items()):
            if s != LEGACY:
                out.append(Stmt("CHECK(cudaStreamCreate(&%s));" % name if blocking else
                                "CHECK(cudaStreamCreateWithFlags(&%s, cudaStreamNonBlocking));" % name))
        for e, timing in self.events.items():
            out.append(Stmt("CHECK(cudaEventCreate(&%s));" % e if timing else
                            "CHECK(cudaEventCreateWithFlags(&%s, cudaEventDisableTiming));" % e))
        return out

    def finish(self):
        """main's end: every buffer folded into the RESULT line, then freed."""
        self.f.done = False
        self.api("cudaDeviceSynchronize()", [("devsync",)])
        self.stmt("unsigned result = acc;")
        owned = [s for s in self.f.syms.values() if s.owned]
        twin = {d: h for h, d in self.twins()}
        devs = [s for s in owned if s.space == "device" and s not in twin]
        chk = self.alloc("host", max(s.n for s in devs), init=False) if devs else None
        for s in owned:
            src = s
            if s in twin:  # into its twin, folded before (allocated first)
                src = twin[s]
                self.copy(src, s, whole=True)
            elif s.space == "device":
                src = chk
                self.api("cudaMemcpy(%s, %s, %s, cudaMemcpyDeviceToHost)" % (chk.name, s.name, self.nbytes(s.n)),
                         [("bcopy", [s.name], [chk.name], None)])
            self.stmt("result = fold(result, %s, %d);" % (src.name, s.n), [("host", [src.name], [], False)])
        self.stmt('printf("RESULT %u\\n", result);', [("host", [], [], True)])
        for s in owned + ([chk] if chk else []):
            if s.alloc == "malloc" and self.chance(0.2):
                s.alloc = self.r.choice(["drop", "macro"])
            self.release(s)
        for s, (name, _) in sorted(self.streams.items()):
            if s != LEGACY:
                self.stmt("cudaStreamDestroy(%s);" % name)
        for e in self.events:
            self.stmt("cudaEventDestroy(%s);" % e)
        self.emit(Jump("return", "0"))

    def verify(self):
        """Runs main in every configuration until nothing races."""
        blocking = {s: b for s, (_, b) in self.streams.items()}
        cfgs = [frozenset()] + [frozenset([m]) for m in self.macros]
        while True:
            fixed = 0
            for cfg in cfgs:
                fixed += settle(lambda m, env, cfg=cfg: self.main.run(m, [], [1], cfg), Model(blocking), Env({}, cfg))
            if not fixed:
                return

    # ------------------------------------------------------------ output

    def source(self, file):
        """main.cu (file 0) or other.cu (file 1); with two files, what both
        need is in smith.h (file -1): the lowering makes one C++ file of
        them, where a static function defined twice would clash."""
        two = any(h.file == 1 for h in self.helpers)
        used = sorted(self.kernels)
        if file == -1:
            out = ["#ifndef SMITH_H", "#define SMITH_H", PRELUDE]
            out += [DECLARED[k] for k in used if k in DECLARED] + [""]
            out += ["extern cudaStream_t %s;" % n for s, (n, _) in sorted(self.streams.items()) if s != LEGACY]
            out += ["extern cudaEvent_t %s;" % e for e in self.events]
            out += [h.signature() + ";" for h in self.helpers if h.file == 1] + ["", "#endif"]
            return "\n".join(out) + "\n"
        out = ["// tests/smith/gen.py %d: %s" % (self.seed, "twins" if self.twin else "no twins")]
        out += ['#include "smith.h"', ""] if two else [PRELUDE]
        if file == 0:
            out += [KERNELS[k] + "\n" for k in used]
            if self.guard:
                out += ["struct Guard {", IND + "~Guard() { fflush(stdout); }", "};", ""]
            out += ["cudaStream_t %s;" % n for s, (n, _) in sorted(self.streams.items()) if s != LEGACY]
            out += ["cudaEvent_t %s;" % e for e in self.events] + [""]
            out += [h.signature() + ";" for h in self.helpers if h.file == 0 or not two] + [""]
        for h in self.helpers:
            if h.file == file or (file == 0 and not two):
                out += h.lines()
        if file == 0:
            out += self.main.lines()
        return "\n".join(out)

    def write(self, d):
        """Writes the program into directory d: the names of its .cu files."""
        os.makedirs(d, exist_ok=True)
        two = any(h.file == 1 for h in self.helpers)
        names = {0: "main.cu", 1: "other.cu", -1: "smith.h"} if two else {0: "main.cu"}
        for i, n in names.items():
            with open(os.path.join(d, n), "w") as fp:
                fp.write(self.source(i))
        with open(os.path.join(d, "configs"), "w") as fp:
            fp.write("".join(m + "\n" for m in self.macros))
        with open(os.path.join(d, "args"), "w") as fp:
            fp.write(" ".join(self.args) + ("\n" if self.args else ""))
        return sorted(n for n in names.values() if n.endswith(".cu"))


def generate(seed, d):
    """Writes program number seed into directory d: the names of its sources."""
    g = Gen(seed)
    g.program()
    return g.write(d)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: gen.py SEED DIR")
    generate(int(sys.argv[1]), sys.argv[2])
