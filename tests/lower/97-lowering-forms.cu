// 97-lowering-forms: forms of kernel that the lowering once mangled, each
// the smallest case of a HeCBench benchmark that did not build or crashed.
//  pack: a variadic kernel template (HeCBench axpby's multi_tensor_apply:
//    `template <typename U, typename... ArgTypes> __global__ void K(int n,
//    U callable, ArgTypes... args)` calling callable(n, args...)), and one
//    with __shared__ memory, whose race-checked form adds a template
//    parameter after the pack (the pack was declared as a field and a
//    local, "expected unqualified-id before '...'").
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
	printf("RESULT packsum=%ld packbad=%d\n", packsum, packbad);
	return 0;
}
