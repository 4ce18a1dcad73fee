// 23-per-thread-copies.cu: locals kept per thread that the lowering copies
// into each thread loop and back (doc/lowering.md, "Per-thread values"):
// a struct changed only by a member function across barriers; scalars
// changed through a reference (unsigned &ref = r) and through a non-const
// reference argument, in a loop holding barriers (the thread loop runs
// again and reads the previous trip's value); an uninitialised local
// assigned after a barrier; sin/cos through pointers (&s, &c); a device
// function that reads threadIdx through another device function; a
// parameter changed per thread and read after barriers; a parameter changed
// in a kernel without barriers; an early return in a kernel with barriers.
// Launched with 64 and 96 threads.
// Expected: RESULT acc=<A> refs=<R> q=<Q> one=<O> par=<P> flat=<F> ret=<T> bad=0.
// A lowering that loses a write-back (member function, reference, loop
// trip) or reads a stale copy prints bad>0.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define N 1536
#define ROUNDS 4
#define MAXBS 96

struct Acc {
	unsigned s;
	__host__ __device__ void add(unsigned v) { s = s * 3u + v; }
};

__host__ __device__ void twice(unsigned &x) { x = x * 2u + 1u; }
__device__ unsigned lane() { return threadIdx.x & 31u; }
__device__ unsigned vialane() { return lane() + 1u; }

__global__ void copies(const unsigned *in, unsigned *oacc, unsigned *orefs, unsigned *oq, unsigned *oone,
		       unsigned *opar, unsigned base)
{
	__shared__ unsigned sh[MAXBS];
	unsigned t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
	Acc a;
	a.s = in[g];
	unsigned r = t, r2 = t + 1u;
	unsigned q;
	float s, c;
	sincosf((float)t, &s, &c);
	base += t * 5u;
	for (int i = 0; i < ROUNDS; i++) {
		sh[t] = a.s + r;
		__syncthreads();
		a.add(sh[(t + 1) % blockDim.x]);
		unsigned &ref = r;
		ref += (unsigned)i;
		twice(r2);
		__syncthreads();
	}
	q = vialane();
	__syncthreads();
	oacc[g] = a.s;
	orefs[g] = r ^ r2;
	oq[g] = q;
	oone[g] = (unsigned)(s * s + c * c + 0.5f);
	opar[g] = base;
}

__global__ void flat(unsigned *out, int n, unsigned step)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	step += (unsigned)i * 7u;
	if (i < n)
		out[i] = step * 3u;
}

__global__ void early(unsigned *out, int n)
{
	__shared__ unsigned sh[MAXBS];
	unsigned t = threadIdx.x;
	int g = blockIdx.x * blockDim.x + t;
	unsigned v = t * 11u;
	sh[t] = v;
	__syncthreads();
	if (g >= n)
		return;
	v += sh[(t + 5) % blockDim.x];
	out[g] = v;
}

int main()
{
	unsigned *h = (unsigned *)malloc(N * sizeof(unsigned));
	unsigned *ho[6];
	for (int i = 0; i < 6; i++)
		ho[i] = (unsigned *)malloc(N * sizeof(unsigned));
	for (int i = 0; i < N; i++)
		h[i] = (unsigned)(i * 2654435761u) >> 20;
	unsigned *din, *dout[6];
	CHECK(cudaMalloc(&din, N * sizeof(unsigned)));
	for (int i = 0; i < 6; i++)
		CHECK(cudaMalloc(&dout[i], N * sizeof(unsigned)));
	CHECK(cudaMemcpy(din, h, N * sizeof(unsigned), cudaMemcpyHostToDevice));
	unsigned long long acc = 0, refs = 0, qs = 0, one = 0, par = 0, fl = 0, ret = 0;
	int bad = 0;
	const unsigned base = 1000u;
	for (int bs = 64; bs <= MAXBS; bs += 32) {
		int nb = N / bs, n = N - bs / 2; /* early: the last half block returns */
		copies<<<nb, bs>>>(din, dout[0], dout[1], dout[2], dout[3], dout[4], base);
		flat<<<nb + 1, bs>>>(dout[5], N, 9u);
		CHECK(cudaGetLastError());
		CHECK(cudaDeviceSynchronize());
		for (int i = 0; i < 6; i++)
			CHECK(cudaMemcpy(ho[i], dout[i], N * sizeof(unsigned), cudaMemcpyDeviceToHost));
		CHECK(cudaMemset(dout[0], 0, N * sizeof(unsigned)));
		early<<<nb, bs>>>(dout[0], n);
		unsigned *he = (unsigned *)malloc(N * sizeof(unsigned));
		CHECK(cudaMemcpy(he, dout[0], N * sizeof(unsigned), cudaMemcpyDeviceToHost));
		for (int b = 0; b < nb; b++) {
			unsigned sa[MAXBS], sr[MAXBS], sr2[MAXBS], sh[MAXBS];
			for (int t = 0; t < bs; t++) {
				sa[t] = h[b * bs + t];
				sr[t] = (unsigned)t;
				sr2[t] = (unsigned)t + 1u;
			}
			for (int i = 0; i < ROUNDS; i++) {
				for (int t = 0; t < bs; t++)
					sh[t] = sa[t] + sr[t];
				for (int t = 0; t < bs; t++) {
					sa[t] = sa[t] * 3u + sh[(t + 1) % bs];
					sr[t] += (unsigned)i;
					sr2[t] = sr2[t] * 2u + 1u;
				}
			}
			for (int t = 0; t < bs; t++) {
				int g = b * bs + t;
				bad += ho[0][g] != sa[t];
				bad += ho[1][g] != (sr[t] ^ sr2[t]);
				bad += ho[2][g] != ((unsigned)t & 31u) + 1u;
				bad += ho[3][g] != 1u;
				bad += ho[4][g] != base + (unsigned)t * 5u;
				unsigned ev = (unsigned)t * 11u + (unsigned)((t + 5) % bs) * 11u;
				bad += he[g] != (g < n ? ev : 0u);
				acc += ho[0][g];
				refs += ho[1][g];
				qs += ho[2][g];
				one += ho[3][g];
				par += ho[4][g];
				ret += he[g];
			}
		}
		for (int i = 0; i < N; i++) {
			bad += ho[5][i] != (9u + (unsigned)i * 7u) * 3u;
			fl += ho[5][i];
		}
		free(he);
	}
	printf("RESULT acc=%llu refs=%llu q=%llu one=%llu par=%llu flat=%llu ret=%llu bad=%d\n", acc, refs, qs,
	       one, par, fl, ret, bad);
	CHECK(cudaFree(din));
	for (int i = 0; i < 6; i++) {
		CHECK(cudaFree(dout[i]));
		free(ho[i]);
	}
	free(h);
	return 0;
}
