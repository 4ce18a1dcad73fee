// 01-reduce-tree.cu: shared-memory tree reduction, 1-D. __syncthreads() sits in
// a for loop (stride >>= 1) after an `if (tid < stride)` update, so a lowering
// must split the loop body at the barrier and keep `stride` coherent across the
// per-thread loops. Done for int and for float (small integers: exact sums).
// Expected: RESULT total=<T> ftotal=<T>.0 blocks=256 bad=0. A wrong lowering
// (barrier ignored, partner read before written, loop not split) prints bad>0
// and a different total.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define BS 128
#define NB 256

__global__ void reduce_tree(const int *in, int *out, int n)
{
	__shared__ int s[BS];
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + tid;
	s[tid] = i < n ? in[i] : 0;
	__syncthreads();
	for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
		if (tid < stride)
			s[tid] += s[tid + stride];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}

__global__ void reduce_tree_f(const float *in, float *out, int n)
{
	__shared__ float s[BS];
	unsigned int tid = threadIdx.x;
	unsigned int i = blockIdx.x * blockDim.x + tid;
	s[tid] = i < (unsigned)n ? in[i] : 0.0f;
	__syncthreads();
	for (unsigned int stride = blockDim.x >> 1; stride > 0; stride >>= 1) {
		if (tid < stride)
			s[tid] = s[tid] + s[tid + stride];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}

int main()
{
	const int n = NB * BS - 45; /* last block partly empty */
	int *h = (int *)malloc(n * sizeof(int));
	float *hf = (float *)malloc(n * sizeof(float));
	int hout[NB];
	float houtf[NB];
	for (int i = 0; i < n; ++i) {
		h[i] = (i * 7919) % 201 - 100;
		hf[i] = (float)((i * 13) % 21 - 10);
	}
	int *din, *dout;
	float *dinf, *doutf;
	CHECK(cudaMalloc(&din, n * sizeof(int)));
	CHECK(cudaMalloc(&dout, NB * sizeof(int)));
	CHECK(cudaMalloc(&dinf, n * sizeof(float)));
	CHECK(cudaMalloc(&doutf, NB * sizeof(float)));
	CHECK(cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dinf, hf, n * sizeof(float), cudaMemcpyHostToDevice));
	reduce_tree<<<NB, BS>>>(din, dout, n);
	CHECK(cudaGetLastError());
	reduce_tree_f<<<NB, BS>>>(dinf, doutf, n);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	CHECK(cudaMemcpy(hout, dout, sizeof(hout), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(houtf, doutf, sizeof(houtf), cudaMemcpyDeviceToHost));

	long long total = 0;
	double ftotal = 0.0;
	int bad = 0;
	for (int b = 0; b < NB; ++b) {
		int ref = 0;
		float reff = 0.0f;
		for (int t = 0; t < BS; ++t) {
			int i = b * BS + t;
			if (i < n) {
				ref += h[i];
				reff += hf[i];
			}
		}
		bad += hout[b] != ref;
		bad += houtf[b] != reff;
		total += hout[b];
		ftotal += houtf[b];
	}
	printf("RESULT total=%lld ftotal=%.1f blocks=%d bad=%d\n", total, ftotal, NB, bad);
	CHECK(cudaFree(din));
	CHECK(cudaFree(dout));
	CHECK(cudaFree(dinf));
	CHECK(cudaFree(doutf));
	free(h);
	free(hf);
	return 0;
}
