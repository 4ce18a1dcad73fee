// 28-inline-interchange: device functions holding a loop, inlined into the
// kernel, and loops run with the block's threads inside them (interchange);
// thread indices recomputed in each thread loop (rematerialised). A
// column-major distance as streamcluster's d_dist, under a bounds guard;
// a loop written in the kernel after a per-thread if; an argument passed
// through a temporary (a different type); loops that must stay per thread:
// atomics inside, a per-thread trip count, a break. A parameter the callee
// changes, whose argument has the parameter's name (bump(k)): inlined with a
// local copy of its own name (k_2). Calls that must not be inlined: two
// returns, an argument with a side effect, a callee whose callee gets an overload before the kernel; a
// by-value parameter the callee changes through a reference (a temporary,
// not the kernel's variable). A per-thread if on an int (tid & 256) around an interchanged
// loop. All sums are exact; the host reference counts mismatches.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	printf("CUDA error %s line %d\n", cudaGetErrorString(e_), __LINE__); return 1; } } while (0)

#define N 1000   /* points: not a multiple of the block */
#define D 24     /* dimensions */
#define BS 128

__device__ float dist(int p1, int p2, int num, int dim, const float *coord)
{
	float r = 0.0f;
	for (int i = 0; i < dim; i++) {
		float t = coord[i * num + p1] - coord[i * num + p2];
		r += t * t;
	}
	return r;
}

__device__ int clampsum(int a, int lim)
{
	int s = 0;
	for (int i = 0; i < a % 7; i++)
		s += i;
	if (s > lim)
		return lim;
	return s;
}

__device__ int bump(int k)
{
	int s = 0;
	while (k > 0) {
		s += k;
		k -= 3;
	}
	return s;
}

__device__ long scaled(long v, int d)
{
	long s = 0;
	for (int i = 0; i < d; i++)
		s += v * i;
	return s;
}

__device__ float scale(float v)
{
	return v * 2.0f;
}

__device__ float twice(int n)
{
	float s = 0.0f;
	for (int i = 0; i < n; i++)
		s += scale(i);
	return s;
}

/* declared after twice: inlined into the kernel, twice's scale(i) would
 * call this one */
__device__ float scale(int v)
{
	return v * 3.0f;
}

__device__ void bump5(int &v)
{
	v += 5;
}

/* changes its by-value parameter through a reference: the kernel's
 * variable must not stand for it */
__device__ int sumbump(int n)
{
	int s = 0;
	for (int i = 0; i < n % 5; i++)
		s += i;
	bump5(n);
	return s + n;
}

__global__ void cost(int num, int dim, long x, const float *coord, const float *w, float *out, int *hist)
{
	const int bid = blockIdx.x + gridDim.x * blockIdx.y;
	const int tid = blockDim.x * bid + threadIdx.x;
	if (tid < num) {
		float *o = &out[tid * 4];
		float c = dist(tid, x, num, dim, coord) * w[tid];
		o[0] = c;
		int k = tid % 5;
		int b = bump(k);
		o[1] = (float)(clampsum(tid, 9) + b);
		int q = tid % 7;
		int sb = sumbump(q);
		o[1] += (float)(sb * 1000 + q);
		int j = tid;
		long sc = scaled(j++, 3);
		float tw = twice(tid % 4);
		o[2] = (float)(sc + j) + tw;
		for (int i = 0; i < 3 * dim; i++)
			if (i % dim == tid % dim)
				atomicAdd(&hist[i % 16], 1);
	}
}

__global__ void sweep(const float *coord, float *out, int num, int dim)
{
	int tid = blockIdx.x * blockDim.x + threadIdx.x;
	float acc = 0.0f, top = 0.0f;
	int row = tid < num ? tid : num - 1;
	for (int i = 0; i < dim; i++) {
		float v = coord[i * num + row];
		acc += v * (float)(i + 1);
		top = v > top ? v : top;
	}
	int m = 0;
	for (int i = 0; i < tid % 9; i++)
		m += i;
	int q = 0;
	for (int i = 0; i < dim; i++) {
		if (coord[i * num + row] > 40.0f)
			break;
		q++;
	}
	float hi = 0.0f;
	if (tid & 256) { /* an int condition: its mask must read 256 as true */
		for (int i = 0; i < dim; i++)
			hi += coord[i * num + row];
	}
	if (tid < num)
		out[tid * 4 + 3] = acc + top + (float)(m * 100 + q) + hi;
}

static float hdist(const float *c, int p1, int p2)
{
	float r = 0.0f;
	for (int i = 0; i < D; i++) {
		float t = c[i * N + p1] - c[i * N + p2];
		r += t * t;
	}
	return r;
}

int main()
{
	static float coord[N * D], w[N], out[N * 4];
	static int hist[16];
	for (int i = 0; i < N * D; i++)
		coord[i] = (float)((i * 37) % 61);
	for (int i = 0; i < N; i++)
		w[i] = (float)(i % 3 + 1);
	float *dc, *dw, *dout;
	int *dh;
	CHECK(cudaMalloc(&dc, sizeof coord));
	CHECK(cudaMalloc(&dw, sizeof w));
	CHECK(cudaMalloc(&dout, sizeof out));
	CHECK(cudaMalloc(&dh, sizeof hist));
	CHECK(cudaMemcpy(dc, coord, sizeof coord, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dw, w, sizeof w, cudaMemcpyHostToDevice));
	CHECK(cudaMemset(dout, 0, sizeof out));
	CHECK(cudaMemset(dh, 0, sizeof hist));
	int nb = (N + BS - 1) / BS;
	cost<<<dim3(nb / 2 + 1, 2), BS>>>(N, D, 17, dc, dw, dout, dh);
	sweep<<<nb, BS>>>(dc, dout, N, D);
	CHECK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hist, dh, sizeof hist, cudaMemcpyDeviceToHost));
	int bad = 0;
	double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
	for (int t = 0; t < N; t++) {
		float c = hdist(coord, t, 17) * w[t];
		int cs = 0;
		for (int i = 0; i < t % 7; i++)
			cs += i;
		if (cs > 9)
			cs = 9;
		int b = 0;
		for (int k = t % 5; k > 0; k -= 3)
			b += k;
		long sc = 0;
		for (int i = 0; i < 3; i++)
			sc += (long)t * i;
		float acc = 0.0f, top = 0.0f;
		int q = 0, m = 0;
		for (int i = 0; i < D; i++) {
			float v = coord[i * N + t];
			acc += v * (float)(i + 1);
			top = v > top ? v : top;
		}
		for (int i = 0; i < D && coord[i * N + t] <= 40.0f; i++)
			q++;
		for (int i = 0; i < t % 9; i++)
			m += i;
		float hi = 0.0f;
		for (int i = 0; (t & 256) && i < D; i++)
			hi += coord[i * N + t];
		float e3 = acc + top + (float)(m * 100 + q) + hi;
		bad += out[t * 4] != c;
		int q7 = t % 7, sb = q7 + 5;
		for (int i = 0; i < q7 % 5; i++)
			sb += i;
		bad += out[t * 4 + 1] != (float)(cs + b) + (float)(sb * 1000 + q7);
		bad += out[t * 4 + 2] != (float)(sc + t + 1) + (float)((t % 4) * (t % 4 - 1));
		bad += out[t * 4 + 3] != e3;
		s0 += out[t * 4];
		s1 += out[t * 4 + 1];
		s2 += out[t * 4 + 2];
		s3 += out[t * 4 + 3];
	}
	int hs = 0;
	for (int i = 0; i < 16; i++)
		hs += hist[i] * (i + 1);
	printf("RESULT dist=%.1f calls=%.1f temps=%.1f sweep=%.1f hist=%d bad=%d\n", s0, s1, s2, s3, hs, bad);
	cudaFree(dc);
	cudaFree(dw);
	cudaFree(dout);
	cudaFree(dh);
	return 0;
}
