// 40-config-nv-atomics.cu: the preprocessor configuration of a CUDA build
// and CUDA 12.8's __nv_atomic builtins. A header shared with an OpenMP
// version declares its own float2 under `#elif defined(_OPENMP)` after
// `#if defined(__CUDACC__)` (HeCBench's haversine and SDKBitMap.h do so);
// a double atomicMax reads with __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED)
// before its compare-and-swap loop, as HeCBench's lebesgue does. Blocks of
// 256 threads. Expected: RESULT max=<M> cfg=cuda bad=0. A lowering whose
// g++ sees _OPENMP but no __CUDACC__ fails to build (float2 declared twice,
// or another branch's header), and one without __nv_atomic_load_n too.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#if defined(__CUDACC__)
#define CFG "cuda"
#elif defined(_OPENMP)
typedef struct __attribute__((__aligned__(8)))
{
	float x, y;
} float2;
#define CFG "openmp"
#else
#define CFG "none"
#endif

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define BS 256
#define NB 16

__device__ double atomic_max(double *address, double val)
{
	unsigned long long *p = (unsigned long long *)address;
	unsigned long long ret = __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED);
	while (val > __longlong_as_double(ret)) {
		unsigned long long old = ret;
		if ((ret = atomicCAS(p, old, __double_as_longlong(val))) == old)
			break;
	}
	return __longlong_as_double(ret);
}

__global__ void reduce(const float2 *v, double *m, int *count, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		atomic_max(m, (double)v[i].x * v[i].y);
		__nv_atomic_fetch_add(count, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
	}
}

int main()
{
	const int n = NB * BS - 7;
	float2 *h = (float2 *)malloc(n * sizeof(float2));
	for (int i = 0; i < n; ++i) {
		h[i].x = (float)((i * 37) % 101 - 50);
		h[i].y = (float)((i * 11) % 23 - 11);
	}
	float2 *dv;
	double *dm, m = -1e300;
	int *dc, c = 0;
	CHECK(cudaMalloc(&dv, n * sizeof(float2)));
	CHECK(cudaMalloc(&dm, sizeof m));
	CHECK(cudaMalloc(&dc, sizeof c));
	CHECK(cudaMemcpy(dv, h, n * sizeof(float2), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dm, &m, sizeof m, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dc, &c, sizeof c, cudaMemcpyHostToDevice));
	reduce<<<NB, BS>>>(dv, dm, dc, n);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(&m, dm, sizeof m, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(&c, dc, sizeof c, cudaMemcpyDeviceToHost));
	double ref = -1e300;
	for (int i = 0; i < n; ++i)
		if ((double)h[i].x * h[i].y > ref)
			ref = (double)h[i].x * h[i].y;
	int bad = (m != ref) + (c != n);
	printf("RESULT max=%.1f cfg=%s bad=%d\n", m, CFG, bad);
	CHECK(cudaFree(dv));
	CHECK(cudaFree(dm));
	CHECK(cudaFree(dc));
	free(h);
	return 0;
}
