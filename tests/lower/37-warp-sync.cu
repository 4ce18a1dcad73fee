// 37-warp-sync.cu: warp-synchronous __shared__ memory (pre-Volta style), where
// the lanes of a warp read each other's stores with no __syncthreads() between,
// relying on the warp's 32 lanes running each statement together:
// (a) a CSR sparse matrix-vector product, one warp a row: every lane stores its
//     partial sum in volatile __shared__ memory, then lanes < 16 add the element
//     16 above, < 8 the one 8 above, ... < 1 (no barrier, no __syncwarp);
// (b) the same ordered by __syncwarp() between the stages;
// (c) a half-warp variant, 16 lanes a row (lane = tid & 15);
// (d) a tail: the last warp reduction of a block reduction under `if (tid < 32)`
//     through a volatile pointer (every lane of warp 0 adds, only the low half's
//     results are used), and a partly active warp (tid < 70: lanes 0..5 of warp 2);
// (e) a warp inclusive scan whose lanes read the element below (s[t - d]): the
//     GPU's lanes all load before any stores;
// (f) the stages written as a loop `for (off = 16; off > 0; off >>= 1)`;
// (g) the classic last-warp unrolling in a __device__ helper taking the
//     volatile __shared__ array (`warpReduce(sdata, tid)`), inlined by cuflow.
// Expected: RESULT spmv=<S> sync=<S> half=<S> tail=<T> part=<P> scan=<C> loop=<S> helper=<T> bad=0.
// A lowering that runs each thread to its end in turn reads partner slots
// before they are written (bad > 0: spmv 4 of 4 checks failed in a SpMV suite).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define BS 128
#define NROWS 1000

__global__ void spmv_vector(const int *rowptr, const int *col, const float *val, const float *x, float *y, int nrows)
{
	volatile __shared__ float part[BS];
	int t = threadIdx.x;
	int lane = t & 31;
	int row = (blockIdx.x * blockDim.x + t) / 32;
	float sum = 0.0f;
	if (row < nrows)
		for (int j = rowptr[row] + lane; j < rowptr[row + 1]; j += 32)
			sum += val[j] * x[col[j]];
	part[t] = sum;
	if (lane < 16) part[t] += part[t + 16];
	if (lane < 8) part[t] += part[t + 8];
	if (lane < 4) part[t] += part[t + 4];
	if (lane < 2) part[t] += part[t + 2];
	if (lane < 1) part[t] += part[t + 1];
	if (lane == 0 && row < nrows)
		y[row] = part[t];
}

__global__ void spmv_syncwarp(const int *rowptr, const int *col, const float *val, const float *x, float *y, int nrows)
{
	__shared__ float part[BS];
	int t = threadIdx.x;
	int lane = t & 31;
	int row = (blockIdx.x * blockDim.x + t) / 32;
	float sum = 0.0f;
	if (row < nrows)
		for (int j = rowptr[row] + lane; j < rowptr[row + 1]; j += 32)
			sum += val[j] * x[col[j]];
	part[t] = sum;
	__syncwarp();
	for (int off = 16; off > 0; off >>= 1) {
		if (lane < off)
			sum += part[t + off];
		__syncwarp();
		part[t] = sum;
		__syncwarp();
	}
	if (lane == 0 && row < nrows)
		y[row] = part[t];
}

__global__ void spmv_half(const int *rowptr, const int *col, const float *val, const float *x, float *y, int nrows)
{
	volatile __shared__ float part[BS];
	int t = threadIdx.x;
	int lane = t & 15;
	int row = (blockIdx.x * blockDim.x + t) / 16;
	float sum = 0.0f;
	if (row < nrows)
		for (int j = rowptr[row] + lane; j < rowptr[row + 1]; j += 16)
			sum += val[j] * x[col[j]];
	part[t] = sum;
	if (lane < 8) part[t] = sum = sum + part[t + 8];
	if (lane < 4) part[t] = sum = sum + part[t + 4];
	if (lane < 2) part[t] = sum = sum + part[t + 2];
	if (lane < 1) part[t] = sum = sum + part[t + 1];
	if (lane == 0 && row < nrows)
		y[row] = sum;
}

__global__ void block_sum(const int *in, int *out)
{
	__shared__ int s[BS];
	int tid = threadIdx.x;
	s[tid] = in[blockIdx.x * BS + tid];
	__syncthreads();
	if (tid < 64)
		s[tid] += s[tid + 64];
	__syncthreads();
	if (tid < 32) {
		volatile int *vs = s;
		vs[tid] += vs[tid + 32];
		vs[tid] += vs[tid + 16];
		vs[tid] += vs[tid + 8];
		vs[tid] += vs[tid + 4];
		vs[tid] += vs[tid + 2];
		vs[tid] += vs[tid + 1];
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}

__global__ void partial_warp(const int *in, int *out, int active)
{
	volatile __shared__ int s[BS + 16];
	int t = threadIdx.x, lane = t & 31;
	s[t] = 0;
	if (t < 16)
		s[BS + t] = 0;
	__syncthreads();
	if (t < active) {
		s[t] = in[blockIdx.x * BS + t];
		if (lane < 16) s[t] += s[t + 16];
		if (lane < 8) s[t] += s[t + 8];
		if (lane < 4) s[t] += s[t + 4];
		if (lane < 2) s[t] += s[t + 2];
		if (lane < 1) s[t] += s[t + 1];
		if (lane == 0)
			out[blockIdx.x * 4 + t / 32] = s[t];
	}
}

__global__ void warp_scan(const int *in, int *out)
{
	volatile __shared__ int s[BS];
	int t = threadIdx.x, lane = t & 31;
	int v = in[blockIdx.x * BS + t];
	s[t] = v;
	if (lane >= 1) s[t] = v = v + s[t - 1];
	if (lane >= 2) s[t] = v = v + s[t - 2];
	if (lane >= 4) s[t] = v = v + s[t - 4];
	if (lane >= 8) s[t] = v = v + s[t - 8];
	if (lane >= 16) s[t] = v = v + s[t - 16];
	out[blockIdx.x * BS + t] = s[t] * 3 - v;
}

__global__ void spmv_loop(const int *rowptr, const int *col, const float *val, const float *x, float *y, int nrows)
{
	volatile __shared__ float part[BS];
	int t = threadIdx.x;
	int lane = t & 31;
	int row = (blockIdx.x * blockDim.x + t) / 32;
	float sum = 0.0f;
	if (row < nrows)
		for (int j = rowptr[row] + lane; j < rowptr[row + 1]; j += 32)
			sum += val[j] * x[col[j]];
	part[t] = sum;
	for (int off = 16; off > 0; off >>= 1)
		if (lane < off)
			part[t] += part[t + off];
	if (lane == 0 && row < nrows)
		y[row] = part[t];
}

__device__ void warp_reduce(volatile int *sdata, int tid)
{
	sdata[tid] += sdata[tid + 32];
	sdata[tid] += sdata[tid + 16];
	sdata[tid] += sdata[tid + 8];
	sdata[tid] += sdata[tid + 4];
	sdata[tid] += sdata[tid + 2];
	sdata[tid] += sdata[tid + 1];
}

__global__ void block_sum_helper(const int *in, int *out)
{
	__shared__ int sdata[BS];
	int tid = threadIdx.x;
	sdata[tid] = in[blockIdx.x * BS + tid];
	__syncthreads();
	for (int s = blockDim.x / 2; s > 32; s >>= 1) {
		if (tid < s)
			sdata[tid] += sdata[tid + s];
		__syncthreads();
	}
	if (tid < 32)
		warp_reduce(sdata, tid);
	if (tid == 0)
		out[blockIdx.x] = sdata[0];
}

static double run_spmv(int which, int lanes, const int *drp, const int *dcol, const float *dval, const float *dx, float *dy,
                       const float *ref, int *bad)
{
	float hy[NROWS];
	CHECK(cudaMemset(dy, 0, NROWS * sizeof(float)));
	int rows_per_block = BS / lanes;
	int nb = (NROWS + rows_per_block - 1) / rows_per_block;
	if (which == 0)
		spmv_vector<<<nb, BS>>>(drp, dcol, dval, dx, dy, NROWS);
	else if (which == 1)
		spmv_syncwarp<<<nb, BS>>>(drp, dcol, dval, dx, dy, NROWS);
	else if (which == 2)
		spmv_half<<<nb, BS>>>(drp, dcol, dval, dx, dy, NROWS);
	else
		spmv_loop<<<nb, BS>>>(drp, dcol, dval, dx, dy, NROWS);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(hy, dy, sizeof hy, cudaMemcpyDeviceToHost));
	double s = 0;
	for (int r = 0; r < NROWS; ++r) {
		*bad += hy[r] != ref[r];
		s += hy[r] * (r % 7 + 1);
	}
	return s;
}

int main()
{
	static int rowptr[NROWS + 1];
	rowptr[0] = 0;
	for (int r = 0; r < NROWS; ++r)
		rowptr[r + 1] = rowptr[r] + (r * 37) % 90;
	int nnz = rowptr[NROWS];
	int *col = (int *)malloc(nnz * sizeof(int));
	float *val = (float *)malloc(nnz * sizeof(float)), x[NROWS], ref[NROWS];
	for (int i = 0; i < nnz; ++i) {
		col[i] = (i * 7919) % NROWS;
		val[i] = (float)((i * 13) % 9 - 4);
	}
	for (int i = 0; i < NROWS; ++i)
		x[i] = (float)(i % 5 - 2);
	for (int r = 0; r < NROWS; ++r) {
		float s = 0;
		for (int j = rowptr[r]; j < rowptr[r + 1]; ++j)
			s += val[j] * x[col[j]];
		ref[r] = s;
	}
	int *drp, *dcol;
	float *dval, *dx, *dy;
	CHECK(cudaMalloc(&drp, sizeof rowptr));
	CHECK(cudaMalloc(&dcol, nnz * sizeof(int)));
	CHECK(cudaMalloc(&dval, nnz * sizeof(float)));
	CHECK(cudaMalloc(&dx, sizeof x));
	CHECK(cudaMalloc(&dy, NROWS * sizeof(float)));
	CHECK(cudaMemcpy(drp, rowptr, sizeof rowptr, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dcol, col, nnz * sizeof(int), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dval, val, nnz * sizeof(float), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice));
	int bad = 0;
	double spmv = run_spmv(0, 32, drp, dcol, dval, dx, dy, ref, &bad);
	double sync = run_spmv(1, 32, drp, dcol, dval, dx, dy, ref, &bad);
	double half = run_spmv(2, 16, drp, dcol, dval, dx, dy, ref, &bad);
	double loop = run_spmv(3, 32, drp, dcol, dval, dx, dy, ref, &bad);

	enum { NB = 64 };
	static int hin[NB * BS], hout[NB * BS], hscan[NB * BS];
	for (int i = 0; i < NB * BS; ++i)
		hin[i] = (i * 31) % 23 - 11;
	int *din, *dout;
	CHECK(cudaMalloc(&din, sizeof hin));
	CHECK(cudaMalloc(&dout, sizeof hout));
	CHECK(cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice));
	block_sum<<<NB, BS>>>(din, dout);
	CHECK(cudaMemcpy(hout, dout, NB * sizeof(int), cudaMemcpyDeviceToHost));
	long long tail = 0;
	for (int b = 0; b < NB; ++b) {
		int r = 0;
		for (int t = 0; t < BS; ++t)
			r += hin[b * BS + t];
		bad += hout[b] != r;
		tail += (long long)hout[b] * (b + 1);
	}
	block_sum_helper<<<NB, BS>>>(din, dout);
	CHECK(cudaMemcpy(hout, dout, NB * sizeof(int), cudaMemcpyDeviceToHost));
	long long helper = 0;
	for (int b = 0; b < NB; ++b) {
		int r = 0;
		for (int t = 0; t < BS; ++t)
			r += hin[b * BS + t];
		bad += hout[b] != r;
		helper += (long long)hout[b] * (b + 1);
	}
	CHECK(cudaMemset(dout, 0, sizeof hout));
	partial_warp<<<NB, BS>>>(din, dout, 70);
	CHECK(cudaMemcpy(hout, dout, NB * 4 * sizeof(int), cudaMemcpyDeviceToHost));
	long long part = 0;
	for (int b = 0; b < NB; ++b)
		for (int w = 0; w < 4; ++w) {
			int r = 0;
			for (int l = 0; l < 32; ++l)
				if (w * 32 + l < 70)
					r += hin[b * BS + w * 32 + l];
			int want = w * 32 < 70 ? r : 0;
			bad += hout[b * 4 + w] != want;
			part += (long long)hout[b * 4 + w] * (b + w + 1);
		}
	warp_scan<<<NB, BS>>>(din, dout);
	CHECK(cudaMemcpy(hscan, dout, sizeof hscan, cudaMemcpyDeviceToHost));
	long long scan = 0;
	for (int i = 0; i < NB * BS; ++i) {
		int r = 0;
		for (int l = i & ~31; l <= i; ++l)
			r += hin[l];
		bad += hscan[i] != 2 * r;
		scan += (long long)hscan[i] * (i % 11 + 1);
	}
	printf("RESULT spmv=%.1f sync=%.1f half=%.1f tail=%lld part=%lld scan=%lld loop=%.1f helper=%lld bad=%d\n", spmv,
	       sync, half, tail, part, scan, loop, helper, bad);
	return 0;
}
