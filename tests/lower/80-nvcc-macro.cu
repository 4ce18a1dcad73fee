// 80-nvcc-macro: code that keys on __NVCC__, which nvcc defines and the
// lowering's parse did not: HeCBench gpp's `#if defined(__NVCC__) #define
// ESS __host__ __device__` on friend functions of a class template that a
// kernel calls (found by argument-dependent lookup), xsbench's `#if
// !defined(__NVCC__) #define __device__` (empty: its helpers were host-only,
// "no matching function" from the kernel), and ssim's kernels under #ifdef
// __NVCC__ (missing: "no member named"). Without __NVCC__ in the lowered
// program too, the kernel below would not be there (nvcc=0 below). And
// nvcc's version macros: attentionMultiHeadKVCache keeps helpers for nvcc
// before 12.2 that call internals of NVIDIA's cuda_bf16.h (the parse
// failed: undeclared; ver=0 below without them).
// Exact integer sums against the host; bad counts mismatches.
#include <cstdio>

#define CHECK(x) do { if ((x) != 0) { printf("CUDA call failed: %s\n", #x); return 1; } } while (0)

#if defined(__NVCC__) || defined(__HIPCC__)
#define ESS __host__ __device__
#else
#define ESS
#endif

#if !defined(__NVCC__) && !defined(__HIPCC__)
#define __device__
#define __host__
#endif

template <class T> class Pair
{
public:
	T x, y;
	ESS explicit Pair(const T &a, const T &b) : x(a), y(b) {}
	ESS friend inline Pair<T> swapped(const Pair<T> &p) { return Pair<T>(p.y, p.x); }
	ESS friend inline T first(const Pair<T> &p) { return p.x; }
	ESS friend inline Pair<T> operator*(const Pair<T> &a, const Pair<T> &b)
	{
		return Pair<T>(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
	}
};

__device__ __host__ unsigned step(unsigned s) { return s * 1103515245u + 12345u; }

__device__ __host__ unsigned skip(unsigned s, int n)
{
	for (int i = 0; i < n; i++)
		s = step(s);
	return s;
}

#if __CUDACC_VER_MAJOR__ * 10000 + __CUDACC_VER_MINOR__ * 100 >= 120200
#define NEWER(x) (x)
#else
#define NEWER(x) __internal_of_older_headers(x)
#endif

__global__ void pairs(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		Pair<int> p(in[i], i % 7 - 3), q = swapped(p) * p;
		out[i] = NEWER(first(q));
	}
}

namespace util {
#ifdef __NVCC__
__global__ void mix(int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] += (int)(skip((unsigned)i, i % 5) % 1000u);
}
#endif
} // namespace util

int main()
{
	const int n = 1000;
	int hin[n], hout[n];
	for (int i = 0; i < n; i++)
		hin[i] = (i * 37) % 101 - 50;
	int *in, *out;
	CHECK(cudaMalloc(&in, sizeof hin));
	CHECK(cudaMalloc(&out, sizeof hout));
	CHECK(cudaMemcpy(in, hin, sizeof hin, cudaMemcpyHostToDevice));
	CHECK(cudaMemset(out, 0, sizeof hout));
	pairs<<<(n + 127) / 128, 128>>>(in, out, n);
	int nvcc = 0;
#ifdef __NVCC__
	nvcc = 1;
	util::mix<<<(n + 127) / 128, 128>>>(out, n);
#endif
	CHECK(cudaMemcpy(hout, out, sizeof hout, cudaMemcpyDeviceToHost));
	int bad = 0;
	long long sum = 0;
	for (int i = 0; i < n; i++) {
		Pair<int> p(hin[i], i % 7 - 3), q = swapped(p) * p;
		int want = first(q) + (int)(skip((unsigned)i, i % 5) % 1000u);
		bad += hout[i] != want;
		sum += hout[i];
	}
	int ver = 0;
#if defined(__CUDACC_VER_MAJOR__) && defined(__CUDACC_VER_MINOR__) && defined(__CUDACC_VER_BUILD__)
	ver = __CUDACC_VER_MAJOR__ >= 12;
#endif
	printf("RESULT sum=%lld nvcc=%d ver=%d bad=%d\n", sum, nvcc, ver, bad);
	cudaFree(in);
	cudaFree(out);
	return 0;
}
