// 12-templates.cu: templates. A `template <typename T> __global__` kernel
// launched with float, int (explicit k<T><<<...>>>) and double (deduced from
// the arguments), calling a templated __device__ helper; a kernel with a type
// and a non-type parameter (block size sizing a __shared__ array) with a
// barrier loop, for int/128 and double/64; a kernel taking a functor type.
// Expected: RESULT f=<F> i=<I> d=<D> bsum=<B> fn=<N> bad=0. A wrong lowering
// (one instantiation reused for another type, BS not substituted, deduced
// launch not resolved) prints bad>0 or fails to build.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define N 8192

template <typename T> __device__ T twice_plus(T x, T y)
{
	return x + x + y;
}

template <typename T> __global__ void axpy(T *out, const T *x, T a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = twice_plus<T>(x[i], a) + (T)(i % 4) / (T)2;
}

template <typename T, int BS> __global__ void block_sum(const T *x, T *out)
{
	__shared__ T s[BS];
	int tid = threadIdx.x;
	s[tid] = x[blockIdx.x * BS + tid];
	__syncthreads();
	for (int st = BS / 2; st > 0; st /= 2) {
		if (tid < st)
			s[tid] += s[tid + st];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}

struct Square {
	__device__ int operator()(int v) const { return v * v; }
};

template <typename Op> __global__ void apply(int *v, Op op, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] = op(v[i]) - i;
}

template <typename T> static double run_axpy(T a, int *bad, bool deduce)
{
	T *h = (T *)malloc(N * sizeof(T)), *ho = (T *)malloc(N * sizeof(T));
	for (int i = 0; i < N; ++i)
		h[i] = (T)((i * 11) % 23);
	T *dx, *dout;
	CHECK(cudaMalloc(&dx, N * sizeof(T)));
	CHECK(cudaMalloc(&dout, N * sizeof(T)));
	CHECK(cudaMemcpy(dx, h, N * sizeof(T), cudaMemcpyHostToDevice));
	if (deduce)
		axpy<<<N / 128, 128>>>(dout, (const T *)dx, a, N);
	else
		axpy<T><<<N / 128, 128>>>(dout, dx, a, N);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(ho, dout, N * sizeof(T), cudaMemcpyDeviceToHost));
	double sum = 0.0;
	for (int i = 0; i < N; ++i) {
		T ref = h[i] + h[i] + a + (T)(i % 4) / (T)2;
		*bad += ho[i] != ref;
		sum += (double)ho[i];
	}
	CHECK(cudaFree(dx));
	CHECK(cudaFree(dout));
	free(h);
	free(ho);
	return sum;
}

template <typename T, int BS> static double run_block_sum(int *bad)
{
	const int nb = N / BS;
	T *h = (T *)malloc(N * sizeof(T)), *ho = (T *)malloc(nb * sizeof(T));
	for (int i = 0; i < N; ++i)
		h[i] = (T)((i * 5) % 13) - (T)6;
	T *dx, *dout;
	CHECK(cudaMalloc(&dx, N * sizeof(T)));
	CHECK(cudaMalloc(&dout, nb * sizeof(T)));
	CHECK(cudaMemcpy(dx, h, N * sizeof(T), cudaMemcpyHostToDevice));
	block_sum<T, BS><<<nb, BS>>>(dx, dout);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(ho, dout, nb * sizeof(T), cudaMemcpyDeviceToHost));
	double sum = 0.0;
	for (int b = 0; b < nb; ++b) {
		T ref = 0;
		for (int t = 0; t < BS; ++t)
			ref += h[b * BS + t];
		*bad += ho[b] != ref;
		sum += (double)ho[b] * (b % 3 + 1);
	}
	CHECK(cudaFree(dx));
	CHECK(cudaFree(dout));
	free(h);
	free(ho);
	return sum;
}

int main()
{
	int bad = 0;
	double f = run_axpy<float>(1.5f, &bad, false);
	double i = run_axpy<int>(7, &bad, false);
	double d = run_axpy<double>(-2.25, &bad, true);
	double bsum = run_block_sum<int, 128>(&bad) + 10.0 * run_block_sum<double, 64>(&bad);

	int hv[N];
	for (int k = 0; k < N; ++k)
		hv[k] = k % 50 - 25;
	int *dv;
	CHECK(cudaMalloc(&dv, sizeof(hv)));
	CHECK(cudaMemcpy(dv, hv, sizeof(hv), cudaMemcpyHostToDevice));
	apply<<<N / 256, 256>>>(dv, Square(), N);
	CHECK(cudaGetLastError());
	int ho[N];
	CHECK(cudaMemcpy(ho, dv, sizeof(ho), cudaMemcpyDeviceToHost));
	long long fn = 0;
	for (int k = 0; k < N; ++k) {
		bad += ho[k] != hv[k] * hv[k] - k;
		fn += ho[k];
	}
	CHECK(cudaFree(dv));
	printf("RESULT f=%.2f i=%.0f d=%.2f bsum=%.1f fn=%lld bad=%d\n", f, i, d, bsum, fn, bad);
	return 0;
}
