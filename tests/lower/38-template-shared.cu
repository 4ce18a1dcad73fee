// 38-template-shared.cu: __shared__ memory whose type is a template's
// parameter. (a) `extern __shared__ T sm[]` inside a member function of a
// class template, returned to a template kernel that reduces through it
// (float and int); (b) `extern __shared__ T s[]` declared in a template kernel
// itself; (c) a static `__shared__ T tile[64]` in a template kernel with a
// warp-synchronous last stage (volatile T *, no barrier: run in step).
// Expected: RESULT fsum=<F> isum=<I> rev=<R> warp=<W> bad=0. The lowering
// printed the element type as `type-parameter-0-0`, which does not compile.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define BS 64
#define NB 32

template <class T> struct Scratch {
	__device__ T *mem()
	{
		extern __shared__ T sm[];
		return sm;
	}
};

template <class T> __global__ void block_sum(const T *in, T *out)
{
	T *s = Scratch<T>().mem();
	unsigned t = threadIdx.x;
	s[t] = in[blockIdx.x * blockDim.x + t];
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (t < k)
			s[t] += s[t + k];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

template <class T> __global__ void reverse(const T *in, T *out)
{
	extern __shared__ T s[];
	int t = threadIdx.x, n = blockDim.x;
	s[t] = in[blockIdx.x * n + t];
	__syncthreads();
	out[blockIdx.x * n + t] = s[n - 1 - t];
}

template <class T> __global__ void warp_tail(const T *in, T *out)
{
	__shared__ T tile[BS];
	int t = threadIdx.x;
	tile[t] = in[blockIdx.x * BS + t];
	__syncthreads();
	if (t < 32) {
		volatile T *v = tile;
		v[t] += v[t + 32];
		v[t] += v[t + 16];
		v[t] += v[t + 8];
		v[t] += v[t + 4];
		v[t] += v[t + 2];
		v[t] += v[t + 1];
	}
	if (t == 0)
		out[blockIdx.x] = tile[0];
}

int main()
{
	const int n = NB * BS;
	float *hf = (float *)malloc(n * sizeof(float)), of[NB];
	int *hi = (int *)malloc(n * sizeof(int)), *orv = (int *)malloc(n * sizeof(int)), ow[NB];
	for (int i = 0; i < n; ++i) {
		hf[i] = (float)((i * 7) % 13 - 6);
		hi[i] = (i * 31) % 101 - 50;
	}
	float *df, *dof;
	int *di, *doi, *dr;
	CHECK(cudaMalloc(&df, n * sizeof(float)));
	CHECK(cudaMalloc(&dof, NB * sizeof(float)));
	CHECK(cudaMalloc(&di, n * sizeof(int)));
	CHECK(cudaMalloc(&doi, NB * sizeof(int)));
	CHECK(cudaMalloc(&dr, n * sizeof(int)));
	CHECK(cudaMemcpy(df, hf, n * sizeof(float), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(di, hi, n * sizeof(int), cudaMemcpyHostToDevice));
	block_sum<float><<<NB, BS, BS * sizeof(float)>>>(df, dof);
	CHECK(cudaMemcpy(of, dof, sizeof of, cudaMemcpyDeviceToHost));
	reverse<int><<<NB, BS, BS * sizeof(int)>>>(di, dr);
	CHECK(cudaMemcpy(orv, dr, n * sizeof(int), cudaMemcpyDeviceToHost));
	warp_tail<int><<<NB, BS>>>(di, doi);
	CHECK(cudaMemcpy(ow, doi, sizeof ow, cudaMemcpyDeviceToHost));
	int bad = 0;
	double fsum = 0;
	long long isum = 0, rev = 0, warp = 0;
	for (int b = 0; b < NB; ++b) {
		float rf = 0;
		int ri = 0;
		for (int t = 0; t < BS; ++t) {
			rf += hf[b * BS + t];
			ri += hi[b * BS + t];
			bad += orv[b * BS + t] != hi[b * BS + BS - 1 - t];
			rev += (long long)orv[b * BS + t] * (t + 1);
		}
		bad += of[b] != rf;
		bad += ow[b] != ri;
		fsum += of[b];
		isum += ri * (b + 1);
		warp += ow[b] * (b + 2);
	}
	printf("RESULT fsum=%.1f isum=%lld rev=%lld warp=%lld bad=%d\n", fsum, isum, rev, warp, bad);
	return 0;
}
