// fusebench.cu: the constants of the fuse pass's cost model (Kessler's
// transfer and allocation fusion, /work/shared/papers/
// kessler-transfer-fusion.txt, Section 2, Tables 1 and 2), measured on the
// machine that runs it. For each vector size (floats) and k buffers:
//   up_sep    k blocking cudaMemcpy H2D from k separate malloc buffers
//   up_fused  one blocking cudaMemcpy H2D of the k vectors laid out
//             adjacently (256-byte aligned offsets) in one malloc buffer
//   up_batch  one cudaMemcpyBatchAsync of the k separate (non-adjacent)
//             pageable buffers + cudaStreamSynchronize (CUDA >= 12.8; a
//             created stream: the batch call refuses the legacy NULL one)
//   dn_*      the same, device to host
//   mal_sep   k cudaMalloc + k cudaFree; mal_fused: one cudaMalloc of the
//             adjacent size + one cudaFree
//   pool_sep  k cudaMallocAsync + k cudaFreeAsync on stream 0 from the
//             default pool + cudaStreamSynchronize(0); pool_fused: one of each
//   up_save, dn_save, mal_save: what one fusion saves, (sep - fused) / (k-1)
// All in microseconds per operation (per group of k), each the median of
// RUNS (default 5) timings of ITERS back-to-back operations (200 at small
// sizes down to 10 at 4M floats, after one untimed one), with a
// cudaDeviceSynchronize at the end of each timing (a pageable H2D
// cudaMemcpy may return before its DMA completes). A column is -1 where the
// call is not available or failed (stderr says why).
//
//   nvcc -O2 -o fusebench tests/gpu/fuse/fusebench.cu && ./fusebench [RUNS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

static double now()
{
	return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static double median(std::vector<double> v)
{
	std::sort(v.begin(), v.end());
	return v[v.size() / 2];
}

static void check(cudaError_t e, const char *what)
{
	if (e != cudaSuccess) {
		fprintf(stderr, "fusebench: %s: %s\n", what, cudaGetErrorString(e));
		exit(1);
	}
}

enum { KMAX = 8 };

#if CUDART_VERSION >= 12080
// One batch of count pointer-to-pointer copies on stream s, source read in
// stream order. CUDA 12.8 and 12.9 take a failIdx before the stream; 13.0
// dropped it. void ** converts to every version's pointer-array types.
static cudaError_t batch(void **dst, void **src, size_t *sizes, size_t count, cudaStream_t s)
{
	cudaMemcpyAttributes attr;
	memset(&attr, 0, sizeof attr);
	attr.srcAccessOrder = cudaMemcpySrcAccessOrderStream;
	size_t idx = 0;
#if CUDART_VERSION >= 13000
	return cudaMemcpyBatchAsync(dst, src, sizes, count, &attr, &idx, 1, s);
#else
	size_t fail = 0;
	return cudaMemcpyBatchAsync(dst, src, sizes, count, &attr, &idx, 1, &fail, s);
#endif
}
#endif

static int batch_ok = 1; // cleared (with one line on stderr) at the first failure

int main(int argc, char **argv)
{
	int runs = argc > 1 ? atoi(argv[1]) : 5;
	if (runs < 1)
		runs = 1;
	const size_t floats[] = {1 << 10, 4 << 10, 16 << 10, 64 << 10, 256 << 10, 1 << 20, 4 << 20};
	const int ks[] = {2, 3, 4, 8};
	cudaStream_t bs;
	check(cudaFree(0), "init");
	check(cudaStreamCreate(&bs), "cudaStreamCreate");
	{ // the first cudaMalloc of a process is slow: keep it out of the numbers
		void *p;
		check(cudaMalloc(&p, 1 << 20), "cudaMalloc");
		check(cudaFree(p), "cudaFree");
	}
#if CUDART_VERSION < 12080
	fprintf(stderr, "fusebench: CUDA runtime %d has no cudaMemcpyBatchAsync (12.8): batch columns -1\n", CUDART_VERSION);
	batch_ok = 0;
#endif
	printf("%8s %2s %9s %9s %9s %9s %9s %9s %9s %9s %9s %9s %8s %8s %8s\n", "floats", "k", "up_sep", "up_fused",
	       "up_batch", "dn_sep", "dn_fused", "dn_batch", "mal_sep", "mal_fused", "pool_sep", "pool_fused", "up_save",
	       "dn_save", "mal_save");
	fflush(stdout);
	for (size_t nf : floats) {
		size_t bytes = nf * sizeof(float);
		size_t stride = (bytes + 255) & ~(size_t)255;
		int iters = nf <= (64 << 10) ? 200 : nf <= (256 << 10) ? 50 : nf <= (1 << 20) ? 20 : 10;
		char *hs[KMAX], *ds[KMAX];
		for (int j = 0; j < KMAX; j++) {
			hs[j] = (char *)malloc(bytes);
			memset(hs[j], j + 1, bytes);
			check(cudaMalloc((void **)&ds[j], bytes), "cudaMalloc");
		}
		char *hf = (char *)malloc(KMAX * stride);
		memset(hf, 7, KMAX * stride);
		char *df;
		check(cudaMalloc((void **)&df, KMAX * stride), "cudaMalloc");
		for (int k : ks) {
			size_t fused = (k - 1) * stride + bytes;
			void *bdst[KMAX], *bsrc[KMAX];
			size_t bsz[KMAX];
			for (int j = 0; j < k; j++)
				bsz[j] = bytes;
			std::vector<double> us, uf, ub, dsp, dfu, db, ms, mf, ps, pf;
			// one operation of each kind; op(0) is the untimed warm-up
			auto up_sep = [&]() {
				for (int j = 0; j < k; j++)
					check(cudaMemcpy(ds[j], hs[j], bytes, cudaMemcpyHostToDevice), "upload");
			};
			auto up_fused = [&]() { check(cudaMemcpy(df, hf, fused, cudaMemcpyHostToDevice), "fused upload"); };
			auto dn_sep = [&]() {
				for (int j = 0; j < k; j++)
					check(cudaMemcpy(hs[j], ds[j], bytes, cudaMemcpyDeviceToHost), "download");
			};
			auto dn_fused = [&]() { check(cudaMemcpy(hf, df, fused, cudaMemcpyDeviceToHost), "fused download"); };
			auto mal_sep = [&]() {
				void *p[KMAX];
				for (int j = 0; j < k; j++)
					check(cudaMalloc(&p[j], bytes), "cudaMalloc");
				for (int j = 0; j < k; j++)
					check(cudaFree(p[j]), "cudaFree");
			};
			auto mal_fused = [&]() {
				void *p;
				check(cudaMalloc(&p, fused), "cudaMalloc");
				check(cudaFree(p), "cudaFree");
			};
			auto pool_sep = [&]() {
				void *p[KMAX];
				for (int j = 0; j < k; j++)
					check(cudaMallocAsync(&p[j], bytes, 0), "cudaMallocAsync");
				for (int j = 0; j < k; j++)
					check(cudaFreeAsync(p[j], 0), "cudaFreeAsync");
				check(cudaStreamSynchronize(0), "cudaStreamSynchronize");
			};
			auto pool_fused = [&]() {
				void *p;
				check(cudaMallocAsync(&p, fused, 0), "cudaMallocAsync");
				check(cudaFreeAsync(p, 0), "cudaFreeAsync");
				check(cudaStreamSynchronize(0), "cudaStreamSynchronize");
			};
			// returns false (once, with a line on stderr) if the batch call fails
			auto batch_op = [&](bool up) {
#if CUDART_VERSION >= 12080
				for (int j = 0; j < k; j++) {
					bdst[j] = up ? (void *)ds[j] : (void *)hs[j];
					bsrc[j] = up ? (void *)hs[j] : (void *)ds[j];
				}
				cudaError_t e = batch(bdst, bsrc, bsz, k, bs);
				if (e == cudaSuccess)
					e = cudaStreamSynchronize(bs);
				if (e != cudaSuccess) {
					fprintf(stderr, "fusebench: cudaMemcpyBatchAsync (%s, %zu floats, k %d): %s: batch columns -1\n",
						up ? "H2D" : "D2H", nf, k, cudaGetErrorString(e));
					cudaGetLastError();
					batch_ok = 0;
				}
#else
				(void)up;
#endif
			};
			auto timeit = [&](std::vector<double> &out, auto op) {
				op();
				check(cudaDeviceSynchronize(), "sync");
				double t = now();
				for (int i = 0; i < iters; i++)
					op();
				check(cudaDeviceSynchronize(), "sync");
				out.push_back((now() - t) / iters);
			};
			for (int r = 0; r < runs; r++) {
				timeit(us, up_sep);
				timeit(uf, up_fused);
				if (batch_ok)
					timeit(ub, [&]() { batch_op(true); });
				timeit(dsp, dn_sep);
				timeit(dfu, dn_fused);
				if (batch_ok)
					timeit(db, [&]() { batch_op(false); });
				timeit(ms, mal_sep);
				timeit(mf, mal_fused);
				timeit(ps, pool_sep);
				timeit(pf, pool_fused);
			}
			double usm = median(us), ufm = median(uf), dsm = median(dsp), dfm = median(dfu);
			double msm = median(ms), mfm = median(mf);
			double ubm = batch_ok && ub.size() == (size_t)runs ? median(ub) : -1;
			double dbm = batch_ok && db.size() == (size_t)runs ? median(db) : -1;
			printf("%8zu %2d %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %8.1f %8.1f %8.1f\n", nf, k, usm,
			       ufm, ubm, dsm, dfm, dbm, msm, mfm, median(ps), median(pf), (usm - ufm) / (k - 1),
			       (dsm - dfm) / (k - 1), (msm - mfm) / (k - 1));
			fflush(stdout);
		}
		for (int j = 0; j < KMAX; j++) {
			free(hs[j]);
			check(cudaFree(ds[j]), "cudaFree");
		}
		free(hf);
		check(cudaFree(df), "cudaFree");
	}
	check(cudaStreamDestroy(bs), "cudaStreamDestroy");
	return 0;
}
