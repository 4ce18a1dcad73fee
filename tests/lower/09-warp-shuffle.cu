// 09-warp-shuffle.cu: warp shuffles, blockDim 256 (8 warps). (a) block
// reduction: __shfl_down_sync loop per warp, lane 0 stores the warp sum in
// shared memory, barrier, then `if (warp_id == 0)` (warp-uniform, not
// block-uniform) reduces the 8 sums again with shuffles inside the branch;
// (b) __shfl_xor_sync butterfly on float, every lane ends with the warp sum;
// (c) __shfl_up_sync inclusive scan; (d) __shfl_sync gather from a per-lane
// source lane. All shuffles are written in the kernels themselves
// (shuffles inside __device__ helpers: 20-warp-ops-in-device-fn.cu).
// Expected: RESULT total=<T> rbad=0 xbad=0 sbad=0 gbad=0. A wrong lowering
// (shuffle reading a lane's value before that lane computed it, or after it
// was overwritten; shfl_down/up out-of-range lanes not keeping their own
// value; the warp_id==0 branch treated as needing all threads) prints bad>0.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define BS 256
#define NB 128
#define FULL 0xffffffffu

__global__ void block_reduce(const int *in, int *out)
{
	__shared__ int warp_sums[BS / 32];
	int tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
	int lane = tid & 31, warp_id = tid >> 5;
	int v = in[i];
	for (int offset = 16; offset > 0; offset >>= 1)
		v += __shfl_down_sync(FULL, v, offset);
	if (lane == 0)
		warp_sums[warp_id] = v;
	__syncthreads();
	if (warp_id == 0) {
		v = lane < (int)(blockDim.x / 32) ? warp_sums[lane] : 0;
		for (int offset = 16; offset > 0; offset >>= 1)
			v += __shfl_down_sync(FULL, v, offset);
		if (lane == 0)
			out[blockIdx.x] = v;
	}
}

__global__ void xor_allreduce(const int *in, float *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float v = (float)in[i];
	for (int mask = 16; mask >= 1; mask /= 2)
		v += __shfl_xor_sync(FULL, v, mask);
	out[i] = v;
}

__global__ void scan_gather(const int *in, int *scan, int *gath)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x % 32;
	int x = in[i];
	int v = x;
	for (int d = 1; d < 32; d <<= 1) {
		int t = __shfl_up_sync(FULL, v, d);
		if (lane >= d)
			v += t;
	}
	scan[i] = v;
	gath[i] = __shfl_sync(FULL, x * 10 + lane, (lane * 3 + 1) % 32);
}

int main()
{
	const int n = NB * BS;
	int *h = (int *)malloc(n * sizeof(int));
	int *hs = (int *)malloc(n * sizeof(int));
	int *hg = (int *)malloc(n * sizeof(int));
	float *hx = (float *)malloc(n * sizeof(float));
	int hr[NB];
	for (int i = 0; i < n; ++i)
		h[i] = (i * 31) % 17 - 8 + (i % 97 == 0 ? 50 : 0);
	int *din, *dr, *ds, *dg;
	float *dx;
	CHECK(cudaMalloc(&din, n * sizeof(int)));
	CHECK(cudaMalloc(&dr, NB * sizeof(int)));
	CHECK(cudaMalloc(&ds, n * sizeof(int)));
	CHECK(cudaMalloc(&dg, n * sizeof(int)));
	CHECK(cudaMalloc(&dx, n * sizeof(float)));
	CHECK(cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice));
	block_reduce<<<NB, BS>>>(din, dr);
	CHECK(cudaGetLastError());
	xor_allreduce<<<NB, BS>>>(din, dx);
	CHECK(cudaGetLastError());
	scan_gather<<<NB, BS>>>(din, ds, dg);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(hr, dr, sizeof(hr), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hx, dx, n * sizeof(float), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hs, ds, n * sizeof(int), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hg, dg, n * sizeof(int), cudaMemcpyDeviceToHost));

	int rbad = 0, xbad = 0, sbad = 0, gbad = 0;
	long long total = 0;
	for (int b = 0; b < NB; ++b) {
		int ref = 0;
		for (int t = 0; t < BS; ++t)
			ref += h[b * BS + t];
		rbad += hr[b] != ref;
		total += hr[b];
	}
	for (int w = 0; w < n / 32; ++w) {
		int sum = 0, run = 0;
		for (int l = 0; l < 32; ++l)
			sum += h[w * 32 + l];
		for (int l = 0; l < 32; ++l) {
			int i = w * 32 + l, src = (l * 3 + 1) % 32;
			run += h[i];
			xbad += hx[i] != (float)sum;
			sbad += hs[i] != run;
			gbad += hg[i] != h[w * 32 + src] * 10 + src;
		}
	}
	printf("RESULT total=%lld rbad=%d xbad=%d sbad=%d gbad=%d\n", total, rbad, xbad, sbad, gbad);
	CHECK(cudaFree(din));
	CHECK(cudaFree(dr));
	CHECK(cudaFree(ds));
	CHECK(cudaFree(dg));
	CHECK(cudaFree(dx));
	free(h);
	free(hs);
	free(hg);
	free(hx);
	return 0;
}
