// 13-device-funcs-math.cu: __device__ functions called from kernels, some of
// which read threadIdx/blockIdx/blockDim themselves (two levels deep); a
// __host__ __device__ function used by the kernel and by the host reference;
// math functions sqrtf, expf, __fdividef, rsqrtf, sincosf, compared with a
// double-precision host reference under a tolerance and counted as ok/bad,
// plus sqrtf of perfect squares, which must be exact.
// Expected: RESULT ints=<I> ibad=0 ok=<8*N> bad=0 exact=4096. A wrong lowering
// (builtin indices not visible inside helpers, helper reading the wrong
// thread's index, missing/incorrect math mapping) prints ibad>0 or bad>0.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)

#define N 4096
#define BS 128

__host__ __device__ int mix(int a, int b)
{
	return (a * 31 + b * 17) % 1009;
}

__device__ int global_id()
{
	return blockIdx.x * blockDim.x + threadIdx.x;
}

__device__ int lane_in_block()
{
	return threadIdx.x % 32;
}

__device__ int helper_chain(int v)
{
	return mix(v, lane_in_block()) + global_id() % 7 + (int)blockIdx.x;
}

__global__ void ints(int *out)
{
	int i = global_id();
	out[i] = helper_chain(i * 3);
}

__device__ float x_of(int i)
{
	return (float)(i % 801 - 400) / 100.0f; /* -4.00 .. 4.00 */
}

__global__ void maths(float *out, int *exact)
{
	int i = global_id();
	float x = x_of(i);
	float ax = fabsf(x) + 1.0f;
	float s, c;
	sincosf(x, &s, &c);
	out[i * 6 + 0] = expf(x);
	out[i * 6 + 1] = sqrtf(ax);
	out[i * 6 + 2] = rsqrtf(ax);
	out[i * 6 + 3] = __fdividef(x, 3.0f + ax);
	out[i * 6 + 4] = s;
	out[i * 6 + 5] = c;
	float k = (float)(i % 1000);
	exact[i] = sqrtf(k * k) == k;
}

static bool near(double got, double ref)
{
	return fabs(got - ref) <= 1e-5 + 1e-5 * fabs(ref);
}

int main()
{
	int *hi = (int *)malloc(N * sizeof(int));
	int *hex = (int *)malloc(N * sizeof(int));
	float *hm = (float *)malloc(N * 6 * sizeof(float));
	int *di, *dex;
	float *dm;
	CHECK(cudaMalloc(&di, N * sizeof(int)));
	CHECK(cudaMalloc(&dex, N * sizeof(int)));
	CHECK(cudaMalloc(&dm, N * 6 * sizeof(float)));
	ints<<<N / BS, BS>>>(di);
	CHECK(cudaGetLastError());
	maths<<<N / BS, BS>>>(dm, dex);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(hi, di, N * sizeof(int), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hex, dex, N * sizeof(int), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hm, dm, N * 6 * sizeof(float), cudaMemcpyDeviceToHost));

	int ibad = 0, ok = 0, bad = 0, exact = 0;
	long long isum = 0;
	for (int i = 0; i < N; ++i) {
		int ref = mix(i * 3, (i % BS) % 32) + i % 7 + i / BS;
		ibad += hi[i] != ref;
		isum += hi[i];
		double x = (double)((float)(i % 801 - 400) / 100.0f);
		double ax = fabs(x) + 1.0;
		const float *m = hm + i * 6;
		int r = near(m[0], exp(x)) + near(m[1], sqrt(ax)) + near(m[2], 1.0 / sqrt(ax)) +
			near(m[3], x / (3.0 + ax)) + near(m[4], sin(x)) + near(m[5], cos(x)) +
			near((double)m[4] * m[4] + (double)m[5] * m[5], 1.0) + (m[1] * m[1] >= 1.0f);
		ok += r;
		bad += 8 - r;
		exact += hex[i];
	}
	printf("RESULT ints=%lld ibad=%d ok=%d bad=%d exact=%d\n", isum, ibad, ok, bad, exact);
	CHECK(cudaFree(di));
	CHECK(cudaFree(dex));
	CHECK(cudaFree(dm));
	free(hi);
	free(hex);
	free(hm);
	return 0;
}
