// 62-deduced-helper-args: kernel templates calling helper templates that
// hold shuffles with the template arguments left to deduction, where the
// text decides them: the argument is a variable declared with the kernel's
// parameter type (`shfl_xor_bf16_or_half(block_max, i)` with float_type
// block_max: HeCBench mxfp4), by value, const and const &; a struct local;
// a half-precision value and the bf16 math of mxfp4 (hlog2, hfloor). They
// were refused ("a call a kernel template's parameters leave unresolved").
#include <cstdio>
#include <cuda_bf16.h>

template <typename T> __device__ T xorLane(T x, int m)
{
	return __shfl_xor_sync(0xffffffff, x, m);
}

template <typename T> __device__ T warpSum(const T v)
{
	T s = v;
	for (int o = 16; o > 0; o /= 2)
		s += xorLane(s, o);
	return s;
}

template <typename T> __device__ T warpMaxRef(const T &v)
{
	T m = v;
	for (int o = 16; o > 0; o /= 2) {
		T n = __shfl_down_sync(0xffffffff, m, o);
		m = n > m ? n : m;
	}
	return __shfl_sync(0xffffffff, m, 0);
}

template <typename T> __global__ void sums(const T *in, T *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T v = in[i];
	T s = warpSum(v);
	T m = warpMaxRef(v);
	out[2 * i] = s;
	out[2 * i + 1] = m;
}

template <typename F> __global__ void bf(const float *in, float *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	F x = F(in[i]);
	for (int o = 1; o < 32; o *= 2)
		x = __hmax(x, xorLane(x, o));
	out[i] = (float)hfloor(hlog2(x));
}

int main()
{
	const int B = 2, T = 64, n = B * T;
	static int ii[n], io[2 * n];
	static float fi[n], fo[2 * n], bo[n];
	for (int i = 0; i < n; i++) {
		ii[i] = (i * 37) % 101 - 50;
		fi[i] = (float)((i * 13) % 29) * 0.25f + 1.f;
	}
	int *dii, *dio;
	float *dfi, *dfo, *dbo;
	cudaMalloc(&dii, sizeof ii);
	cudaMalloc(&dio, sizeof io);
	cudaMalloc(&dfi, sizeof fi);
	cudaMalloc(&dfo, sizeof fo);
	cudaMalloc(&dbo, sizeof bo);
	cudaMemcpy(dii, ii, sizeof ii, cudaMemcpyHostToDevice);
	cudaMemcpy(dfi, fi, sizeof fi, cudaMemcpyHostToDevice);
	sums<int><<<B, T>>>(dii, dio);
	sums<float><<<B, T>>>(dfi, dfo);
	bf<__nv_bfloat16><<<B, T>>>(dfi, dbo);
	cudaMemcpy(io, dio, sizeof io, cudaMemcpyDeviceToHost);
	cudaMemcpy(fo, dfo, sizeof fo, cudaMemcpyDeviceToHost);
	cudaMemcpy(bo, dbo, sizeof bo, cudaMemcpyDeviceToHost);
	int bad = 0;
	long isum = 0;
	double fsum = 0, bsum = 0;
	for (int w = 0; w < n / 32; w++) {
		int s = 0, m = -1000;
		float fs = 0, fm = -1000;
		for (int l = 0; l < 32; l++) {
			int i = w * 32 + l;
			s += ii[i];
			m = ii[i] > m ? ii[i] : m;
			fs += fi[i];
			fm = fi[i] > fm ? fi[i] : fm;
		}
		for (int l = 0; l < 32; l++) {
			int i = w * 32 + l;
			bad += io[2 * i] != s || io[2 * i + 1] != m || fo[2 * i + 1] != fm;
			bad += bo[i] != 3.f; /* the warp's max, 7.0 to 8.0: floor(log2) = 2 or 3 */
			isum += io[2 * i] + io[2 * i + 1];
			fsum += fo[2 * i];
			bsum += bo[i];
		}
		(void)fs;
	}
	printf("RESULT isum=%ld fsum=%.2f bsum=%.1f bad=%d\n", isum, fsum, bsum, bad);
	return 0;
}
