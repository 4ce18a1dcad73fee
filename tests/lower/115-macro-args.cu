// Helpers holding barriers called with an argument a macro writes (HeCBench
// gmm's parallelSum(data, NUM_THREADS), bmf's warpReduceSum(v, WARPS)) and
// helpers whose body names a parameter in a macro: inlined, the parameter a
// local initialised from the argument's text. A macro giving two arguments
// at once (`#define ARGS a, b`) stays refused (tests/refuse).
#include <cstdio>
#define NT 64
#define HALF(x) ((x) / 2)
#define TWICE(p) (2 * (p))
#define BUMP(p) ((p) += 1)

__device__ float psum(float *data, const unsigned int ndata)
{
	const unsigned int tid = threadIdx.x;
	float t;
	__syncthreads();
	for (unsigned int bit = ndata >> 1; bit > 0; bit >>= 1) {
		t = data[tid] + data[tid ^ bit];
		__syncthreads();
		data[tid] = t;
		__syncthreads();
	}
	return data[tid];
}

__device__ int usesmac(int *s, int n)
{
	__syncthreads();
	int v = s[(threadIdx.x + 1) % blockDim.x] + TWICE(n);
	BUMP(n); /* the caller's variable stays as it was */
	__syncthreads();
	return v + n;
}

__device__ int warpsum(int v, const unsigned width = 32)
{
	for (int o = width / 2; o > 0; o /= 2)
		v += __shfl_down_sync(0xffffffffu, v, o);
	return v;
}

__global__ void k(float *out, int *iout)
{
	__shared__ float buf[NT];
	__shared__ int ib[NT];
	buf[threadIdx.x] = threadIdx.x;
	ib[threadIdx.x] = threadIdx.x;
	float t = psum(buf, NT);
	int m = 3;
	int u = usesmac(ib, m);
	int w = usesmac(ib, HALF(NT));
	int x = warpsum((int)threadIdx.x, HALF(16));
	out[threadIdx.x] = t;
	iout[threadIdx.x] = u + w + m + 1000 * x;
}

int main()
{
	float *d, h[NT];
	int *di, hi[NT];
	cudaMalloc(&d, sizeof h);
	cudaMalloc(&di, sizeof hi);
	k<<<1, NT>>>(d, di);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
	int bad = 0;
	long sum = 0;
	for (int i = 0; i < NT; i++) {
		bad += h[i] != 2016.0f;
		sum += hi[i];
	}
	printf("RESULT sum=%ld bad=%d\n", sum, bad);
	cudaFree(d);
	cudaFree(di);
	return 0;
}
