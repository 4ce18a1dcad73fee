// 55-template-dependent-helpers: kernel templates calling helper
// templates with the kernel's own parameters as their written template
// arguments (HeCBench adamw, channelSum, rmsnorm: blockReduce<T, BS>(v)):
// the helper's text is inlined with T and BS as the call writes them, its
// static __shared__ array sized by them, a helper with reference
// parameters (BlockReduce<T>(a, b), two results; float locals bound to
// them in a template only built with T float), an overload set the
// written arguments decide (three template parameters against one), and a
// helper of a cub BlockReduce through an alias of its own; instantiated
// with float and int. The lowering refused every one: "a call a kernel
// template's parameters leave unresolved".
#include <cstdio>
#include <cub/cub.cuh>

template <typename T>
__device__ T warpSum(T v)
{
	for (int d = 16; d > 0; d >>= 1)
		v += __shfl_xor_sync(0xffffffff, v, d, 32);
	return v;
}

template <typename T, int BS>
__device__ T blockSum(T v)
{
	static __shared__ T part[BS / 32];
	v = warpSum<T>(v);
	if ((threadIdx.x & 31) == 0)
		part[threadIdx.x >> 5] = v;
	__syncthreads();
	v = threadIdx.x < BS / 32 ? part[threadIdx.x] : (T)0;
	v = warpSum<T>(v);
	return v;
}

template <typename T, int BX, int BY>
__device__ void pairMax(T &a, T &b)
{
	__shared__ T sa[BX * BY], sb[BX * BY];
	int t = threadIdx.y * BX + threadIdx.x;
	sa[t] = a;
	sb[t] = b;
	__syncthreads();
	for (int h = BX * BY / 2; h > 0; h >>= 1) {
		if (t < h) {
			sa[t] = sa[t] > sa[t + h] ? sa[t] : sa[t + h];
			sb[t] = sb[t] > sb[t + h] ? sb[t] : sb[t + h];
		}
		__syncthreads();
	}
	a = sa[0];
	b = sb[0];
}

template <typename T>
__device__ void pairMax(T &a, T &b) /* never chosen: the calls write three arguments */
{
	a = b = (T)-1;
}

template <typename T, int BS>
__device__ T cubSum(T v)
{
	using Reduce = cub::BlockReduce<T, BS>;
	__shared__ typename Reduce::TempStorage tmp;
	return Reduce(tmp).Sum(v);
}

template <typename T, int BS>
__global__ void sums(const T *in, T *out)
{
	T v = in[blockIdx.x * BS + threadIdx.x];
	T s = blockSum<T, BS>(v);
	T c = cubSum<T, BS>(v);
	if (threadIdx.x == 0) {
		out[2 * blockIdx.x] = s;
		out[2 * blockIdx.x + 1] = c;
	}
}

template <typename T, int BX, int BY>
__global__ void maxes(const T *in, T *out)
{
	int i = blockIdx.x * BX * BY + threadIdx.y * BX + threadIdx.x;
	T hi = in[i], lo = -in[i];
	pairMax<T, BX, BY>(hi, lo);
	if (threadIdx.x == 0 && threadIdx.y == 0) {
		out[2 * blockIdx.x] = hi;
		out[2 * blockIdx.x + 1] = -lo;
	}
}

/* no barrier: the shuffles alone (the build before ran the helper's
 * lanes one after another: tests/refuse's old template-explicit-args case) */
template <typename T>
__global__ void warps(const T *in, T *out)
{
	T v = in[blockIdx.x * blockDim.x + threadIdx.x];
	T s = warpSum<T>(v);
	out[blockIdx.x * blockDim.x + threadIdx.x] = s + v;
}

/* float locals bound to T &: the program builds only with T float
 * (HeCBench adamw) */
template <typename T, int BS>
__global__ void floatmax(const T *in, float *out)
{
	float hi = in[blockIdx.x * BS + threadIdx.x], lo = -hi;
	pairMax<T, BS, 1>(hi, lo);
	if (threadIdx.x == 0)
		out[blockIdx.x] = hi * 1000 + lo;
}

template <typename T>
static int run(const int *h, int n, long *sum, long *ext)
{
	const int BS = 128, blocks = n / BS;
	T hv[1024], r[16], *din, *dout;
	for (int i = 0; i < n; i++)
		hv[i] = (T)h[i];
	cudaMalloc(&din, n * sizeof(T));
	cudaMalloc(&dout, sizeof r);
	cudaMemcpy(din, hv, n * sizeof(T), cudaMemcpyHostToDevice);
	sums<T, BS><<<blocks, BS>>>(din, dout);
	cudaMemcpy(r, dout, 2 * blocks * sizeof(T), cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int b = 0; b < blocks; b++) {
		long want = 0;
		for (int i = b * BS; i < (b + 1) * BS; i++)
			want += h[i];
		bad += (long)r[2 * b] != want;
		bad += (long)r[2 * b + 1] != want;
		*sum += (long)r[2 * b];
	}
	T *dw;
	cudaMalloc(&dw, n * sizeof(T));
	warps<T><<<blocks, BS>>>(din, dw);
	cudaMemcpy(hv, dw, n * sizeof(T), cudaMemcpyDeviceToHost);
	for (int w = 0; w < n / 32; w++) {
		long ws = 0;
		for (int i = w * 32; i < (w + 1) * 32; i++)
			ws += h[i];
		for (int i = w * 32; i < (w + 1) * 32; i++) {
			bad += (long)hv[i] != ws + h[i];
			*sum += (long)hv[i];
		}
	}
	cudaFree(dw);
	maxes<T, 16, 8><<<blocks, dim3(16, 8)>>>(din, dout);
	cudaMemcpy(r, dout, 2 * blocks * sizeof(T), cudaMemcpyDeviceToHost);
	for (int b = 0; b < blocks; b++) {
		int hi = -1000, lo = 1000;
		for (int i = b * BS; i < (b + 1) * BS; i++) {
			hi = h[i] > hi ? h[i] : hi;
			lo = h[i] < lo ? h[i] : lo;
		}
		bad += (long)r[2 * b] != hi;
		bad += (long)r[2 * b + 1] != lo;
		*ext += (long)r[2 * b] * 100 + (long)r[2 * b + 1];
	}
	cudaFree(din);
	cudaFree(dout);
	return bad;
}

int main()
{
	const int n = 1024;
	int h[n];
	for (int i = 0; i < n; i++)
		h[i] = (i * 53 + 7) % 97 - 48;
	long sum = 0, ext = 0;
	int bad = run<float>(h, n, &sum, &ext) + run<int>(h, n, &sum, &ext);
	float hf[n], r[n / 128], *din, *dout;
	for (int i = 0; i < n; i++)
		hf[i] = (float)h[i];
	cudaMalloc(&din, sizeof hf);
	cudaMalloc(&dout, sizeof r);
	cudaMemcpy(din, hf, sizeof hf, cudaMemcpyHostToDevice);
	floatmax<float, 128><<<n / 128, 128>>>(din, dout);
	cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
	for (int b = 0; b < n / 128; b++) {
		int hi = -1000, lo = -1000;
		for (int i = b * 128; i < (b + 1) * 128; i++) {
			hi = h[i] > hi ? h[i] : hi;
			lo = -h[i] > lo ? -h[i] : lo;
		}
		bad += r[b] != (float)(hi * 1000 + lo);
		ext += (long)r[b];
	}
	printf("RESULT sum=%ld ext=%ld bad=%d\n", sum, ext, bad);
	return 0;
}
