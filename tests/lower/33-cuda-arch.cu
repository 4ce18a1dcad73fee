// 33-cuda-arch.cu: device code with preprocessor branches on __CUDA_ARCH__,
// lowered as nvcc's device compile takes them (__CUDA_ARCH__ defined there,
// undefined in host code): a __device__ double-precision path behind
// `#if __CUDA_ARCH__ >= 350` with a placeholder in #else; an #if/#elif/#else
// chain whose first branch needs a future GPU (>= 9990, taken neither at
// sm_75, the lowering's default, nor at sm_90, the GPU check's); a __device__
// member function; kernels whose bodies begin and end with #ifdef
// __CUDA_ARCH__ ... #else ... #endif, nest a non-arch #if inside an arch
// branch, and hold a barrier inside a branch; a host-only helper, constant
// and #include under #ifndef __CUDA_ARCH__ that the host reference uses.
// Expected: RESULT dsum=<D> nsum=<N> bsum=<B> bad=0. A lowering that
// compiles device code with __CUDA_ARCH__ undefined runs the placeholders
// (bad=4096 and more); one that loses an #if in a kernel does not build.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define N 4096
#define USE_SHIFT 1

__device__ double dscale(double x)
{
#if __CUDA_ARCH__ >= 350
	return x * 0.5 + 1.0;
#else
	return 0.0; /* placeholder: old GPUs have no such path */
#endif
}

__device__ int pick(int v)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 9990
	return -1000000;
#elif defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 600
	return v * 3;
#else
	return -v;
#endif
}

struct Bias {
	int b;
	__device__ int add(int v) const
	{
#ifdef __CUDA_ARCH__
		return v + b;
#else
		return 0;
#endif
	}
};

#ifndef __CUDA_ARCH__
#include <climits>
/* the host's reference of pick() and a constant: the device compile never sees them */
static const int host_limit = INT_MAX;
static int pick_ref(int v)
{
	return v * 3;
}
#endif

__global__ void k_double(const double *in, double *out, int n)
{
#ifdef __CUDA_ARCH__
	int i = blockIdx.x * blockDim.x + threadIdx.x;
#else
	int i = n; /* the host never runs a kernel */
#endif
	if (i < n)
		out[i] = dscale(in[i]);
}

__global__ void k_nested(const int *in, int *out, int n, Bias bias)
{
	__shared__ int tile[128];
	int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
#if __CUDA_ARCH__ >= 350
#if USE_SHIFT
	tile[t] = i < n ? pick(in[i]) << 1 : 0;
#else
	tile[t] = i < n ? pick(in[i]) * 2 : 0;
#endif
#else
	tile[t] = 0;
#endif
	__syncthreads();
#ifdef __CUDA_ARCH__
	if (i < n)
		out[i] = bias.add(tile[t] + tile[(t + 1) % blockDim.x]);
#else
	if (i < n)
		out[i] = -1;
#endif
}

__global__ void k_barrier(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t * t;
#if __CUDA_ARCH__ >= 300
	__syncthreads();
	out[blockIdx.x * 64 + t] = s[63 - t] + blockIdx.x;
#else
	out[blockIdx.x * 64 + t] = 0;
#endif
}

int main()
{
	static double din[N], dout[N];
	static int iin[N], iout[N], bout[N];
	for (int i = 0; i < N; i++) {
		din[i] = (double)(i % 1000) * 2.0;
		iin[i] = i % 91 - 45;
	}
	double *ddin, *ddout;
	int *diin, *diout, *dbout;
	CHECK(cudaMalloc(&ddin, sizeof din));
	CHECK(cudaMalloc(&ddout, sizeof dout));
	CHECK(cudaMalloc(&diin, sizeof iin));
	CHECK(cudaMalloc(&diout, sizeof iout));
	CHECK(cudaMalloc(&dbout, sizeof bout));
	CHECK(cudaMemcpy(ddin, din, sizeof din, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(diin, iin, sizeof iin, cudaMemcpyHostToDevice));
	Bias bias = {7};
	k_double<<<N / 256, 256>>>(ddin, ddout, N);
	CHECK(cudaGetLastError());
	k_nested<<<N / 128, 128>>>(diin, diout, N, bias);
	CHECK(cudaGetLastError());
	k_barrier<<<N / 64, 64>>>(dbout);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(dout, ddout, sizeof dout, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(iout, diout, sizeof iout, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(bout, dbout, sizeof bout, cudaMemcpyDeviceToHost));
	long long dsum = 0, nsum = 0, bsum = 0;
	int bad = 0;
	for (int i = 0; i < N; i++) {
		bad += dout[i] != din[i] * 0.5 + 1.0;
		dsum += (long long)dout[i];
		int t = i % 128;
#ifndef __CUDA_ARCH__
		bad += host_limit != INT_MAX;
		int b = i - t;
		int want = (pick_ref(iin[i]) << 1) + (pick_ref(iin[b + (t + 1) % 128]) << 1) + bias.b;
#else
		int want = 0; /* main is no device code, but the device compile parses it */
#endif
		bad += iout[i] != want;
		nsum += iout[i];
		t = i % 64;
		bad += bout[i] != (63 - t) * (63 - t) + i / 64;
		bsum += bout[i];
	}
	printf("RESULT dsum=%lld nsum=%lld bsum=%lld bad=%d\n", dsum, nsum, bsum, bad);
	return 0;
}
