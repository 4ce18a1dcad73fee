// 07-dynamic-shared.cu: dynamic shared memory. `extern __shared__ float sf[]`
// sized by the launch's third argument holds a tile that each block reverses;
// launched with 64 and with 256 threads (sizes 256 and 1024 bytes). A second
// kernel carves two int arrays out of one `extern __shared__ int si[]`
// (2 * blockDim.x ints) and also has a static __shared__ int.
// Expected: RESULT rev=<R> split=<S> bad=0. A wrong lowering (fixed-size or
// per-thread buffer, size ignored, the two carved arrays overlapping, static
// and dynamic shared aliasing) prints bad>0.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define N 16384

__global__ void reverse_tile(const float *in, float *out)
{
	extern __shared__ float sf[];
	int tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
	sf[tid] = in[i];
	__syncthreads();
	out[i] = sf[blockDim.x - 1 - tid];
}

__global__ void split_shared(const int *in, int *out)
{
	extern __shared__ int si[];
	__shared__ int bias;
	int *a = si;
	int *b = si + blockDim.x;
	int tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
	if (tid == 0)
		bias = blockIdx.x * 1000;
	a[tid] = in[i];
	b[tid] = in[i] * 2;
	__syncthreads();
	out[i] = a[(tid + 1) % blockDim.x] + b[blockDim.x - 1 - tid] + bias;
}

int main()
{
	float *hf = (float *)malloc(N * sizeof(float));
	float *hfo = (float *)malloc(N * sizeof(float));
	int *hi = (int *)malloc(N * sizeof(int));
	int *hio = (int *)malloc(N * sizeof(int));
	for (int i = 0; i < N; ++i) {
		hf[i] = (float)(i % 1000);
		hi[i] = (i * 31) % 977;
	}
	float *dfi, *dfo;
	int *dii, *dio;
	CHECK(cudaMalloc(&dfi, N * sizeof(float)));
	CHECK(cudaMalloc(&dfo, N * sizeof(float)));
	CHECK(cudaMalloc(&dii, N * sizeof(int)));
	CHECK(cudaMalloc(&dio, N * sizeof(int)));
	CHECK(cudaMemcpy(dfi, hf, N * sizeof(float), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dii, hi, N * sizeof(int), cudaMemcpyHostToDevice));

	int bad = 0;
	double rev = 0.0;
	long long split = 0;
	const int sizes[2] = {64, 256};
	for (int k = 0; k < 2; ++k) {
		int bs = sizes[k];
		reverse_tile<<<N / bs, bs, bs * sizeof(float)>>>(dfi, dfo);
		CHECK(cudaGetLastError());
		CHECK(cudaMemcpy(hfo, dfo, N * sizeof(float), cudaMemcpyDeviceToHost));
		for (int i = 0; i < N; ++i) {
			int t = i % bs, base = i - t;
			bad += hfo[i] != hf[base + bs - 1 - t];
			rev += hfo[i] * (double)((i % 7) + 1);
		}
		split_shared<<<N / bs, bs, 2 * bs * sizeof(int)>>>(dii, dio);
		CHECK(cudaGetLastError());
		CHECK(cudaMemcpy(hio, dio, N * sizeof(int), cudaMemcpyDeviceToHost));
		for (int i = 0; i < N; ++i) {
			int t = i % bs, base = i - t;
			int ref = hi[base + (t + 1) % bs] + 2 * hi[base + bs - 1 - t] + (i / bs) * 1000;
			bad += hio[i] != ref;
			split += (long long)hio[i] * ((i % 5) + 1);
		}
	}
	printf("RESULT rev=%.1f split=%lld bad=%d\n", rev, split, bad);
	CHECK(cudaFree(dfi));
	CHECK(cudaFree(dfo));
	CHECK(cudaFree(dii));
	CHECK(cudaFree(dio));
	free(hf);
	free(hfo);
	free(hi);
	free(hio);
	return 0;
}
