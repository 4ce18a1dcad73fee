// expect 16: a call of a __device__ function holding a barrier or warp operation that cuflow does not inline: it is called in another call's arguments where something could skip it or order it otherwise (&&, ||, ?:, a comma, a side effect)
// A warp reduction in another call's arguments, under ?: : only the lanes
// that take that branch would run it, so it cannot go before the statement.
#include <cstdio>

__device__ float warpMax(float v)
{
	for (int o = 16; o > 0; o /= 2)
		v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
	return v;
}

__global__ void k(float *out)
{
	float m = threadIdx.x;
	m = fmaxf(m, threadIdx.x > 3 ? warpMax(m) : 0.f);
	out[threadIdx.x] = m;
}

int main()
{
	float *d;
	cudaMalloc(&d, 32 * sizeof(float));
	k<<<1, 32>>>(d);
	cudaFree(d);
	return 0;
}
