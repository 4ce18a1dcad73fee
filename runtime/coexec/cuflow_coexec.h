/* cuflow_coexec.h: what a program written by `cuflow --lower=coexec`
 * includes (doc/coexec.md). One launch of a kernel runs blocks [0, k) of
 * its flattened grid on the GPU, through a partition-ready copy of the
 * kernel (SKMD, Lee et al., PACT 2013, Fig. 4), and blocks [k, N) on the
 * CPU at the same time, through the lowering's block function
 * (`cuflow_cpu_K`, built from the program's --lower=openmp form).
 *
 * Buffers (SKMD's discontiguous kernels, section III.B): before a split
 * launch every device allocation a pointer argument points into is copied
 * whole into a host mirror, and the mirror of each is kept as it was; the
 * CPU's blocks run on the mirrors. After both parts, the GPU's copy comes
 * back, and every byte the GPU changed (it differs from the copy kept) is
 * taken into the mirror, which then goes back to the device when the CPU
 * changed something. A kernel whose blocks never write what another block
 * reads or writes (any race-free kernel without atomics on global memory,
 * fences or grid-wide cooperation: cuflow runs the others on the GPU alone)
 * gives the same bytes as the GPU alone.
 *
 * Partitioning (SKMD's Algorithm 1 for one CPU and one GPU, with linear
 * performance): the first two launches of a kernel at a grid size run on
 * the GPU alone, timed (the faster counts: the first may load the module);
 * the third gives the CPU a small share, timed, with the transfers and the
 * merge, unless the copies a split makes could not take less time than the
 * GPU alone even at CUFLOW_CX_MAXBW (then the kernel stays on the GPU with
 * no probe); from then on k balances the two parts'
 * estimated times, transfers included, and falls back to the GPU alone
 * (or the CPU alone) when the split does not beat it by MARGIN.
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
#include <sys/stat.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <string>
#include <vector>

typedef void (*cuflow_cx_cpu)(void **av, const unsigned *dims, size_t shmem, long long lo, long long hi);

#define CUFLOW_CX_MARGIN 0.95 /* a split must beat one device by 5% */
#define CUFLOW_CX_PROBE 8     /* the probe gives the CPU 1/8 of the blocks */
#define CUFLOW_CX_SIZES 8     /* grid sizes remembered per kernel */
#define CUFLOW_CX_MAXBW 100e9 /* bytes a second no host-device copy beats (PCIe 5 x16 is 64e9) */

/* What was measured of a kernel at one grid size (seconds). */
struct cuflow_cx_perf {
	unsigned long long n; /* blocks */
	unsigned threads;     /* per block */
	double gpu;           /* the GPU alone, the whole grid */
	double cpublock;      /* the CPU, per block */
	double fixed;         /* transfers and merge of a split launch */
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

/* One device allocation a launch reaches: its mirror, the mirror as it was
 * before the launch, and the GPU's result. */
struct cuflow_cx_buf {
	CUdeviceptr base;
	size_t size;
	unsigned char *mirror, *before, *gpu;
};

struct cuflow_cx_state {
	struct cuflow_cx_buf *buf;
	int n, cap;
	int mode;      /* 0 auto, 1 gpu, 2 cpu, 3 fixed share */
	double share;  /* mode 3: the GPU's share */
	int log;
	bool init;
	std::string cache, exe;         /* the cache file ("": none), this program */
	std::vector<std::string> saved; /* its lines: exe, kernel, blocks, threads, gpu, cpublock, fixed */
	bool dirty;
};

static inline void cuflowCxLoad(cuflow_cx_state *s);
static inline void cuflowCxSave(void);

static inline cuflow_cx_state *
cuflowCxState(void)
{
	static cuflow_cx_state s;
	if (!s.init) {
		s.init = true;
		const char *m = getenv("CUFLOW_COEXEC"), *l = getenv("CUFLOW_COEXEC_LOG");
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

/* The allocation holding device pointer p, with its mirrors; NULL when p
 * is not device memory cudaMalloc made (managed, mapped host memory). */
static inline cuflow_cx_buf *
cuflowCxBuf(const void *p)
{
	cudaPointerAttributes a;
	if (cudaPointerGetAttributes(&a, p) != cudaSuccess || a.type != cudaMemoryTypeDevice) {
		cudaGetLastError();
		return NULL;
	}
	CUdeviceptr base;
	size_t size;
	if (cuMemGetAddressRange(&base, &size, (CUdeviceptr)p) != CUDA_SUCCESS)
		return NULL;
	cuflow_cx_state *s = cuflowCxState();
	for (int i = 0; i < s->n; i++)
		if (s->buf[i].base == base && s->buf[i].size == size)
			return &s->buf[i];
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 8;
		s->buf = (cuflow_cx_buf *)realloc(s->buf, (size_t)s->cap * sizeof *s->buf);
		if (!s->buf)
			abort();
	}
	cuflow_cx_buf *b = &s->buf[s->n++];
	b->base = base;
	b->size = size;
	cuflowCxCheck(cudaMallocHost((void **)&b->mirror, size), "a mirror");
	cuflowCxCheck(cudaMallocHost((void **)&b->gpu, size), "a mirror");
	b->before = (unsigned char *)malloc(size);
	if (!b->before)
		abort();
	return b;
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
	snprintf(v, sizeof v, "%.9g\t%.9g\t%.9g", p->gpu, p->cpublock, p->fixed);
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
		    sscanf(l.c_str() + key.size(), "%lf\t%lf\t%lf", &p->gpu, &p->cpublock, &p->fixed) == 3)
			p->runs = p->cpublock > 0 ? 3 : 2; /* measured by an earlier run: decide at once, or probe */
	return p;
}

/* The GPU's blocks of a launch of n: the partitioner. */
static inline unsigned long long
cuflowCxSplit(cuflow_cx_perf *p, unsigned long long n)
{
	cuflow_cx_state *s = cuflowCxState();
	if (s->mode == 1)
		return n;
	if (s->mode == 2)
		return 0;
	if (s->mode == 3)
		return (unsigned long long)(s->share * (double)n + 0.5);
	if (p->runs < 2 || n < 2)
		return n; /* the GPU alone, timed */
	if (p->runs == 2)
		return n - (n + CUFLOW_CX_PROBE - 1) / CUFLOW_CX_PROBE; /* the probe */
	/* balance: gpu * k / n = cpublock * (n - k) */
	double g = p->gpu / (double)n, c = p->cpublock;
	double k = c / (g + c) * (double)n;
	unsigned long long kk = k < 1 ? 0 : k >= (double)n ? n : (unsigned long long)k;
	double split = (g * (double)kk > c * (double)(n - kk) ? g * (double)kk : c * (double)(n - kk)) + p->fixed;
	double cpu = c * (double)n + p->fixed;
	if (split < CUFLOW_CX_MARGIN * p->gpu && split <= cpu)
		return kk;
	if (cpu < CUFLOW_CX_MARGIN * p->gpu)
		return 0;
	return n;
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

/* A launch of kernel k: the GPU's part (gpu(lo, hi) launches blocks
 * [lo, hi) on stream), the CPU's part, the merge. */
template <class F>
static inline void
cuflowCxLaunch(cuflow_cx_kernel *k, dim3 grid, dim3 block, size_t shmem, cudaStream_t stream, void **av, const F &gpu)
{
	unsigned long long n = (unsigned long long)grid.x * grid.y * grid.z;
	cuflow_cx_perf *p = cuflowCxPerf(k, n, block.x * block.y * block.z);
	cuflow_cx_state *s = cuflowCxState();
	if (s->mode == 0 && p->runs == 2 && n >= 2 && p->gpu <= cuflowCxLeast(k, av) / CUFLOW_CX_MAXBW) {
		/* the copies a split makes take longer than the GPU alone, whatever the CPU does: no probe */
		p->fixed = cuflowCxLeast(k, av) / CUFLOW_CX_MAXBW;
		p->cpublock = 1e30;
		p->runs = 3;
		cuflowCxRemember(k, p);
	}
	unsigned long long kk = cuflowCxSplit(p, n);
	/* the arguments as the CPU's blocks see them: pointers into the mirrors */
	void **cav = (void **)alloca((size_t)(k->nparams + 1) * sizeof *cav);
	void **cptr = (void **)alloca((size_t)(k->nparams + 1) * sizeof *cptr);
	cuflow_cx_buf **bufs = (cuflow_cx_buf **)alloca((size_t)(k->nparams + 1) * sizeof *bufs);
	unsigned char *wr = (unsigned char *)alloca((size_t)(k->nparams + 1));
	unsigned char *rd = (unsigned char *)alloca((size_t)(k->nparams + 1));
	int nb = 0;
	for (int i = 0; i < k->nparams && kk < n; i++) {
		cav[i] = av[i];
		if (!k->use[i] || !*(void **)av[i])
			continue;
		cuflow_cx_buf *b = cuflowCxBuf(*(void **)av[i]);
		if (!b) {
			kk = n; /* memory the CPU cannot mirror: the GPU alone */
			break;
		}
		cptr[i] = b->mirror + ((CUdeviceptr) * (void **)av[i] - b->base);
		cav[i] = &cptr[i];
		int j = 0;
		while (j < nb && bufs[j] != b)
			j++;
		if (j == nb) {
			bufs[nb] = b;
			rd[nb] = wr[nb] = 0;
			nb++;
		}
		rd[j] |= (k->use[i] & 1) != 0;
		wr[j] |= (k->use[i] & 2) != 0;
		if (rd[j] && wr[j])
			kk = n; /* one allocation read through one argument and written through another: a block on one
				 * device could read what a block on the other writes (cuflow keeps kernels that do so
				 * through one argument on the GPU) */
	}
	if (kk >= n) {
		bool time = s->mode == 0 && p->runs < 2; /* the GPU alone, timed from an idle device */
		if (time)
			cuflowCxCheck(cudaDeviceSynchronize(), "before a launch");
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
	/* everything the launch would wait for is done: the mirrors are its inputs */
	double t0 = cuflowCxNow();
	cuflowCxCheck(cudaDeviceSynchronize(), "before a split launch");
	for (int j = 0; j < nb; j++) {
		cuflow_cx_buf *b = bufs[j];
		cuflowCxCheck(cudaMemcpy(b->mirror, (void *)b->base, b->size, cudaMemcpyDeviceToHost), "a mirror");
		if (wr[j])
			memcpy(b->before, b->mirror, b->size);
	}
	double t1 = cuflowCxNow();
	if (kk > 0)
		gpu(0ULL, kk);
	cuflowCxCheck(cudaGetLastError(), "the GPU's part");
	unsigned dims[6] = {grid.x, grid.y, grid.z, block.x, block.y, block.z};
	k->cpu(cav, dims, shmem, (long long)kk, (long long)n);
	double t2 = cuflowCxNow();
	cuflowCxCheck(cudaDeviceSynchronize(), "the GPU's part");
	double t3 = cuflowCxNow();
	for (int j = 0; j < nb; j++) {
		cuflow_cx_buf *b = bufs[j];
		if (!wr[j])
			continue;
		cuflowCxCheck(cudaMemcpy(b->gpu, (void *)b->base, b->size, cudaMemcpyDeviceToHost), "the GPU's part");
		if (cuflowCxMerge(b))
			cuflowCxCheck(cudaMemcpy((void *)b->base, b->mirror, b->size, cudaMemcpyHostToDevice), "the merge");
	}
	double t4 = cuflowCxNow();
	if (s->mode == 0 && p->runs == 2) { /* the probe */
		p->cpublock = (t2 - t1) / (double)(n - kk);
		p->fixed = (t1 - t0) + (t4 - t3);
		cuflowCxRemember(k, p);
	}
	p->runs++;
	if (s->log)
		fprintf(stderr, "cuflow: coexec %s: %llu blocks, %llu on the GPU, %llu on the CPU (%.3f ms: CPU %.3f ms, "
			"transfers and merge %.3f ms)\n", k->name, n, kk, n - kk, 1e3 * (t4 - t0), 1e3 * (t2 - t1),
			1e3 * ((t1 - t0) + (t4 - t3)));
}

#endif
