// 42-template-barrier-helpers.cu: templated __device__ helpers with warp
// shuffles, barriers and a `static __shared__ T part[WARPS]` array, called
// with explicit and deduced template arguments from a plain kernel: a block
// sum in float, int and double (three specialisations, each with its own
// __shared__ array, as on the GPU), a block maximum whose template argument
// is a non-type parameter (the warps per block), and a templated helper
// calling another templated one (warp reduce inside block reduce). Blocks of
// 256 threads, grid of 10. Expected: RESULT fsum=<F> isum=<I> dsum=<D>
// max=<M> bad=0. The lowering inlines each specialisation with its template
// arguments in place of the parameters; the build before refused every
// call ("a __device__ function containing a barrier or warp operation").
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define BS 256
#define NB 10

template <typename T>
__device__ T warpSum(T v)
{
	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, o);
	return v;
}

/* thread 0 gets the block's sum */
template <typename T, int WARPS>
__device__ T blockSum(T v)
{
	static __shared__ T part[WARPS];
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	v = warpSum(v);
	if (lane == 0)
		part[wid] = v;
	__syncthreads();
	v = threadIdx.x < WARPS ? part[lane] : T(0);
	if (wid == 0)
		v = warpSum<T>(v);
	return v;
}

/* every thread gets the block's maximum */
template <int WARPS, typename T>
__device__ T blockMax(T v)
{
	__shared__ T part[WARPS];
	__shared__ T result;
	for (int o = 16; o > 0; o >>= 1) {
		T other = __shfl_xor_sync(0xffffffffu, v, o);
		v = other > v ? other : v;
	}
	if (threadIdx.x % 32 == 0)
		part[threadIdx.x / 32] = v;
	__syncthreads();
	if (threadIdx.x == 0) {
		T m = part[0];
		for (int w = 1; w < WARPS; w++)
			m = part[w] > m ? part[w] : m;
		result = m;
	}
	__syncthreads();
	return result;
}

__global__ void reduce(const int *in, float *fout, int *iout, double *dout, int *mout)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float f = blockSum<float, BS / 32>((float)(in[i] % 16));
	int s = blockSum<int, BS / 32>(in[i]);
	double d = blockSum<double, BS / 32>(in[i] * 0.5);
	int m = blockMax<BS / 32>(in[i]);
	if (threadIdx.x == 0) {
		fout[blockIdx.x] = f;
		iout[blockIdx.x] = s;
		dout[blockIdx.x] = d;
	}
	mout[i] = m;
}

int main()
{
	const int n = NB * BS;
	int *h = (int *)malloc(sizeof(int) * n);
	for (int i = 0; i < n; i++)
		h[i] = (i * 7919 + 13) % 5000;
	int *din, *diout, *dmout;
	float *dfout;
	double *ddout;
	CHECK(cudaMalloc(&din, sizeof(int) * n));
	CHECK(cudaMalloc(&dfout, sizeof(float) * NB));
	CHECK(cudaMalloc(&diout, sizeof(int) * NB));
	CHECK(cudaMalloc(&ddout, sizeof(double) * NB));
	CHECK(cudaMalloc(&dmout, sizeof(int) * n));
	CHECK(cudaMemcpy(din, h, sizeof(int) * n, cudaMemcpyHostToDevice));
	reduce<<<NB, BS>>>(din, dfout, diout, ddout, dmout);
	CHECK(cudaGetLastError());
	float fo[NB];
	int io[NB], *mo = (int *)malloc(sizeof(int) * n);
	double dd[NB];
	CHECK(cudaMemcpy(fo, dfout, sizeof fo, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(io, diout, sizeof io, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(dd, ddout, sizeof dd, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(mo, dmout, sizeof(int) * n, cudaMemcpyDeviceToHost));
	long long fsum = 0, isum = 0, msum = 0;
	double dsum = 0;
	int bad = 0;
	for (int b = 0; b < NB; b++) {
		long long f = 0, s = 0;
		double d = 0;
		int m = -1;
		for (int t = 0; t < BS; t++) {
			int v = h[b * BS + t];
			f += v % 16;
			s += v;
			d += v * 0.5;
			m = v > m ? v : m;
		}
		bad += fo[b] != (float)f || io[b] != s || dd[b] != d;
		for (int t = 0; t < BS; t++)
			bad += mo[b * BS + t] != m;
		fsum += (long long)fo[b];
		isum += io[b];
		dsum += dd[b];
		msum += mo[b * BS];
	}
	printf("RESULT fsum=%lld isum=%lld dsum=%.1f max=%lld bad=%d\n", fsum, isum, dsum, msum, bad);
	return 0;
}
