/* cuflow_coexec.h: what a program written by `cuflow --lower=coexec`
 * includes (doc/coexec.md). One launch of a kernel runs blocks [0, k) of
 * its flattened grid on the GPU, through a partition-ready copy of the
 * kernel (SKMD, Lee et al., PACT 2013, Fig. 4), and blocks [k, N) on the
 * CPU at the same time, through the lowering's block function
 * (`cuflow_cpu_K`, built from the program's --lower=openmp form).
 *
 * Buffers (SKMD section III.B). Each device allocation a launch reaches
 * has a host mirror and, per piece, where its current bytes are: on the
 * device, on both, or in the mirror. cuflow writes, per pointer argument,
 * the elements a block touches as affine forms in the block index (ranges.c:
 * SKMD's contiguous kernels); a split launch makes the GPU part's bytes
 * current on the device and the CPU part's in the mirror, copying only the
 * pieces the other side holds, then records where each part wrote. Where
 * one side may touch what the other writes (the forms overlap, or an
 * argument has none), the launch merges as SKMD does for discontiguous
 * kernels: both sides current, the mirror kept, and after both parts every
 * byte the GPU changed taken into the mirror, which goes back to the device.
 * A kernel whose blocks never write what another block reads or writes (any
 * race-free kernel without atomics on global memory, fences or grid-wide
 * cooperation: cuflow keeps the others on the GPU alone) gives the GPU's
 * bytes. Outside lazy mode the device holds every allocation between
 * launches (the program's own copies and launches use it): the CPU part's
 * written bytes go back up at once.
 *
 * Lazy mode (the program defines CUFLOW_CX_LAZY, which cuflow does when it
 * saw every way the program's host code reaches device memory; off with
 * CUFLOW_COEXEC_LAZY=0 at run time): the program's cudaMalloc, cudaMemcpy,
 * cudaMemset and cudaFree are this runtime's, so bytes stay where they are
 * until a part or a copy needs them, SKMD's case of inputs on the host; an
 * allocation no one has written needs no copy either way; every other call
 * that could reach device memory first makes the device current
 * (cuflowCxPlain). The runtime's copies go through pinned chunks, several
 * times faster than the program's pageable ones (cuflowCxMove).
 *
 * Partitioning (SKMD's Algorithm 1 for one CPU and one GPU, with linear
 * performance): the first two launches of a kernel at a grid size run on
 * the GPU alone, timed (the kernel's time: the faster counts, the first
 * may load the module); the third gives the CPU a small share, timed
 * (its rate serves the kernel's other grid sizes),
 * unless (outside lazy mode) the copies a split makes could not take less
 * time than the GPU alone even at CUFLOW_CX_MAXBW (then the kernel stays
 * on the GPU with no probe); from then on each launch takes the split that
 * its model (cuflowCxModel: each part's compute and the copies its bytes
 * need where they are now) says is fastest: the GPU alone unless the CPU
 * alone beats it by MARGIN, a split only if it beats the faster of the two
 * by MARGIN.
 * CUFLOW_COEXEC=gpu, cpu or a GPU share in (0, 1) fixes the split;
 * CUFLOW_COEXEC_LOG=1 prints each decision on stderr.
 *
 * What the probes measured is kept per program, kernel, grid and block
 * size in a cache file (CUFLOW_COEXEC_CACHE, default
 * $XDG_CACHE_HOME/cuflow/coexec.tsv; "off": none), written at exit: the
 * program's next runs split from their first launch, without probing. */
#ifndef CUFLOW_COEXEC_H
#define CUFLOW_COEXEC_H

#include <cuda.h>
#include <cuda_runtime.h>
#include <alloca.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <string>
#include <thread>
#include <vector>

#ifdef CUFLOW_CX_LAZY
#define CUFLOW_CX_LAZY_ON true
#else
#define CUFLOW_CX_LAZY_ON false
#endif

typedef void (*cuflow_cx_cpu)(void **av, const unsigned *dims, size_t shmem, long long lo, long long hi);

#define CUFLOW_CX_MARGIN 0.95 /* a split must beat one device by 5% */
#define CUFLOW_CX_PROBE 8     /* the probe gives the CPU 1/8 of the blocks, two a core at the most */
#define CUFLOW_CX_SIZES 8     /* grid sizes remembered per kernel */
#define CUFLOW_CX_MAXBW 100e9 /* bytes a second no host-device copy beats (PCIe 5 x16 is 64e9) */

/* What was measured of a kernel at one grid size (seconds). */
struct cuflow_cx_perf {
	unsigned long long n; /* blocks */
	unsigned threads;     /* per block */
	double gpu;           /* the GPU alone, the whole grid */
	double cpublock;      /* the CPU, per block */
	double bw;            /* bytes a second the copies moved (0: not measured) */
	double bwb;           /* the same for uploads beside the CPU's part, which shares the host's memory */
	int runs;
};

struct cuflow_cx_kernel {
	const char *name;
	int nparams;
	const unsigned char *use; /* per parameter: 1 read through, 2 written through (a pointer the runtime mirrors) */
	cuflow_cx_cpu cpu;
	struct cuflow_cx_perf perf[CUFLOW_CX_SIZES];
};

/* Is the calling block outside blocks [lo, hi) of the flattened grid (x
 * fastest)? A partition-ready kernel's blocks outside leave at once. */
static __device__ __forceinline__ bool
cuflowCxOutside(unsigned long long lo, unsigned long long hi)
{
	unsigned long long f =
		blockIdx.x + (unsigned long long)gridDim.x * (blockIdx.y + (unsigned long long)gridDim.y * blockIdx.z);
	return f < lo || f >= hi;
}

static inline double
cuflowCxNow(void)
{
	return omp_get_wtime();
}

/* Where the current bytes of a piece of an allocation are: on the device
 * only (the mirror is stale), on both, or in the mirror only; or nowhere
 * (lazy mode: no one wrote them since cudaMalloc, so neither side's bytes
 * are worth a copy: a kernel's output the CPU's part writes is not first
 * downloaded). */
enum { CUFLOW_CX_DEV, CUFLOW_CX_BOTH, CUFLOW_CX_HOST, CUFLOW_CX_UNSET };
struct cuflow_cx_seg {
	size_t a, b;
	int st;
};

/* One device allocation a launch reaches: its mirror, its pieces' states
 * (in order, covering [0, size)), and for the merge the mirror as it was
 * before a launch and the GPU's result. */
struct cuflow_cx_buf {
	CUdeviceptr base;
	size_t size;
	unsigned char *mirror, *before, *gpu;
	std::vector<cuflow_cx_seg> seg;
};

struct cuflow_cx_state {
	std::vector<cuflow_cx_buf *> buf;
	int mode;      /* 0 auto, 1 gpu, 2 cpu, 3 fixed share */
	double share;  /* mode 3: the GPU's share */
	int log;
	bool init;
	bool synced;   /* a launch's coherence: the device waited for once */
	bool lazy;     /* compiled lazy (CUFLOW_CX_LAZY), not turned off (CUFLOW_COEXEC_LAZY=0) */
	std::string cache, exe;         /* the cache file ("": none), this program */
	std::vector<std::string> saved; /* its lines: exe, kernel, blocks, threads, gpu, cpublock, bw, bwb */
	bool dirty;
	unsigned char *pin[2];          /* cuflowCxMove's pinned chunks, made when first needed */
	cudaStream_t pinst;
	cudaEvent_t pinev[2];
};

static inline void cuflowCxLoad(cuflow_cx_state *s);
static inline void cuflowCxSave(void);

static inline cuflow_cx_state *
cuflowCxState(void)
{
	static cuflow_cx_state s;
	if (!s.init) {
		s.init = true;
		const char *m = getenv("CUFLOW_COEXEC"), *l = getenv("CUFLOW_COEXEC_LOG"), *z = getenv("CUFLOW_COEXEC_LAZY");
		s.lazy = CUFLOW_CX_LAZY_ON && !(z && !strcmp(z, "0"));
		s.log = l && *l && strcmp(l, "0");
		if (m && !strcmp(m, "gpu"))
			s.mode = 1;
		else if (m && !strcmp(m, "cpu"))
			s.mode = 2;
		else if (m && *m && strcmp(m, "auto")) {
			char *e;
			s.share = strtod(m, &e);
			s.mode = *e || !(s.share >= 0 && s.share <= 1) ? 1 : 3;
			if (s.mode == 1)
				fprintf(stderr, "cuflow: CUFLOW_COEXEC=%s: not gpu, cpu, auto or a share in [0, 1]; the GPU alone\n", m);
		}
		if (s.mode == 0)
			cuflowCxLoad(&s);
	}
	return &s;
}

static inline void
cuflowCxCheck(cudaError_t e, const char *what)
{
	if (e != cudaSuccess) {
		fprintf(stderr, "cuflow: co-execution: %s: %s\n", what, cudaGetErrorString(e));
		abort();
	}
}

/* Registers an allocation, its bytes in state st; the mirror zeroed (fresh
 * pages), as the driver's fresh allocations are in practice. */
static inline cuflow_cx_buf *
cuflowCxAdd(CUdeviceptr base, size_t size, int st)
{
	cuflow_cx_buf *b = new cuflow_cx_buf;
	b->base = base;
	b->size = size;
	b->before = b->gpu = NULL;
	b->mirror = (unsigned char *)mmap(NULL, size ? size : 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (b->mirror == MAP_FAILED)
		abort();
	madvise(b->mirror, size ? size : 1, MADV_HUGEPAGE); /* first touches: half the time (coexec-bw.cu) */
	b->seg.push_back({0, size, st});
	cuflowCxState()->buf.push_back(b);
	return b;
}

static inline void cuflowCxDrop(size_t i);

/* The allocation cudaMalloc made that holds p, registered with its mirror
 * on first sight (its bytes on the device alone); NULL when p is no such
 * memory (managed, mapped host memory, a symbol). */
static inline cuflow_cx_buf *
cuflowCxBuf(const void *p)
{
	cuflow_cx_state *s = cuflowCxState();
	if (CUFLOW_CX_LAZY_ON && p) /* cudaFree is the runtime's: the registry is current, but for allocations */
		for (size_t i = 0; i < s->buf.size(); i++) { /* another way reused (cudaFreeAsync, cudaMallocAsync) */
			cuflow_cx_buf *b = s->buf[i];
			if (b->base <= (CUdeviceptr)p && (CUdeviceptr)p < b->base + b->size) {
				CUdeviceptr base;
				size_t size;
				if (cuMemGetAddressRange(&base, &size, (CUdeviceptr)p) == CUDA_SUCCESS && base == b->base &&
				    size == b->size)
					return b;
				cuflowCxDrop(i);
				break;
			}
		}
	cudaPointerAttributes a;
	if (!p || cudaPointerGetAttributes(&a, p) != cudaSuccess || a.type != cudaMemoryTypeDevice) {
		cudaGetLastError();
		return NULL;
	}
	CUdeviceptr base;
	size_t size;
	if (cuMemGetAddressRange(&base, &size, (CUdeviceptr)p) != CUDA_SUCCESS)
		return NULL;
	for (cuflow_cx_buf *b : s->buf)
		if (b->base == base && b->size == size)
			return b;
	return cuflowCxAdd(base, size, CUFLOW_CX_DEV);
}

/* The merge's two copies, made when first needed. */
static inline void
cuflowCxMergeCopies(cuflow_cx_buf *b)
{
	if (!b->gpu && !(b->gpu = (unsigned char *)malloc(b->size ? b->size : 1)))
		abort();
	if (!b->before && !(b->before = (unsigned char *)malloc(b->size)))
		abort();
}

/* memcpy over the cores (threads of them; 0: the whole team) for large copies */
static inline void
cuflowCxCopy(void *dst, const void *src, size_t n, int threads = 0)
{
	const size_t chunk = 1 << 20;
	if (n < 2 * chunk || threads == 1) {
		memcpy(dst, src, n);
		return;
	}
	long long m = (long long)((n + chunk - 1) / chunk);
#pragma omp parallel for schedule(static) num_threads(threads ? threads : omp_get_max_threads())
	for (long long i = 0; i < m; i++) {
		size_t a = (size_t)i * chunk, e = a + chunk < n ? a + chunk : n;
		memcpy((char *)dst + a, (const char *)src + a, e - a);
	}
}

#define CUFLOW_CX_PINCHUNK ((size_t)16 << 20)

/* A copy between pageable host memory and the device through two pinned
 * chunks: the cores copy one chunk while the other crosses the link. A
 * pageable cudaMemcpy runs at a fraction of the link's rate (the H200's
 * host: 6.6 GB/s up, 1.3 GB/s down into fresh pages, 55 GB/s pinned;
 * tests/gpu/coexec-bw.cu). The host waits for it, as for cudaMemcpy. */
static inline void
cuflowCxMove(void *dst, const void *src, size_t n, cudaMemcpyKind kind, int threads = 0)
{
	cuflow_cx_state *s = cuflowCxState();
	if (n < CUFLOW_CX_PINCHUNK / 4 || (kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToHost)) {
		cuflowCxCheck(cudaMemcpy(dst, src, n, kind), "a copy");
		return;
	}
	if (!s->pin[0]) {
		cuflowCxCheck(cudaMallocHost((void **)&s->pin[0], 2 * CUFLOW_CX_PINCHUNK), "pinned chunks");
		s->pin[1] = s->pin[0] + CUFLOW_CX_PINCHUNK;
		cuflowCxCheck(cudaStreamCreateWithFlags(&s->pinst, cudaStreamNonBlocking), "pinned chunks");
		for (int i = 0; i < 2; i++)
			cuflowCxCheck(cudaEventCreateWithFlags(&s->pinev[i], cudaEventDisableTiming), "pinned chunks");
	}
	bool up = kind == cudaMemcpyHostToDevice;
	size_t m = (n + CUFLOW_CX_PINCHUNK - 1) / CUFLOW_CX_PINCHUNK;
	for (size_t i = 0; i <= m; i++) {
		size_t a = i * CUFLOW_CX_PINCHUNK, len = i < m ? (n - a < CUFLOW_CX_PINCHUNK ? n - a : CUFLOW_CX_PINCHUNK) : 0;
		unsigned char *pin = s->pin[i % 2];
		if (up && i < m) { /* chunk i into its pinned buffer, once the link has taken what it held */
			cuflowCxCheck(cudaEventSynchronize(s->pinev[i % 2]), "an upload");
			cuflowCxCopy(pin, (const char *)src + a, len, threads);
			cuflowCxCheck(cudaMemcpyAsync((char *)dst + a, pin, len, kind, s->pinst), "an upload");
			cuflowCxCheck(cudaEventRecord(s->pinev[i % 2], s->pinst), "an upload");
		}
		if (!up && i < m) { /* chunk i over the link, then chunk i - 1 out of its buffer */
			cuflowCxCheck(cudaEventSynchronize(s->pinev[i % 2]), "a download");
			cuflowCxCheck(cudaMemcpyAsync(pin, (const char *)src + a, len, kind, s->pinst), "a download");
			cuflowCxCheck(cudaEventRecord(s->pinev[i % 2], s->pinst), "a download");
		}
		if (!up && i > 0) {
			size_t pa = (i - 1) * CUFLOW_CX_PINCHUNK, plen = n - pa < CUFLOW_CX_PINCHUNK ? n - pa : CUFLOW_CX_PINCHUNK;
			cuflowCxCheck(cudaEventSynchronize(s->pinev[(i - 1) % 2]), "a download");
			cuflowCxCopy((char *)dst + pa, s->pin[(i - 1) % 2], plen, threads);
		}
	}
	cuflowCxCheck(cudaStreamSynchronize(s->pinst), "a copy");
}

/* Pieces [a, e) of b get state st. */
static inline void
cuflowCxMark(cuflow_cx_buf *b, size_t a, size_t e, int st)
{
	if (a >= e)
		return;
	std::vector<cuflow_cx_seg> out;
	for (const cuflow_cx_seg &g : b->seg) /* the pieces are in order: before, [a, e), after */
		if (g.a < a)
			out.push_back({g.a, g.b < a ? g.b : a, g.st});
	out.push_back({a, e, st});
	for (const cuflow_cx_seg &g : b->seg)
		if (g.b > e)
			out.push_back({g.a > e ? g.a : e, g.b, g.st});
	b->seg.clear();
	for (const cuflow_cx_seg &g : out) /* neighbours in one state become one piece */
		if (!b->seg.empty() && b->seg.back().st == g.st)
			b->seg.back().b = g.b;
		else
			b->seg.push_back(g);
}

/* The device waits once before the first copy a launch's coherence makes:
 * its earlier work may still read or write those bytes. */
static inline void
cuflowCxQuiet(void)
{
	cuflow_cx_state *s = cuflowCxState();
	if (!s->synced) {
		cuflowCxCheck(cudaDeviceSynchronize(), "before a copy");
		s->synced = true;
	}
}

/* One copy between a mirror and the device. */
struct cuflow_cx_copy {
	void *dst;
	const void *src;
	size_t n;
	cudaMemcpyKind kind;
};

/* Plans making [a, e) of b current on the device (dev), or in the mirror:
 * a copy of each piece only the other side holds, added to out, and the
 * piece on both sides from now. The bytes planned. */
static inline size_t
cuflowCxPlan(cuflow_cx_buf *b, size_t a, size_t e, bool dev, std::vector<cuflow_cx_copy> *out)
{
	size_t moved = 0;
	std::vector<cuflow_cx_seg> todo;
	for (const cuflow_cx_seg &g : b->seg)
		if (g.b > a && g.a < e && g.st == (dev ? CUFLOW_CX_HOST : CUFLOW_CX_DEV))
			todo.push_back({g.a > a ? g.a : a, g.b < e ? g.b : e, 0});
	for (const cuflow_cx_seg &g : todo) {
		void *d = (void *)(b->base + g.a);
		if (dev)
			out->push_back({d, b->mirror + g.a, g.b - g.a, cudaMemcpyHostToDevice});
		else
			out->push_back({b->mirror + g.a, d, g.b - g.a, cudaMemcpyDeviceToHost});
		cuflowCxMark(b, g.a, g.b, CUFLOW_CX_BOTH);
		moved += g.b - g.a;
	}
	return moved;
}

/* Makes the planned copies (the device quiet before them: cuflowCxQuiet),
 * with threads of the cores (0: all). */
static inline void
cuflowCxRun(const std::vector<cuflow_cx_copy> &v, int threads = 0)
{
	for (const cuflow_cx_copy &c : v)
		cuflowCxMove(c.dst, c.src, c.n, c.kind, threads);
}

/* Makes [a, e) of b current on the device (dev), or in the mirror. */
static inline size_t
cuflowCxNeed(cuflow_cx_buf *b, size_t a, size_t e, bool dev)
{
	std::vector<cuflow_cx_copy> v;
	size_t moved = cuflowCxPlan(b, a, e, dev, &v);
	if (!v.empty()) {
		cuflowCxQuiet();
		cuflowCxRun(v);
	}
	return moved;
}

/* Every allocation current on the device, its mirror stale: before work
 * cuflow does not follow (a plain launch, a library call) and at the end of
 * a launch outside lazy mode. */
static inline void
cuflowCxPlain(void)
{
	cuflow_cx_state *s = cuflowCxState();
	s->synced = false;
	for (cuflow_cx_buf *b : s->buf) {
		cuflowCxNeed(b, 0, b->size, true);
		cuflowCxMark(b, 0, b->size, CUFLOW_CX_DEV);
	}
}

/* b's pieces no one has written (lazy mode) made the same on both sides,
 * the mirror's zeros on the device too: a merge takes every device byte
 * that differs from the mirror for one the GPU wrote. */
static inline void
cuflowCxSettle(cuflow_cx_buf *b)
{
	std::vector<cuflow_cx_seg> unset;
	for (const cuflow_cx_seg &g : b->seg)
		if (g.st == CUFLOW_CX_UNSET)
			unset.push_back(g);
	if (!unset.empty())
		cuflowCxQuiet();
	for (const cuflow_cx_seg &g : unset) {
		cuflowCxCheck(cudaMemset((void *)(b->base + g.a), 0, g.b - g.a), "a merge");
		cuflowCxMark(b, g.a, g.b, CUFLOW_CX_BOTH);
	}
	if (!unset.empty()) /* before the GPU's part, whatever its stream */
		cuflowCxCheck(cudaDeviceSynchronize(), "a merge");
}

/* Takes into mirror every byte of gpu that differs from before. */
static inline bool
cuflowCxMerge(cuflow_cx_buf *b)
{
	bool cpu = false; /* the CPU changed a byte the GPU did not */
	size_t words = b->size / 8;
#pragma omp parallel for reduction(|| : cpu) schedule(static)
	for (size_t w = 0; w < words; w++) {
		unsigned long long g, o, m;
		memcpy(&g, b->gpu + 8 * w, 8);
		memcpy(&o, b->before + 8 * w, 8);
		memcpy(&m, b->mirror + 8 * w, 8);
		if (g == m)
			continue;
		if (g == o) {
			cpu = true;
			continue;
		}
		for (int i = 0; i < 8; i++) {
			size_t j = 8 * w + i;
			if (b->gpu[j] != b->before[j])
				b->mirror[j] = b->gpu[j];
			else if (b->mirror[j] != b->gpu[j])
				cpu = true;
		}
	}
	for (size_t j = 8 * words; j < b->size; j++) {
		if (b->gpu[j] != b->before[j])
			b->mirror[j] = b->gpu[j];
		else if (b->mirror[j] != b->gpu[j])
			cpu = true;
	}
	return cpu;
}

/* ---- the cache of measurements ---- */

static inline void
cuflowCxLoad(cuflow_cx_state *s)
{
	const char *c = getenv("CUFLOW_COEXEC_CACHE"), *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");
	if (c && !strcmp(c, "off"))
		return;
	s->cache = c && *c ? c : x && *x ? std::string(x) + "/cuflow/coexec.tsv" : h ? std::string(h) + "/.cache/cuflow/coexec.tsv" : "";
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	s->exe = n > 0 ? std::string(exe, (size_t)n) : "?";
	FILE *f = s->cache.empty() ? NULL : fopen(s->cache.c_str(), "r");
	char line[8192];
	while (f && fgets(line, sizeof line, f))
		if (strchr(line, '\n'))
			s->saved.push_back(std::string(line, strchr(line, '\n')));
	if (f)
		fclose(f);
	if (!s->cache.empty())
		atexit(cuflowCxSave);
}

/* Written through a temporary and a rename: runs at once never see half a file. */
static inline void
cuflowCxSave(void)
{
	cuflow_cx_state *s = cuflowCxState();
	if (!s->dirty || s->cache.empty())
		return;
	std::string dir = s->cache.substr(0, s->cache.rfind('/'));
	for (size_t i = 1; i <= dir.size(); i++)
		if (i == dir.size() || dir[i] == '/')
			mkdir(dir.substr(0, i).c_str(), 0755);
	std::string tmp = s->cache + "." + std::to_string((long)getpid());
	FILE *f = fopen(tmp.c_str(), "w");
	if (!f)
		return;
	for (const std::string &l : s->saved)
		fprintf(f, "%s\n", l.c_str());
	if (fclose(f) == 0)
		rename(tmp.c_str(), s->cache.c_str());
	else
		unlink(tmp.c_str());
}

static inline std::string
cuflowCxKey(const cuflow_cx_kernel *k, const cuflow_cx_perf *p)
{
	return cuflowCxState()->exe + "\t" + k->name + "\t" + std::to_string(p->n) + "\t" + std::to_string(p->threads) + "\t";
}

/* A measurement taken: kept for the program's next runs. */
static inline void
cuflowCxRemember(const cuflow_cx_kernel *k, const cuflow_cx_perf *p)
{
	cuflow_cx_state *s = cuflowCxState();
	if (s->cache.empty())
		return;
	std::string key = cuflowCxKey(k, p);
	char v[128];
	snprintf(v, sizeof v, "%.9g\t%.9g\t%.9g\t%.9g", p->gpu, p->cpublock, p->bw, p->bwb);
	for (std::string &l : s->saved)
		if (!l.compare(0, key.size(), key)) {
			l = key + v;
			s->dirty = true;
			return;
		}
	s->saved.push_back(key + v);
	s->dirty = true;
}

static inline cuflow_cx_perf *
cuflowCxPerf(cuflow_cx_kernel *k, unsigned long long n, unsigned threads)
{
	int at = 0;
	for (int i = 0; i < CUFLOW_CX_SIZES; i++) {
		if (k->perf[i].n == n && k->perf[i].threads == threads)
			return &k->perf[i];
		if (k->perf[i].runs < k->perf[at].runs)
			at = i;
	}
	cuflow_cx_perf *p = &k->perf[at];
	memset(p, 0, sizeof *p);
	p->n = n;
	p->threads = threads;
	cuflow_cx_state *s = cuflowCxState();
	std::string key = s->cache.empty() ? "" : cuflowCxKey(k, p);
	for (const std::string &l : s->saved)
		if (!key.empty() && !l.compare(0, key.size(), key) &&
		    sscanf(l.c_str() + key.size(), "%lf\t%lf\t%lf\t%lf", &p->gpu, &p->cpublock, &p->bw, &p->bwb) >= 3)
			p->runs = p->cpublock > 0 ? 3 : 2; /* measured by an earlier run: decide at once, or probe */
	for (int i = 0; i < CUFLOW_CX_SIZES && !(p->cpublock > 0); i++) { /* a block's CPU time does not depend on */
		const cuflow_cx_perf *o = &k->perf[i];                       /* the grid: another size's probe serves */
		if (o != p && o->threads == threads && o->cpublock > 0 && o->cpublock < 1e29) {
			p->cpublock = o->cpublock;
			p->bw = p->bw > 0 ? p->bw : o->bw;
			p->bwb = p->bwb > 0 ? p->bwb : o->bwb;
		}
	}
	return p;
}

/* The bytes a split launch copies at the least: each allocation the
 * arguments reach down once, those written through back up and down again. */
static inline double
cuflowCxLeast(const cuflow_cx_kernel *k, void **av)
{
	double bytes = 0;
	CUdeviceptr seen[32];
	int ns = 0;
	for (int i = 0; i < k->nparams && i < 32; i++) {
		CUdeviceptr base;
		size_t size;
		if (!k->use[i] || !*(void **)av[i] ||
		    cuMemGetAddressRange(&base, &size, (CUdeviceptr) * (void **)av[i]) != CUDA_SUCCESS)
			continue;
		int j = 0;
		while (j < ns && seen[j] != base)
			j++;
		if (j == ns) {
			seen[ns++] = base;
			bytes += (double)size;
		}
		bytes += k->use[i] & 2 ? 2.0 * (double)size : 0;
	}
	return bytes;
}

static inline long long
cuflowCxMin(long long a, long long b)
{
	return a < b ? a : b;
}

static inline long long
cuflowCxMax(long long a, long long b)
{
	return a < b ? b : a;
}

/* Where a parameter's blocks read and write: element e of the block at b
 * lies in [lo + c.b, hi + c.b] (cuflow's ranges.c writes these at each
 * launch). param -1 ends a list. */
struct cuflow_cx_form {
	int param;
	size_t elem;
	long long c[3], lo, hi;
};

/* The bytes of parameter i's allocation that blocks [lo, hi) of grid g may
 * touch, [*a, *e) from the allocation's start: every form of i over the
 * box of block indices the range spans; the whole allocation without one. */
static inline void
cuflowCxBytes(const cuflow_cx_form *f, int i, dim3 g, unsigned long long lo, unsigned long long hi, size_t off,
	      size_t size, size_t *a, size_t *e)
{
	*a = 0;
	*e = size;
	if (lo >= hi) {
		*a = *e = 0;
		return;
	}
	unsigned long long r0 = lo / g.x, r1 = (hi - 1) / g.x, z0 = r0 / g.y, z1 = r1 / g.y;
	long long blo[3] = {r0 == r1 ? (long long)(lo % g.x) : 0, z0 == z1 ? (long long)(r0 % g.y) : 0, (long long)z0};
	long long bhi[3] = {r0 == r1 ? (long long)((hi - 1) % g.x) : (long long)g.x - 1,
			    z0 == z1 ? (long long)(r1 % g.y) : (long long)g.y - 1, (long long)z1};
	bool any = false;
	long long mn = 0, mx = 0;
	size_t elem = 1;
	for (; f && f->param >= 0; f++) {
		if (f->param != i)
			continue;
		long long l = f->lo, h = f->hi;
		for (int d = 0; d < 3; d++) {
			long long p = f->c[d] * blo[d], q = f->c[d] * bhi[d];
			l += p < q ? p : q;
			h += p < q ? q : p;
		}
		mn = any && mn < l ? mn : l;
		mx = any && mx > h ? mx : h;
		elem = f->elem;
		any = true;
	}
	if (!any)
		return;
	long long s = (long long)off + mn * (long long)elem, t = (long long)off + (mx + 1) * (long long)elem;
	*a = s < 0 ? 0 : (size_t)s > size ? size : (size_t)s;
	*e = t < 0 ? 0 : (size_t)t > size ? size : (size_t)t;
	if (*e < *a)
		*e = *a;
}

/* Are the elements each block of grid g touches through parameter i its
 * own, no two blocks sharing one? Where a block reads what it writes in
 * place this makes any split give the GPU's answer; a neighbour's element
 * (a stencil in place) could cross devices. Every form of i must have the
 * same coefficients; sorted by coefficient, each dimension's blocks must
 * step past the extent of all the smaller ones (a sufficient test). */
static inline bool
cuflowCxOwn(const cuflow_cx_form *f, int i, dim3 g)
{
	const cuflow_cx_form *first = NULL;
	long long lo = 0, hi = 0;
	for (; f && f->param >= 0; f++) {
		if (f->param != i)
			continue;
		if (first && (f->c[0] != first->c[0] || f->c[1] != first->c[1] || f->c[2] != first->c[2] || f->elem != first->elem))
			return false;
		lo = first && lo < f->lo ? lo : f->lo;
		hi = first && hi > f->hi ? hi : f->hi;
		first = first ? first : f;
	}
	if (!first)
		return false;
	long long dim[3] = {g.x, g.y, g.z}, c[3], n[3];
	int k = 0;
	for (int d = 0; d < 3; d++)
		if (dim[d] > 1) {
			c[k] = first->c[d] < 0 ? -first->c[d] : first->c[d];
			n[k++] = dim[d];
		}
	for (int a = 1; a < k; a++) /* by coefficient, smallest first */
		for (int b = a; b > 0 && c[b] < c[b - 1]; b--) {
			long long t = c[b]; c[b] = c[b - 1]; c[b - 1] = t;
			t = n[b]; n[b] = n[b - 1]; n[b - 1] = t;
		}
	long long extent = hi - lo + 1; /* of one block, then of all blocks of the dimensions so far */
	for (int d = 0; d < k; d++) {
		if (c[d] < extent)
			return false;
		extent += c[d] * (n[d] - 1);
	}
	return true;
}

/* One argument of a split launch: its allocation, where it points into it,
 * and the bytes each part's blocks may touch. */
struct cuflow_cx_arg {
	cuflow_cx_buf *b;
	size_t off, ga, ge, ca, ce;
	int use;
};

/* Bytes of [a, e) of b in state st. */
static inline double
cuflowCxIn(const cuflow_cx_buf *b, size_t a, size_t e, int st)
{
	double n = 0;
	for (const cuflow_cx_seg &g : b->seg)
		if (g.st == st && g.b > a && g.a < e)
			n += (double)((g.b < e ? g.b : e) - (g.a > a ? g.a : a));
	return n;
}

/* The time of a launch whose GPU part runs blocks [0, kk) (SKMD's
 * estimate: each part's compute, linear in its blocks, and the copies its
 * bytes need where they are now; the slower part sets the time). */
static inline double
cuflowCxModel(const cuflow_cx_perf *p, unsigned long long n, unsigned long long kk, const cuflow_cx_kernel *k,
	      const cuflow_cx_arg *arg, const cuflow_cx_form *forms, dim3 grid, bool lazy)
{
	double bw = p->bw > 0 ? p->bw : 20e9, up = 0, down = 0, back = 0, whole = 0, out = 0;
	double bwup = kk == 0 || kk == n ? bw : p->bwb > 0 ? p->bwb : bw / 4; /* beside the CPU's part: slower, until measured */
	bool overlap = false;
	for (int i = 0; i < k->nparams; i++) {
		const cuflow_cx_buf *b = arg[i].b;
		if (!b)
			continue;
		size_t ga, ge, ca, ce;
		cuflowCxBytes(forms, i, grid, 0, kk, arg[i].off, b->size, &ga, &ge);
		cuflowCxBytes(forms, i, grid, kk, n, arg[i].off, b->size, &ca, &ce);
		up += lazy ? cuflowCxIn(b, ga, ge, CUFLOW_CX_HOST) : 0;
		down += lazy ? cuflowCxIn(b, ca, ce, CUFLOW_CX_DEV) : (double)(ce - ca);
		back += !lazy && (arg[i].use & 2) ? (double)(ce - ca) : 0;
		out += lazy && (arg[i].use & 2) ? (double)(ge - ga) : 0; /* the GPU's output comes down, the CPU's is here */
		whole += (double)b->size * (arg[i].use & 2 ? 3 : 1);
		overlap |= (arg[i].use & 2) && kk > 0 && kk < n && ga < ce && ca < ge;
	}
	double g = p->gpu * (double)kk / (double)n + up / bwup + out / bw, c = p->cpublock * (double)(n - kk) + down / bw;
	return (g > c ? g : c) + (overlap ? whole / bw : back / bw);
}

/* The GPU's blocks of a launch of n: SKMD's Algorithm 1 for two devices,
 * as a scan over 64 splits of the model above. The CPU alone must beat the
 * GPU alone by MARGIN, and a split the faster of the two: the model does not
 * see everything the two parts share (the host's memory bandwidth). */
static inline unsigned long long
cuflowCxChoose(const cuflow_cx_perf *p, unsigned long long n, const cuflow_cx_kernel *k, const cuflow_cx_arg *arg,
	       const cuflow_cx_form *forms, dim3 grid, bool lazy)
{
	double gpu = cuflowCxModel(p, n, n, k, arg, forms, grid, lazy), cpu = cuflowCxModel(p, n, 0, k, arg, forms, grid, lazy);
	unsigned long long best = cpu < CUFLOW_CX_MARGIN * gpu ? 0 : n;
	double alone = best ? gpu : cpu, t = alone;
	for (int j = 1; j < 64; j++) {
		unsigned long long kk = n * (unsigned long long)j / 64;
		double m = cuflowCxModel(p, n, kk, k, arg, forms, grid, lazy);
		if (m < t && m < CUFLOW_CX_MARGIN * alone) {
			t = m;
			best = kk;
		}
	}
	return best;
}

/* Is stream capturing work into a graph? Its calls are recorded, not run
 * (a sync there ends the capture): the graph's launch, which cuflow
 * flushes before, runs them on current device bytes. */
static inline bool
cuflowCxCapturing(cudaStream_t stream)
{
	cudaStreamCaptureStatus cap;
	return cudaStreamIsCapturing(stream, &cap) != cudaSuccess || cap != cudaStreamCaptureStatusNone;
}

/* A launch of kernel k: the GPU's part (gpu(lo, hi) launches blocks
 * [lo, hi) on stream), the CPU's part, the bytes each needs made current
 * on its side, and after it where the written bytes now are.
 *
 * Lazy mode (CUFLOW_CX_LAZY, when cuflow saw every way the program reaches
 * device memory): the program's copies are this runtime's (below), so
 * bytes stay where they are until a part or a copy needs them: an input
 * still on the host goes up only for the GPU's blocks, the CPU's part
 * computes in place. Otherwise the device holds every allocation between
 * launches: the CPU's part gets its bytes down and sends what it wrote up.
 * Where one side's blocks may touch what the other side's write (forms
 * that overlap, or none), the launch merges by comparison instead. */
template <class F>
static inline void
cuflowCxLaunch(cuflow_cx_kernel *k, dim3 grid, dim3 block, size_t shmem, cudaStream_t stream, void **av,
	       const cuflow_cx_form *forms, const F &gpu)
{
	unsigned long long n = (unsigned long long)grid.x * grid.y * grid.z, kk = ~0ULL; /* ~0: the model decides */
	if (cuflowCxCapturing(stream)) {
		gpu(0ULL, n); /* into a graph (or an error the launch repeats): recorded as written, no copy, no wait */
		return;
	}
	cuflow_cx_perf *p = cuflowCxPerf(k, n, block.x * block.y * block.z);
	cuflow_cx_state *s = cuflowCxState();
	bool lazy = s->lazy;
	if (s->mode == 1)
		kk = n;
	else if (s->mode == 2)
		kk = 0;
	else if (s->mode == 3)
		kk = (unsigned long long)(s->share * (double)n + 0.5);
	else if (p->runs < 2 || n < 2)
		kk = n; /* the GPU alone, timed */
	else if (p->runs == 2 && !lazy && p->gpu <= cuflowCxLeast(k, av) / CUFLOW_CX_MAXBW) {
		/* the copies a split makes take longer than the GPU alone, whatever the CPU does: no probe */
		p->cpublock = 1e30;
		p->bw = CUFLOW_CX_MAXBW;
		p->runs = 3;
		cuflowCxRemember(k, p);
		kk = n;
	} else if (p->runs == 2 && p->cpublock > 0)
		p->runs = 3; /* the CPU's rate known from another grid size: the model decides */
	else if (p->runs == 2) { /* the probe: few blocks, its cost bounded */
		unsigned long long m = (n + CUFLOW_CX_PROBE - 1) / CUFLOW_CX_PROBE, most = 2ULL * (unsigned long long)omp_get_max_threads();
		kk = n - (m < most ? m : most);
	}
	else if (p->cpublock >= 1e29)
		kk = n;
	bool time = s->mode == 0 && p->runs < 2; /* the GPU alone, timed from an idle device */
	s->synced = false;
	if (kk == n && !lazy) {
		if (time)
			cuflowCxQuiet();
		double t0 = cuflowCxNow();
		gpu(0ULL, n);
		if (time) {
			cuflowCxCheck(cudaDeviceSynchronize(), "a launch");
			double t = cuflowCxNow() - t0;
			p->gpu = p->runs == 0 || t < p->gpu ? t : p->gpu;
			if (p->runs == 1)
				cuflowCxRemember(k, p);
		}
		p->runs++;
		if (s->log)
			fprintf(stderr, "cuflow: coexec %s: %llu blocks, all on the GPU\n", k->name, n);
		return;
	}
	if (!lazy) /* the device holds every allocation: mirrors are stale */
		for (cuflow_cx_buf *b : s->buf)
			cuflowCxMark(b, 0, b->size, CUFLOW_CX_DEV);
	/* the arguments, and the arguments as the CPU's blocks see them: pointers into the mirrors */
	cuflow_cx_arg *arg = (cuflow_cx_arg *)alloca((size_t)(k->nparams + 1) * sizeof *arg);
	void **cav = (void **)alloca((size_t)(k->nparams + 1) * sizeof *cav);
	void **cptr = (void **)alloca((size_t)(k->nparams + 1) * sizeof *cptr);
	for (int i = 0; i < k->nparams; i++) {
		cav[i] = av[i];
		arg[i].b = NULL;
		arg[i].use = k->use[i];
		void *ptr = k->use[i] ? *(void **)av[i] : NULL;
		if (!ptr)
			continue;
		if (!(arg[i].b = cuflowCxBuf(ptr))) {
			if (lazy)
				cuflowCxPlain(); /* memory the CPU cannot mirror: the GPU alone, on current bytes */
			kk = n;
			continue;
		}
		arg[i].off = (CUdeviceptr)ptr - arg[i].b->base;
		cptr[i] = arg[i].b->mirror + arg[i].off;
		cav[i] = &cptr[i];
	}
	bool shared = false; /* the probe waits for a launch it may split */
	/* an allocation read and written: split only where no block could read
	 * what another writes (in place, each block's elements its own; through
	 * two arguments, ranges apart over the whole grid), else the GPU alone */
	for (int i = 0; i < k->nparams && kk != n; i++)
		for (int j = 0; j < k->nparams && arg[i].b && (arg[i].use & 2) && kk != n; j++) {
			if (arg[j].b != arg[i].b || !(arg[j].use & 1))
				continue;
			size_t wa, we, ra, re;
			cuflowCxBytes(forms, i, grid, 0, n, arg[i].off, arg[i].b->size, &wa, &we);
			cuflowCxBytes(forms, j, grid, 0, n, arg[j].off, arg[j].b->size, &ra, &re);
			if (i == j ? !cuflowCxOwn(forms, i, grid) : wa < re && ra < we) {
				kk = n;
				shared = true;
				if (s->log)
					fprintf(stderr, "cuflow: coexec %s: the GPU alone: blocks could read what others write\n", k->name);
			}
		}
	if (kk == ~0ULL)
		kk = cuflowCxChoose(p, n, k, arg, forms, grid, lazy);
	bool merge = false;
	for (int i = 0; i < k->nparams; i++)
		if (arg[i].b) {
			cuflowCxBytes(forms, i, grid, 0, kk, arg[i].off, arg[i].b->size, &arg[i].ga, &arg[i].ge);
			cuflowCxBytes(forms, i, grid, kk, n, arg[i].off, arg[i].b->size, &arg[i].ca, &arg[i].ce);
		}
	/* a side's blocks touching what the other side's write */
	for (int i = 0; i < k->nparams && kk > 0 && kk < n; i++)
		for (int j = 0; j < k->nparams && arg[i].b; j++)
			if (arg[j].b == arg[i].b && (arg[i].use & 2) &&
			    ((arg[i].ga < arg[j].ce && arg[j].ca < arg[i].ge) || (arg[i].ca < arg[j].ge && arg[j].ga < arg[i].ce)))
				merge = true;
	/* the copies each part needs; with a split and no merge, the GPU's
	 * uploads and its part run in a thread of their own beside the CPU's
	 * part, as SKMD overlaps the GPU's transfers with the CPU's work (the
	 * uploads read mirror bytes the CPU's blocks do not write: no merge) */
	std::vector<cuflow_cx_copy> up, down;
	double t0 = cuflowCxNow(), moved = 0, tup = 0, upbytes = 0;
	for (int i = 0; i < k->nparams; i++) {
		cuflow_cx_buf *b = arg[i].b;
		if (!b)
			continue;
		bool all = merge; /* both sides current everywhere, the mirror kept */
		if (all)
			cuflowCxSettle(b);
		moved += (double)cuflowCxPlan(b, all ? 0 : arg[i].ga, all ? b->size : arg[i].ge, true, &up);
		moved += (double)cuflowCxPlan(b, all ? 0 : arg[i].ca, all ? b->size : arg[i].ce, false, &down);
	}
	bool beside = !merge && kk > 0 && kk < n && !up.empty();
	for (const cuflow_cx_copy &c : up)
		upbytes += beside ? (double)c.n : 0;
	if (!up.empty() || !down.empty())
		cuflowCxQuiet();
	cuflowCxRun(down);
	if (!beside)
		cuflowCxRun(up);
	/* the allocations written through, each once (arguments may alias) */
	cuflow_cx_buf **wb = (cuflow_cx_buf **)alloca((size_t)(k->nparams + 1) * sizeof *wb);
	int nw = 0;
	for (int i = 0; i < k->nparams; i++) {
		int j = 0;
		while (j < nw && wb[j] != arg[i].b)
			j++;
		if (arg[i].b && (arg[i].use & 2) && j == nw)
			wb[nw++] = arg[i].b;
	}
	for (int j = 0; j < nw && merge; j++) {
		cuflowCxMergeCopies(wb[j]);
		memcpy(wb[j]->before, wb[j]->mirror, wb[j]->size);
	}
	if (time)
		cuflowCxQuiet();
	double t1 = cuflowCxNow();
	auto gside = [&]() {
		double a = cuflowCxNow();
		if (beside) /* a few of the cores: the CPU's part has the others */
			cuflowCxRun(up, 2);
		tup = cuflowCxNow() - a;
		if (kk > 0)
			gpu(0ULL, kk);
		cuflowCxCheck(cudaGetLastError(), "the GPU's part"); /* the error is the launching thread's */
	};
	std::thread side;
	if (beside)
		side = std::thread(gside);
	else
		gside();
	unsigned dims[6] = {grid.x, grid.y, grid.z, block.x, block.y, block.z};
	if (kk < n)
		k->cpu(cav, dims, shmem, (long long)kk, (long long)n);
	double t2 = cuflowCxNow();
	if (side.joinable())
		side.join();
	if (kk < n || time) /* the GPU alone on current bytes is left in flight, as the program launched it */
		cuflowCxCheck(cudaDeviceSynchronize(), "the GPU's part");
	double t3 = cuflowCxNow();
	for (int j = 0; j < nw && merge; j++) {
		cuflow_cx_buf *b = wb[j];
		cuflowCxMove(b->gpu, (void *)b->base, b->size, cudaMemcpyDeviceToHost);
		if (cuflowCxMerge(b))
			cuflowCxMove((void *)b->base, b->mirror, b->size, cudaMemcpyHostToDevice);
		cuflowCxMark(b, 0, b->size, CUFLOW_CX_BOTH);
		moved += 3.0 * (double)b->size;
	}
	for (int i = 0; i < k->nparams && !merge; i++)
		if (arg[i].b && (arg[i].use & 2)) {
			cuflowCxMark(arg[i].b, arg[i].ga, arg[i].ge, CUFLOW_CX_DEV);
			cuflowCxMark(arg[i].b, arg[i].ca, arg[i].ce, CUFLOW_CX_HOST);
		}
	if (!lazy) /* the device holds every allocation again */
		for (int j = 0; j < nw; j++)
			moved += (double)cuflowCxNeed(wb[j], 0, wb[j]->size, true);
	double t4 = cuflowCxNow();
	if (moved - upbytes >= (1 << 20)) /* enough bytes for a rate */
		p->bw = (moved - upbytes) / ((t1 - t0) + (t4 - t3));
	if (upbytes >= (1 << 20)) {
		p->bwb = upbytes / tup;
		cuflowCxRemember(k, p);
	}
	if (kk >= n && time) {
		double t = t3 - t1;
		p->gpu = p->runs == 0 || t < p->gpu ? t : p->gpu;
		if (p->runs == 1)
			cuflowCxRemember(k, p);
	}
	if (s->mode == 0 && p->runs == 2 && kk < n) { /* the probe */
		p->cpublock = (t2 - t1) / (double)(n - kk);
		cuflowCxRemember(k, p);
	}
	p->runs += !(shared && p->runs == 2);
	if (s->log)
		fprintf(stderr, "cuflow: coexec %s: %llu blocks, %llu on the GPU, %llu on the CPU%s (%.3f ms: CPU %.3f ms, "
			"copies%s %.3f ms%s, %.0f bytes)\n", k->name, n, kk, n - kk, merge ? ", merged" : "", 1e3 * (t4 - t0),
			1e3 * (t2 - t1), merge ? " and merge" : "", 1e3 * ((t1 - t0) + (beside ? tup : 0) + (t4 - t3)),
			beside ? ", the uploads beside the CPU" : "", moved);
}

/* ---- lazy mode: the program's copies (cuflow --lower=coexec defines
 * CUFLOW_CX_LAZY when they are all it uses to reach device memory, and
 * puts cuflowCxPlain() before every other call that could) ---- */
#ifdef CUFLOW_CX_LAZY
static inline cudaError_t
cuflowCxMemcpy(void *dst, const void *src, size_t n, cudaMemcpyKind kind)
{
	cuflow_cx_state *s = cuflowCxState();
	s->synced = false;
	cuflow_cx_buf *d = s->lazy ? cuflowCxBuf(dst) : NULL, *r = s->lazy ? cuflowCxBuf(src) : NULL;
	size_t doff = d ? (CUdeviceptr)dst - d->base : 0, roff = r ? (CUdeviceptr)src - r->base : 0;
	if ((!d && !r) || (d && n > d->size - doff) || (r && n > r->size - roff))
		return cudaMemcpy(dst, src, n, kind); /* not the runtime's, or an error the call reports */
	if (d && !r) { /* up: into the mirror, on the host until a part needs it */
		cuflowCxQuiet(); /* as cudaMemcpy waits: the source may be managed or mapped memory a kernel writes */
		cuflowCxCopy(d->mirror + doff, src, n);
		cuflowCxMark(d, doff, doff + n, CUFLOW_CX_HOST);
	} else if (r && !d) { /* down: the host waits, as for cudaMemcpy; each piece from where it is current */
		cuflowCxQuiet();
		for (const cuflow_cx_seg &g : r->seg) {
			size_t a = g.a > roff ? g.a : roff, e = g.b < roff + n ? g.b : roff + n;
			if (a >= e)
				continue;
			if (g.st == CUFLOW_CX_DEV)
				cuflowCxMove((char *)dst + (a - roff), (void *)(r->base + a), e - a, cudaMemcpyDeviceToHost);
			else
				cuflowCxCopy((char *)dst + (a - roff), r->mirror + a, e - a);
		}
	} else {
		cuflowCxNeed(r, roff, roff + n, true);
		cudaError_t e = cudaMemcpy(dst, src, n, cudaMemcpyDeviceToDevice);
		cuflowCxMark(d, doff, doff + n, CUFLOW_CX_DEV);
		return e;
	}
	(void)kind;
	return cudaSuccess;
}

/* The registry's allocation i forgotten, its mirror and copies freed. */
static inline void
cuflowCxDrop(size_t i)
{
	cuflow_cx_state *s = cuflowCxState();
	cuflow_cx_buf *b = s->buf[i];
	s->buf.erase(s->buf.begin() + (long)i);
	munmap(b->mirror, b->size ? b->size : 1);
	free(b->gpu);
	free(b->before);
	delete b;
}

/* Lazy mode knows an allocation from its start: no one has written it. */
template <class T>
static inline cudaError_t
cuflowCxMalloc(T **p, size_t n)
{
	cudaError_t e = cudaMalloc((void **)p, n);
	CUdeviceptr base;
	size_t size;
	cuflow_cx_state *s = cuflowCxState();
	if (e != cudaSuccess || !s->lazy || !*p || cuMemGetAddressRange(&base, &size, (CUdeviceptr)*p) != CUDA_SUCCESS)
		return e;
	for (size_t i = 0; i < s->buf.size();) { /* one freed another way (cudaFreeAsync) whose bytes the driver gave back */
		cuflow_cx_buf *b = s->buf[i];
		if (b->base < base + size && base < b->base + b->size)
			cuflowCxDrop(i);
		else
			i++;
	}
	cuflowCxAdd(base, size, CUFLOW_CX_UNSET);
	return e;
}

static inline cudaError_t
cuflowCxMemcpyAsync(void *dst, const void *src, size_t n, cudaMemcpyKind kind, cudaStream_t stream = 0)
{
	if (cuflowCxCapturing(stream))
		return cudaMemcpyAsync(dst, src, n, kind, stream);
	cudaError_t e = cudaStreamSynchronize(stream);
	return e != cudaSuccess ? e : cuflowCxMemcpy(dst, src, n, kind);
}

static inline cudaError_t
cuflowCxMemset(void *p, int v, size_t n)
{
	cuflow_cx_buf *b = cuflowCxState()->lazy ? cuflowCxBuf(p) : NULL;
	cudaError_t e = cudaMemset(p, v, n);
	if (b)
		cuflowCxMark(b, (CUdeviceptr)p - b->base, (CUdeviceptr)p - b->base + n, CUFLOW_CX_DEV);
	return e;
}

static inline cudaError_t
cuflowCxMemsetAsync(void *p, int v, size_t n, cudaStream_t stream = 0)
{
	if (cuflowCxCapturing(stream))
		return cudaMemsetAsync(p, v, n, stream);
	cudaError_t e = cudaStreamSynchronize(stream);
	return e != cudaSuccess ? e : cuflowCxMemset(p, v, n);
}

static inline cudaError_t
cuflowCxFree(void *p)
{
	cuflow_cx_state *s = cuflowCxState();
	cuflow_cx_buf *b = p ? cuflowCxBuf(p) : NULL;
	for (size_t i = 0; b && i < s->buf.size(); i++)
		if (s->buf[i] == b) {
			cuflowCxDrop(i);
			break;
		}
	return cudaFree(p);
}

#define cudaMalloc cuflowCxMalloc
#define cudaMemcpy cuflowCxMemcpy
#define cudaMemcpyAsync cuflowCxMemcpyAsync
#define cudaMemset cuflowCxMemset
#define cudaMemsetAsync cuflowCxMemsetAsync
#define cudaFree cuflowCxFree
#endif

#endif
