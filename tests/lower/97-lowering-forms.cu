// 97-lowering-forms: forms of kernel that the lowering once mangled, each
// the smallest case of a HeCBench benchmark that did not build or crashed.
//  pack: a variadic kernel template (HeCBench axpby's multi_tensor_apply:
//    `template <typename U, typename... ArgTypes> __global__ void K(int n,
//    U callable, ArgTypes... args)` calling callable(n, args...)), and one
//    with __shared__ memory, whose race-checked form adds a template
//    parameter after the pack (the pack was declared as a field and a
//    local, "expected unqualified-id before '...'").
//  autos: in a kernel template, `auto value = bins[idx]` (bins a __shared__
//    int[BINS], idx a per-thread local) kept per thread across warp
//    shuffles, and `auto n = __shfl_down_sync(.., value, i)` (HeCBench
//    score: the per-thread arrays' types named idx and value, which the
//    block function's top does not know).
//  defines: #define lines in a kernel's body, before its first statement
//    (sizing a __shared__ array the block function's top declares) and
//    between two loops that fission runs as separate thread loops
//    (HeCBench match's `#define NRX 2`, `#define NUM (NRX*M7R)`: dropped,
//    "'NRX' was not declared"), and an #undef after its last statement.
//  macros: macros defined in a kernel's body whose bodies name a parameter
//    the kernel shifts per block (`#define IN(i) in[(i)]`, `in = &(IN(b))`)
//    and per-thread locals live across barriers after an early return
//    (`#define CUR(t) sm[cur][t]`) (HeCBench stencil3d: refused, "overlapping
//    rewrites", then "a variable that must be kept per thread is used inside
//    a macro's body").
//  include: `#include "97-lowering-forms.h"` inside a kernel's body (HeCBench
//    wsm5's constants.h: refused, "edits overlap at byte ...": the header's
//    inlining and the kernel's rewrite).
//  wrap: a pointer into __shared__ memory subscripted by an unsigned
//    complement (HeCBench merge's BSm1[~Ax]): the GPU addresses shared
//    memory with 32 bits, so mid[~x] reads mid[-1 - x] (on the CPU, 16 GiB
//    past mid: SIGSEGV).
// Every field is an integer sum or a mismatch count.
#include <cstdio>

#define CHECK(x) \
	do { \
		if ((x) != cudaSuccess) { \
			printf("CUDA error %s line %d\n", #x, __LINE__); \
			return 1; \
		} \
	} while (0)

// pack: the functor gets the pack expanded, as axpby's does
struct Axpb {
	__device__ void operator()(int n, int *y, const int *x, int a, int b) const
	{
		int i = blockIdx.x * blockDim.x + threadIdx.x;
		if (i < n)
			y[i] = a * x[i] + b;
	}
};

template <typename U, typename... ArgTypes> __global__ void apply(int n, U callable, ArgTypes... args)
{
	callable(n, args...);
}

// pack with __shared__ memory: each block sums its part of the pack's arrays
template <int BS, typename... Ptrs> __global__ void blocksum(int n, int *out, Ptrs... ps)
{
	__shared__ int s[BS];
	int i = blockIdx.x * BS + threadIdx.x;
	int v = 0;
	if (i < n)
		for (const int *p : {ps...})
			v += p[i];
	s[threadIdx.x] = v + (int)sizeof...(Ptrs);
	__syncthreads();
	if (threadIdx.x == 0) {
		int t = 0;
		for (int j = 0; j < BS; j++)
			t += s[j];
		out[blockIdx.x] = t;
	}
}

// autos: a suffix sum of bins, one warp, WARP elements at a time from the right
template <int BINS> __global__ void suffix(const int *in, int *out)
{
	__shared__ int bins[BINS];
	for (int j = threadIdx.x; j < BINS; j += blockDim.x)
		bins[j] = in[j];
	__syncthreads();
	if (threadIdx.x < 32) {
		const int lane = threadIdx.x;
		int carry = 0;
		for (int iter = BINS / 32 - 1; iter >= 0; iter--) {
			const int idx = iter * 32 + lane;
			auto value = bins[idx];
			for (int i = 1; i < 32; i *= 2) {
				auto n = __shfl_down_sync(0xFFFFFFFF, value, i);
				if (lane + i < 32)
					value += n;
			}
			value += carry;
			bins[idx] = value;
			carry = __shfl_sync(0xFFFFFFFF, value, 0);
		}
	}
	__syncthreads();
	for (int j = threadIdx.x; j < BINS; j += blockDim.x)
		out[j] = bins[j];
}

// defines: a per-thread array sized by a macro the body defines, live across a barrier
__global__ void defines(const int *in, int *out)
{
#define DEFW 4
#define DEFN (DEFW * 2)
	__shared__ int buf[64 * DEFN];
	int t = threadIdx.x;
	for (int j = t & 1; j < DEFN + (t & 1); j++) /* per-thread bounds: not interchanged */
		buf[t * DEFN + j % DEFN] = in[t] + j % DEFN;
#define DEFR 3
	int acc[DEFR];
	for (int r = 0; r < DEFR; r++)
		acc[r] = r * t;
	__syncthreads();
	for (int r = 0; r < DEFR; r++)
		acc[r] += buf[((t + 1) % 64) * DEFN + r];
	out[t] = acc[0] + acc[1] + acc[2];
#undef DEFR
}

// macros: a ping-pong of two __shared__ rows, indexed through macros
__global__ void macros(const int *in, int *out, int rounds)
{
	__shared__ int sm[2][64];
#define IN(i) in[(i)]
#define OUT(i) out[(i)]
#define CUR(t) sm[cur][t]
#define NXT(t) sm[1 - cur][t]
	const int t = threadIdx.x;
	in = &(IN(blockIdx.x * 64));
	out = &(OUT(blockIdx.x * 64));
	if (t >= 60)
		return;
	int cur = 0;
	CUR(t) = IN(t);
	__syncthreads();
	for (int r = 0; r < rounds; r++) {
		NXT(t) = CUR(t) + CUR((t + 1) % 60);
		__syncthreads();
		cur = 1 - cur;
	}
	OUT(t) = CUR(t);
}

// include: the header's macros and local, inside an if
__global__ void included(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		int k;
#include "97-lowering-forms.h"
		k = in[i] * INC_SCALE + INC_BIAS + inc_off;
		out[i] = k;
	}
}

// wrap: each thread reads the window mirrored around its middle
__global__ void wrap(const int *in, int *out)
{
	__shared__ int win[64];
	int *mid = win + 32;
	win[threadIdx.x] = in[threadIdx.x];
	__syncthreads();
	unsigned x = threadIdx.x & 31;
	out[threadIdx.x] = mid[~x] + mid[x];
}

int main()
{
	const int n = 1000, bs = 64, nb = (n + bs - 1) / bs;
	int hx[n], hy[n], hs[nb];
	for (int i = 0; i < n; i++)
		hx[i] = i % 23 - 7;
	int *dx, *dy, *ds;
	CHECK(cudaMalloc(&dx, sizeof hx));
	CHECK(cudaMalloc(&dy, sizeof hy));
	CHECK(cudaMalloc(&ds, sizeof hs));
	CHECK(cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice));
	apply<<<nb, bs>>>(n, Axpb(), dy, (const int *)dx, 3, 5);
	blocksum<bs><<<nb, bs>>>(n, ds, (const int *)dx, (const int *)dy);
	CHECK(cudaMemcpy(hy, dy, sizeof hy, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hs, ds, sizeof hs, cudaMemcpyDeviceToHost));
	int packbad = 0;
	long packsum = 0;
	for (int i = 0; i < n; i++) {
		packbad += hy[i] != 3 * hx[i] + 5;
		packsum += hy[i];
	}
	for (int b = 0; b < nb; b++) {
		int t = 0;
		for (int j = 0; j < bs; j++) {
			int i = b * bs + j;
			t += (i < n ? hx[i] + 3 * hx[i] + 5 : 0) + 2;
		}
		packbad += hs[b] != t;
		packsum += hs[b];
	}
	const int nbins = 128;
	int hin[nbins], hout[nbins], *din, *dout;
	for (int j = 0; j < nbins; j++)
		hin[j] = j % 7 - 2;
	CHECK(cudaMalloc(&din, sizeof hin));
	CHECK(cudaMalloc(&dout, sizeof hout));
	CHECK(cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice));
	suffix<nbins><<<1, 64>>>(din, dout);
	CHECK(cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost));
	int autobad = 0;
	long autosum = 0;
	for (int j = nbins - 1, t = 0; j >= 0; j--) {
		t += hin[j];
		autobad += hout[j] != t;
		autosum += hout[j];
	}
	int hd[64], *dd;
	CHECK(cudaMalloc(&dd, sizeof hd));
	defines<<<1, 64>>>(din, dd);
	CHECK(cudaMemcpy(hd, dd, sizeof hd, cudaMemcpyDeviceToHost));
	int defbad = 0;
	long defsum = 0;
	for (int t = 0; t < 64; t++) {
		int want = 0;
		for (int r = 0; r < 3; r++)
			want += r * t + hin[(t + 1) % 64] + r;
		defbad += hd[t] != want;
		defsum += hd[t];
	}
	int hm[128], *dm, *dmi;
	for (int j = 0; j < 128; j++)
		hm[j] = j % 11 - 3;
	CHECK(cudaMalloc(&dmi, sizeof hm));
	CHECK(cudaMalloc(&dm, sizeof hm));
	CHECK(cudaMemcpy(dmi, hm, sizeof hm, cudaMemcpyHostToDevice));
	CHECK(cudaMemset(dm, 0, sizeof hm));
	macros<<<2, 64>>>(dmi, dm, 3);
	int mref[128];
	for (int b = 0; b < 2; b++) {
		int row[60], nxt[60];
		for (int t = 0; t < 60; t++)
			row[t] = hm[b * 64 + t];
		for (int r = 0; r < 3; r++) {
			for (int t = 0; t < 60; t++)
				nxt[t] = row[t] + row[(t + 1) % 60];
			for (int t = 0; t < 60; t++)
				row[t] = nxt[t];
		}
		for (int t = 0; t < 64; t++)
			mref[b * 64 + t] = t < 60 ? row[t] : 0;
	}
	CHECK(cudaMemcpy(hm, dm, sizeof hm, cudaMemcpyDeviceToHost));
	int macbad = 0;
	long macsum = 0;
	for (int j = 0; j < 128; j++) {
		macbad += hm[j] != mref[j];
		macsum += hm[j];
	}
	int hinc[100], *dinc;
	CHECK(cudaMalloc(&dinc, sizeof hinc));
	included<<<2, 64>>>(dmi, dinc, 100);
	CHECK(cudaMemcpy(hinc, dinc, sizeof hinc, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hm, dmi, sizeof hm, cudaMemcpyDeviceToHost));
	int incbad = 0;
	long incsum = 0;
	for (int j = 0; j < 100; j++) {
		incbad += hinc[j] != hm[j] * 3 + 7;
		incsum += hinc[j];
	}
	int hw[64], *dw;
	CHECK(cudaMalloc(&dw, sizeof hw));
	wrap<<<1, 64>>>(dmi, dw);
	CHECK(cudaMemcpy(hw, dw, sizeof hw, cudaMemcpyDeviceToHost));
	int wrapbad = 0;
	long wrapsum = 0;
	for (int t = 0; t < 64; t++) {
		int x = t & 31;
		wrapbad += hw[t] != hm[31 - x] + hm[32 + x];
		wrapsum += hw[t];
	}
	printf("RESULT packsum=%ld packbad=%d autosum=%ld autobad=%d defsum=%ld defbad=%d macsum=%ld macbad=%d incsum=%ld "
	       "incbad=%d wrapsum=%ld wrapbad=%d\n",
	       packsum, packbad, autosum, autobad, defsum, defbad, macsum, macbad, incsum, incbad, wrapsum, wrapbad);
	return 0;
}
