// 11-constant-symbols.cu: __constant__ memory filled with cudaMemcpyToSymbol
// (whole array, and one element at a byte offset), a 5-point stencil reading
// the __constant__ coefficients; a __device__ global array written by a kernel
// and read back with cudaMemcpyFromSymbol; a __device__ scalar counter zeroed
// through cudaMemcpyToSymbol; cudaGetSymbolAddress passed as a plain pointer.
// Expected: RESULT stencil=<S> glob=<G> count=1639 bad=0. A wrong lowering
// (constant not copied, offset ignored, symbol copies going to a different
// object than the kernel uses) prints bad>0 and other sums.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define N 16384
#define BS 256

__constant__ float c_coef[5];
__constant__ int c_params[2]; /* offset, scale */
__device__ int d_glob[N];
__device__ int d_count;

__global__ void stencil(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float acc = 0.0f;
	for (int k = 0; k < 5; ++k) {
		int j = i + k - 2;
		if (j >= 0 && j < n)
			acc += c_coef[k] * in[j];
	}
	out[i] = acc;
}

__global__ void fill_global(int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		d_glob[i] = i * c_params[1] + c_params[0];
		if (i % 10 == 0)
			atomicAdd(&d_count, 1);
	}
}

__global__ void add_through(int *p, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] += i % 3;
}

int main()
{
	float *hin = (float *)malloc(N * sizeof(float));
	float *hout = (float *)malloc(N * sizeof(float));
	int *hg = (int *)malloc(N * sizeof(int));
	for (int i = 0; i < N; ++i)
		hin[i] = (float)((i * 7) % 19 - 9);
	const float coef[5] = {1.0f, -2.0f, 4.0f, -2.0f, 1.0f};
	const int offset = -500, scale = 3, zero = 0;
	CHECK(cudaMemcpyToSymbol(c_coef, coef, sizeof(coef)));
	CHECK(cudaMemcpyToSymbol(c_params, &offset, sizeof(int)));
	CHECK(cudaMemcpyToSymbol(c_params, &scale, sizeof(int), sizeof(int)));
	CHECK(cudaMemcpyToSymbol(d_count, &zero, sizeof(int)));

	float *din, *dout;
	CHECK(cudaMalloc(&din, N * sizeof(float)));
	CHECK(cudaMalloc(&dout, N * sizeof(float)));
	CHECK(cudaMemcpy(din, hin, N * sizeof(float), cudaMemcpyHostToDevice));
	stencil<<<N / BS, BS>>>(din, dout, N);
	CHECK(cudaGetLastError());
	fill_global<<<N / BS, BS>>>(N);
	CHECK(cudaGetLastError());
	int *pglob;
	CHECK(cudaGetSymbolAddress((void **)&pglob, d_glob));
	add_through<<<N / BS, BS>>>(pglob, N);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	CHECK(cudaMemcpy(hout, dout, N * sizeof(float), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpyFromSymbol(hg, d_glob, N * sizeof(int)));
	int count;
	CHECK(cudaMemcpyFromSymbol(&count, d_count, sizeof(int)));

	int bad = 0;
	double ssum = 0.0;
	long long gsum = 0;
	for (int i = 0; i < N; ++i) {
		float acc = 0.0f;
		for (int k = 0; k < 5; ++k) {
			int j = i + k - 2;
			if (j >= 0 && j < N)
				acc += coef[k] * hin[j];
		}
		bad += hout[i] != acc;
		bad += hg[i] != i * scale + offset + i % 3;
		ssum += hout[i] * (double)((i % 4) + 1);
		gsum += hg[i];
	}
	bad += count != (N + 9) / 10;
	printf("RESULT stencil=%.1f glob=%lld count=%d bad=%d\n", ssum, gsum, count, bad);
	CHECK(cudaFree(din));
	CHECK(cudaFree(dout));
	free(hin);
	free(hout);
	free(hg);
	return 0;
}
