// 60-helper-call-forms: calls of helpers holding barriers and shuffles in
// the forms real code writes them, each inlined now (each was refused):
// inside another call's arguments (`m = fmaxf(m - 1.f, warpMax(m) + i)`:
// HeCBench mxfp4), through a struct's operator (`return scan4(d, s) - d;`:
// radixsort's scan4Exclusive), as `(void) helper(...)` (qtclustering), with
// a default argument written by a macro (`int width = WIDTH`: collision's
// shfl_xor), returning a class with constructors, declared with a template
// type of two arguments (`Pair<int, int> y = shx(x, m)`: its comma is no
// operator), and a direct-initialised class local kept per thread
// (`Pair<int, int> p(a, b)` across a barrier). One that ?: or && could
// skip is refused (tests/refuse/helper-call-conditional.cu).
#include <cstdio>

#define WIDTH 32

template <typename K, typename V> struct Pair {
	K k;
	V v;
	__device__ Pair() {}
	__device__ Pair(K a, V b) : k(a), v(b) {}
};

__device__ __forceinline__ float warpMax(float v)
{
	for (int o = 16; o > 0; o /= 2)
		v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
	return v;
}

template <typename T> __device__ __forceinline__ T shx(const T val, int m, int width = WIDTH)
{
	return __shfl_xor_sync(0xffffffff, val, m, width);
}

template <typename K, typename V> __device__ __forceinline__ Pair<K, V> shx(const Pair<K, V> &p, int m, int width = WIDTH)
{
	return Pair<K, V>(__shfl_xor_sync(0xffffffff, p.k, m, width), __shfl_xor_sync(0xffffffff, p.v, m, width));
}

__device__ uint4 operator-(uint4 a, uint4 b)
{
	return make_uint4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w);
}

__device__ uint4 scan4(uint4 d, unsigned *s)
{
	s[threadIdx.x] = d.x;
	__syncthreads();
	uint4 r = d;
	r.x = s[(threadIdx.x + 1) % blockDim.x];
	__syncthreads();
	return r;
}

__device__ uint4 scan4x(uint4 d, unsigned *s)
{
	return scan4(d, s) - d;
}

__device__ int blockSum(int v, int *s)
{
	s[threadIdx.x] = v;
	__syncthreads();
	int r = 0;
	for (int i = 0; i < (int)blockDim.x; i++)
		r += s[i];
	__syncthreads();
	s[threadIdx.x] = r;
	return r;
}

__global__ void forms(float *fo, uint4 *uo, int *io)
{
	__shared__ unsigned s[64];
	__shared__ int si[64];
	int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
	float m = t * 0.5f + blockIdx.x;
	for (int i = 0; i < 2; i++)
		m = fmaxf(m - 1.f, warpMax(m) + i); /* in another call's arguments */
	fo[g] = m;
	uint4 v = make_uint4(t * 7u + blockIdx.x, 1, 2, 3);
	uint4 w = scan4x(v, s); /* returns through operator- */
	uo[g] = w;
	(void)blockSum(t, si); /* its result dropped */
	__syncthreads();
	int total = si[(t + 1) % blockDim.x];
	const Pair<int, int> x(t * 3, (int)blockIdx.x);
	Pair<int, int> p(t + 1, total); /* kept per thread across the barrier */
	Pair<int, int> y = shx(x, 1); /* a default argument; a class result */
	int z = shx(t, 2);
	__syncthreads();
	io[g] = y.k + y.v * 1000 + p.k * 100000 + p.v + z * 7;
}

int main()
{
	const int B = 3, T = 64, n = B * T;
	static float fo[n];
	static uint4 uo[n];
	static int io[n];
	float *dfo;
	uint4 *duo;
	int *dio;
	cudaMalloc(&dfo, sizeof fo);
	cudaMalloc(&duo, sizeof uo);
	cudaMalloc(&dio, sizeof io);
	forms<<<B, T>>>(dfo, duo, dio);
	cudaMemcpy(fo, dfo, sizeof fo, cudaMemcpyDeviceToHost);
	cudaMemcpy(uo, duo, sizeof uo, cudaMemcpyDeviceToHost);
	cudaMemcpy(io, dio, sizeof io, cudaMemcpyDeviceToHost);
	int bad = 0;
	double fsum = 0;
	long usum = 0, isum = 0;
	for (int b = 0; b < B; b++)
		for (int t = 0; t < T; t++) {
			int g = b * T + t;
			/* the warp's largest m, then + 1 once more */
			float top = (t < 32 ? 31 : 63) * 0.5f + b;
			bad += fo[g] != top + 1.f;
			fsum += fo[g] * (t + 1);
			unsigned vx = t * 7u + b, nx = ((t + 1) % T) * 7u + b;
			bad += uo[g].x != nx - vx || uo[g].y != 0 || uo[g].z != 0 || uo[g].w != 0;
			usum += (long)uo[g].x * (t + 1);
			int total = T * (T - 1) / 2;
			int xk = (t ^ 1) * 3, want = xk + b * 1000 + (t + 1) * 100000 + total + (t ^ 2) * 7;
			bad += io[g] != want;
			isum += io[g];
		}
	printf("RESULT fsum=%.1f usum=%ld isum=%ld bad=%d\n", fsum, usum, isum, bad);
	return 0;
}
