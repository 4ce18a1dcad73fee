// 21-struct-const-locals: locals that live across a barrier and are not
// plain scalars: a struct declared without an initialiser (default
// construction has no text of its own: a wrong lowering assigns the variable
// to itself), a struct direct-initialised with a constructor outside a
// barrier region, and const locals (the lowering assigns them where they were
// initialised, so it must drop the const). Host references count mismatches.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	printf("CUDA error %s line %d\n", cudaGetErrorString(e_), __LINE__); return 1; } } while (0)

struct V {
	double x, y, z;
};

struct P {
	int a, b;
	__host__ __device__ P(int a_, int b_) : a(a_), b(b_) {}
};

__global__ void vec(V *out, int n)
{
	V d;
	__shared__ double s[64];
	const int tid = threadIdx.x;
	const int base = blockIdx.x * blockDim.x;
	s[tid] = base + tid;
	__syncthreads();
	d.x = s[blockDim.x - 1 - tid];
	d.y = tid * 0.5;
	d.z = d.x + d.y;
	__syncthreads();
	if (base + tid < n)
		out[base + tid] = d;
}

__global__ void pairs(int *out)
{
	P p(threadIdx.x, 2 * threadIdx.x);
	out[blockIdx.x * blockDim.x + threadIdx.x] = p.a + p.b;
}

int main()
{
	const int n = 200, threads = 64, blocks = (n + threads - 1) / threads;
	V *dv, hv[256];
	int *dp, hp[256];
	CHECK(cudaMalloc(&dv, blocks * threads * sizeof(V)));
	CHECK(cudaMalloc(&dp, blocks * threads * sizeof(int)));
	vec<<<blocks, threads>>>(dv, n);
	pairs<<<blocks, threads>>>(dp);
	CHECK(cudaMemcpy(hv, dv, n * sizeof(V), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hp, dp, blocks * threads * sizeof(int), cudaMemcpyDeviceToHost));
	int bad = 0;
	double sum = 0;
	for (int i = 0; i < n; ++i) {
		int b = i / threads * threads, t = i % threads;
		double x = b + threads - 1 - t, y = t * 0.5;
		if (hv[i].x != x || hv[i].y != y || hv[i].z != x + y)
			++bad;
		sum += hv[i].z;
	}
	long psum = 0;
	for (int i = 0; i < blocks * threads; ++i) {
		if (hp[i] != 3 * (i % threads))
			++bad;
		psum += hp[i];
	}
	printf("RESULT vsum=%.1f psum=%ld bad=%d\n", sum, psum, bad);
	return 0;
}
