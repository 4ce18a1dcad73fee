// 18-structs-syncwarp.cu: everyday C++ in kernels. A struct passed by value
// as a kernel argument (with an array member); a struct type with
// __host__ __device__ member functions and operator+; a __shared__ array of
// structs exchanged across a barrier; __restrict__ pointers, a
// __forceinline__ helper and a `#pragma unroll` loop; and a warp-level
// exchange through shared memory ordered by __syncwarp() only.
// Expected: RESULT part=<P> warp=<W> bad=0. A wrong lowering (by-value struct
// argument shared or copied wrongly, member functions missing on one side,
// __syncwarp treated as a no-op so lanes read stale shared values) prints bad>0.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define BS 128
#define NB 128
#define N (NB * BS)

struct Params {
	int scale;
	int bias;
	float w[3];
};

struct Vec2 {
	float x, y;
	__host__ __device__ Vec2 operator+(const Vec2 &o) const { return Vec2{x + o.x, y + o.y}; }
	__host__ __device__ float manhattan() const { return (x < 0 ? -x : x) + (y < 0 ? -y : y); }
};

struct Particle {
	Vec2 pos;
	int id;
};

__device__ __forceinline__ float dot3(const float *w, float a, float b, float c)
{
	return w[0] * a + w[1] * b + w[2] * c;
}

__global__ void step(const Particle *__restrict__ in, Particle *__restrict__ out, Params p)
{
	__shared__ Particle sp[BS];
	int tid = threadIdx.x, i = blockIdx.x * BS + tid;
	sp[tid] = in[i];
	__syncthreads();
	Particle q = sp[(tid + 5) % BS];
	Particle me = sp[tid];
	float extra = 0.0f;
#pragma unroll
	for (int k = 0; k < 3; ++k)
		extra += (float)((me.id + k) % 3);
	Particle r;
	r.pos = me.pos + q.pos;
	r.pos.y += dot3(p.w, me.pos.x, q.pos.y, extra);
	r.id = me.id * p.scale + p.bias + (int)r.pos.manhattan();
	out[i] = r;
}

__global__ void warp_exchange(const int *in, int *out)
{
	__shared__ int ws[BS];
	int tid = threadIdx.x, lane = tid & 31, i = blockIdx.x * BS + tid;
	int v = in[i];
	ws[tid] = v;
	__syncwarp();
	int u = ws[tid ^ 1];
	__syncwarp();
	ws[tid] = u + v * 2;
	__syncwarp();
	out[i] = ws[(tid & ~31) + ((lane + 7) & 31)];
}

int main()
{
	Particle *h = (Particle *)malloc(N * sizeof(Particle));
	Particle *ho = (Particle *)malloc(N * sizeof(Particle));
	int *hi = (int *)malloc(N * sizeof(int)), *hw = (int *)malloc(N * sizeof(int));
	for (int i = 0; i < N; ++i) {
		h[i].pos = Vec2{(float)(i % 9 - 4), (float)(i % 7 - 3)};
		h[i].id = i;
		hi[i] = (i * 17) % 31 - 15;
	}
	Params p = {3, -11, {2.0f, -1.0f, 4.0f}};
	Particle *din, *dout;
	int *dwi, *dwo;
	CHECK(cudaMalloc(&din, N * sizeof(Particle)));
	CHECK(cudaMalloc(&dout, N * sizeof(Particle)));
	CHECK(cudaMalloc(&dwi, N * sizeof(int)));
	CHECK(cudaMalloc(&dwo, N * sizeof(int)));
	CHECK(cudaMemcpy(din, h, N * sizeof(Particle), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dwi, hi, N * sizeof(int), cudaMemcpyHostToDevice));
	step<<<NB, BS>>>(din, dout, p);
	CHECK(cudaGetLastError());
	warp_exchange<<<NB, BS>>>(dwi, dwo);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(ho, dout, N * sizeof(Particle), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hw, dwo, N * sizeof(int), cudaMemcpyDeviceToHost));

	int bad = 0;
	double part = 0.0;
	long long warp = 0;
	for (int i = 0; i < N; ++i) {
		int t = i % BS, base = i - t;
		const Particle &me = h[i], &q = h[base + (t + 5) % BS];
		float extra = (float)(me.id % 3 + (me.id + 1) % 3 + (me.id + 2) % 3);
		Vec2 pos = me.pos + q.pos;
		pos.y += p.w[0] * me.pos.x + p.w[1] * q.pos.y + p.w[2] * extra;
		int id = me.id * p.scale + p.bias + (int)pos.manhattan();
		bad += ho[i].pos.x != pos.x || ho[i].pos.y != pos.y || ho[i].id != id;
		part += ho[i].pos.x + 3.0 * ho[i].pos.y + ho[i].id % 1000;
		int lane = t & 31, src = (i & ~31) + ((lane + 7) & 31);
		int ref = hi[src ^ 1] + hi[src] * 2;
		bad += hw[i] != ref;
		warp += (long long)hw[i] * (lane + 1);
	}
	printf("RESULT part=%.1f warp=%lld bad=%d\n", part, warp, bad);
	CHECK(cudaFree(din));
	CHECK(cudaFree(dout));
	CHECK(cudaFree(dwi));
	CHECK(cudaFree(dwo));
	free(h);
	free(ho);
	free(hi);
	free(hw);
	return 0;
}
