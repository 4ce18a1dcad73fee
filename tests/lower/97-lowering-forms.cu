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
	printf("RESULT packsum=%ld packbad=%d autosum=%ld autobad=%d\n", packsum, packbad, autosum, autobad);
	return 0;
}
