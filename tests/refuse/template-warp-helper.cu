// expect 21: a call of a __device__ function holding a barrier or warp operation that cuflow does not inline
// A kernel template with no barrier calling a template helper whose
// shuffles take a dependent argument: the shuffle call is not resolved in
// the template, yet it is a warp operation; refused, not lowered into a
// kernel whose threads run the helper one after another (an earlier build
// did so; the runtime's __shfl_down_sync then aborts). The argument is an
// expression, so the text does not decide the helper's T (with a variable
// it is inlined: tests/lower/62).
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
	out[threadIdx.x] = warpSum(v * 2) + 1;
}

int main()
{
	float *d = 0;
	k<float><<<1, 32>>>(d, d);
	return 0;
}
