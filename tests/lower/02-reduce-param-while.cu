// 02-reduce-param-while.cu: barriers in loops whose bounds are not literals:
// (a) a tree reduction whose first stride is a kernel parameter; (b) a `while`
// reduction over a non-power-of-two block (96 threads, halving with rounding
// up); (c) a `while (r < rounds)` rotation with two barriers per trip, where
// `rounds` is a kernel parameter (also launched with rounds=0: zero trips).
// Expected: RESULT psum=<P> wsum=<W> rot=<R> bad=0. A wrong lowering
// (barrier in while not split, loop variable not kept per thread, zero-trip
// mishandled) prints bad>0 and different sums.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define NB 128

__global__ void reduce_param(const int *in, int *out, int n, int half)
{
	__shared__ int s[128];
	int tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
	s[tid] = i < n ? in[i] : 0;
	__syncthreads();
	for (int st = half; st > 0; st >>= 1) {
		if (tid < st)
			s[tid] += s[tid + st];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}

__global__ void reduce_while(const int *in, int *out, int n)
{
	__shared__ int s[96];
	int tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
	s[tid] = i < n ? in[i] : 0;
	__syncthreads();
	int len = blockDim.x;
	while (len > 1) {
		int h = (len + 1) >> 1;
		if (tid < len - h)
			s[tid] += s[tid + h];
		__syncthreads();
		len = h;
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}

__global__ void rotate_rounds(const int *in, int *out, int rounds)
{
	__shared__ int s[64];
	int tid = threadIdx.x, gid = blockIdx.x * blockDim.x + tid;
	s[tid] = in[gid];
	__syncthreads();
	int r = 0;
	while (r < rounds) {
		int v = s[(tid + 1) % blockDim.x];
		__syncthreads();
		s[tid] = v + 1;
		__syncthreads();
		++r;
	}
	out[gid] = s[tid];
}

int main()
{
	const int n = NB * 128; /* 16384: 128 blocks of 128, ~171 of 96, 256 of 64 */
	const int nbw = (n + 95) / 96;
	int *h = (int *)malloc(n * sizeof(int));
	int *ho = (int *)malloc(n * sizeof(int));
	int *hp = (int *)malloc(NB * sizeof(int));
	int *hw = (int *)malloc(nbw * sizeof(int));
	for (int i = 0; i < n; ++i)
		h[i] = (i * 37) % 101 - 50;
	int *din, *dout, *dp, *dw;
	CHECK(cudaMalloc(&din, n * sizeof(int)));
	CHECK(cudaMalloc(&dout, n * sizeof(int)));
	CHECK(cudaMalloc(&dp, NB * sizeof(int)));
	CHECK(cudaMalloc(&dw, nbw * sizeof(int)));
	CHECK(cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice));

	reduce_param<<<NB, 128>>>(din, dp, n, 64);
	CHECK(cudaGetLastError());
	reduce_while<<<nbw, 96>>>(din, dw, n);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(hp, dp, NB * sizeof(int), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hw, dw, nbw * sizeof(int), cudaMemcpyDeviceToHost));

	int bad = 0;
	long long psum = 0, wsum = 0, rot = 0;
	for (int b = 0; b < NB; ++b) {
		int ref = 0;
		for (int t = 0; t < 128; ++t)
			ref += h[b * 128 + t];
		bad += hp[b] != ref;
		psum += hp[b];
	}
	for (int b = 0; b < nbw; ++b) {
		int ref = 0;
		for (int t = 0; t < 96 && b * 96 + t < n; ++t)
			ref += h[b * 96 + t];
		bad += hw[b] != ref;
		wsum += hw[b];
	}
	const int rounds[2] = {37, 0};
	for (int k = 0; k < 2; ++k) {
		rotate_rounds<<<n / 64, 64>>>(din, dout, rounds[k]);
		CHECK(cudaGetLastError());
		CHECK(cudaMemcpy(ho, dout, n * sizeof(int), cudaMemcpyDeviceToHost));
		for (int i = 0; i < n; ++i) {
			int b = i / 64, t = i % 64;
			int ref = h[b * 64 + (t + rounds[k]) % 64] + rounds[k];
			bad += ho[i] != ref;
			rot += (long long)ho[i] * ((i % 5) + 1);
		}
	}
	printf("RESULT psum=%lld wsum=%lld rot=%lld bad=%d\n", psum, wsum, rot, bad);
	CHECK(cudaFree(din));
	CHECK(cudaFree(dout));
	CHECK(cudaFree(dp));
	CHECK(cudaFree(dw));
	free(h);
	free(ho);
	free(hp);
	free(hw);
	return 0;
}
