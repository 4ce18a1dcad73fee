// expect 19: a call of a __device__ function holding a barrier or warp operation that cuflow does not inline
// A kernel template with no barrier calling a template helper whose
// shuffles take a dependent argument: the shuffle call is not resolved in
// the template, yet it is a warp operation; refused, not lowered into a
// kernel whose threads run the helper one after another (the build before
// did so; the runtime's __shfl_down_sync then aborts).
template <typename T>
__device__ T warpSum(T v)
{
	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, o);
	return v;
}

template <typename T>
__global__ void k(const T *in, T *out)
{
	T v = in[threadIdx.x];
	out[threadIdx.x] = warpSum(v) + 1;
}

int main()
{
	float *d = 0;
	k<float><<<1, 32>>>(d, d);
	return 0;
}
