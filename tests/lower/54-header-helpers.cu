// 54-header-helpers: __device__ helpers holding shuffles, barriers and a
// static __shared__ array, defined in a header the program includes
// (HeCBench logprob, rmsnorm): inlined into a kernel template (calls that
// name their template arguments, as logprob's) and a plain
// kernel, two levels deep, past a second user header included between the
// helpers and the kernels. A `#pragma unroll` in a helper's body is copied
// with it. The lowering refused them ("defined in another file"), and a
// second inlining round lost the file list's path (the header then took
// the main file's text: "#include nested too deeply").
#include <cstdio>
#include "54-header-helpers.h"
#include "54-header-helpers-ref.h"

template <typename T>
__global__ void sums(const T *in, T *out, int n)
{
	__shared__ int top;
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T v = i < n ? in[i] : (T)0;
	float s = blockSum<float>((float)v); /* small integers: exact in float */
	if (threadIdx.x == 0)
		top = (int)s;
	__syncthreads();
	int flag = v == top % 7;
	int c = blockSum<int>(flag);
	if (threadIdx.x == 0) {
		out[2 * blockIdx.x] = (T)s;
		out[2 * blockIdx.x + 1] = (T)c;
	}
}

__global__ void maxes(const int *in, int *out)
{
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];
	if (blockIdx.x % 2 == 0) {
		int m = blockMax(v);
		if (threadIdx.x == 0)
			out[blockIdx.x] = m;
	} else {
		int m = blockMax(-v);
		if (threadIdx.x == 0)
			out[blockIdx.x] = -m;
	}
}

int main()
{
	const int threads = 128, blocks = 6, n = threads * blocks - 37;
	int h[threads * blocks], r[2 * blocks], *din, *dout;
	for (int i = 0; i < threads * blocks; i++)
		h[i] = (i * 37 + 11) % 101 - 50;
	cudaMalloc(&din, sizeof h);
	cudaMalloc(&dout, sizeof r);
	cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
	sums<int><<<blocks, threads>>>(din, dout, n);
	cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
	int bad = 0;
	long sum = 0, count = 0;
	for (int b = 0; b < blocks; b++) {
		int lo = b * threads, hi = lo + threads < n ? lo + threads : n;
		int s = refsum(h + lo, hi - lo), c = 0;
		for (int i = lo; i < lo + threads; i++)
			c += (i < n ? h[i] : 0) == s % 7;
		bad += r[2 * b] != s;
		bad += r[2 * b + 1] != c;
		sum += r[2 * b];
		count += r[2 * b + 1];
	}
	maxes<<<blocks, threads>>>(din, dout);
	cudaMemcpy(r, dout, blocks * sizeof(int), cudaMemcpyDeviceToHost);
	long ext = 0;
	for (int b = 0; b < blocks; b++) {
		int want = b % 2 ? 1000 : -1000;
		for (int i = b * threads; i < (b + 1) * threads; i++)
			want = b % 2 ? (h[i] < want ? h[i] : want) : (h[i] > want ? h[i] : want);
		bad += r[b] != want;
		ext += r[b];
	}
	printf("RESULT sum=%ld count=%ld ext=%ld bad=%d\n", sum, count, ext, bad);
	return 0;
}
