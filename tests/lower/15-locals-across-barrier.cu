// 15-locals-across-barrier.cu: per-thread state that must survive barriers
// when a lowering splits the kernel into per-thread loops: a scalar computed
// before a barrier and used after two; a local array `float r[4]` filled
// before barriers and read after; a Hillis-Steele scan whose loop
// `for (k = 1; k < blockDim.x; k <<= 1)` has a trip count computed from
// blockDim.x (same for all threads) with a temporary carried across the first
// barrier of each trip; and an accumulator updated in a loop of
// blockDim.x/32 trips with barriers. Launched with 128 and 64 threads.
// Expected: RESULT mix=<M> acc=<A> scan=<S> rounds=<R> bad=0. A wrong lowering
// (locals shared by all threads of the block, or reset at each barrier
// split) prints bad>0.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define N 16384
#define MAXBS 128

__global__ void locals(const int *in, const float *in4, int *omix, float *oacc, int *oscan, int *orounds)
{
	__shared__ int s[MAXBS];
	int bs = blockDim.x, tid = threadIdx.x, gid = blockIdx.x * bs + tid;
	int mine = in[gid] * 3 + tid;
	float r[4];
	for (int j = 0; j < 4; ++j)
		r[j] = in4[gid * 4 + j];
	s[tid] = mine;
	__syncthreads();
	int nb = s[(tid + 1) % bs];
	__syncthreads();
	s[tid] = (int)(r[0] + r[1] + r[2] + r[3]);
	__syncthreads();
	float acc = 0.0f;
	for (int j = 0; j < 4; ++j)
		acc += r[j] * (float)s[(tid + j) % bs];
	omix[gid] = mine * 7 + nb;
	oacc[gid] = acc;
	__syncthreads();

	s[tid] = in[gid];
	__syncthreads();
	for (int k = 1; k < blockDim.x; k <<= 1) {
		int t = tid >= k ? s[tid - k] : 0;
		__syncthreads();
		s[tid] += t;
		__syncthreads();
	}
	oscan[gid] = s[tid];

	int accum = 0;
	int rounds = blockDim.x / 32;
	for (int rr = 0; rr < rounds; ++rr) {
		accum += s[(tid + 32 * rr + rr) % bs];
		__syncthreads();
		s[tid] = accum;
		__syncthreads();
	}
	orounds[gid] = accum;
}

int main()
{
	int *h = (int *)malloc(N * sizeof(int));
	float *h4 = (float *)malloc(N * 4 * sizeof(float));
	int *hmix = (int *)malloc(N * sizeof(int)), *hscan = (int *)malloc(N * sizeof(int));
	int *hrnd = (int *)malloc(N * sizeof(int));
	float *hacc = (float *)malloc(N * sizeof(float));
	for (int i = 0; i < N; ++i)
		h[i] = (i * 13) % 29 - 14;
	for (int i = 0; i < N * 4; ++i)
		h4[i] = (float)((i * 7) % 10);
	int *din, *dmix, *dscan, *drnd;
	float *din4, *dacc;
	CHECK(cudaMalloc(&din, N * sizeof(int)));
	CHECK(cudaMalloc(&din4, N * 4 * sizeof(float)));
	CHECK(cudaMalloc(&dmix, N * sizeof(int)));
	CHECK(cudaMalloc(&dscan, N * sizeof(int)));
	CHECK(cudaMalloc(&drnd, N * sizeof(int)));
	CHECK(cudaMalloc(&dacc, N * sizeof(float)));
	CHECK(cudaMemcpy(din, h, N * sizeof(int), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(din4, h4, N * 4 * sizeof(float), cudaMemcpyHostToDevice));

	int bad = 0;
	long long mix = 0, scan = 0, rounds = 0;
	double acc = 0.0;
	int s[MAXBS], t[MAXBS];
	const int sizes[2] = {128, 64};
	for (int k = 0; k < 2; ++k) {
		int bs = sizes[k];
		locals<<<N / bs, bs>>>(din, din4, dmix, dacc, dscan, drnd);
		CHECK(cudaGetLastError());
		CHECK(cudaMemcpy(hmix, dmix, N * sizeof(int), cudaMemcpyDeviceToHost));
		CHECK(cudaMemcpy(hacc, dacc, N * sizeof(float), cudaMemcpyDeviceToHost));
		CHECK(cudaMemcpy(hscan, dscan, N * sizeof(int), cudaMemcpyDeviceToHost));
		CHECK(cudaMemcpy(hrnd, drnd, N * sizeof(int), cudaMemcpyDeviceToHost));
		for (int b = 0; b < N / bs; ++b) {
			const int *x = h + b * bs;
			for (int i = 0; i < bs; ++i) {
				const float *r = h4 + (b * bs + i) * 4;
				int mine = x[i] * 3 + i, nb = x[(i + 1) % bs] * 3 + (i + 1) % bs;
				float a = 0.0f;
				for (int j = 0; j < 4; ++j) {
					const float *q = h4 + (b * bs + (i + j) % bs) * 4;
					a += r[j] * (float)(int)(q[0] + q[1] + q[2] + q[3]);
				}
				bad += hmix[b * bs + i] != mine * 7 + nb;
				bad += hacc[b * bs + i] != a;
				s[i] = (i ? s[i - 1] : 0) + x[i]; /* inclusive scan */
				bad += hscan[b * bs + i] != s[i];
			}
			int accum[MAXBS] = {0};
			for (int rr = 0; rr < bs / 32; ++rr) {
				for (int i = 0; i < bs; ++i)
					t[i] = accum[i] += s[(i + 32 * rr + rr) % bs];
				for (int i = 0; i < bs; ++i)
					s[i] = t[i];
			}
			for (int i = 0; i < bs; ++i) {
				int g = b * bs + i;
				bad += hrnd[g] != accum[i];
				mix += hmix[g];
				acc += hacc[g];
				scan += (long long)hscan[g] * (i % 3 + 1);
				rounds += (long long)hrnd[g] * (k + 1);
			}
		}
	}
	printf("RESULT mix=%lld acc=%.1f scan=%lld rounds=%lld bad=%d\n", mix, acc, scan, rounds, bad);
	CHECK(cudaFree(din));
	CHECK(cudaFree(din4));
	CHECK(cudaFree(dmix));
	CHECK(cudaFree(dscan));
	CHECK(cudaFree(drnd));
	CHECK(cudaFree(dacc));
	free(h);
	free(h4);
	free(hmix);
	free(hscan);
	free(hrnd);
	free(hacc);
	return 0;
}
