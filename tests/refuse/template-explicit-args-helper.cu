// expect 19: a call of a __device__ function holding a barrier or warp operation that cuflow does not inline
// The same, with the helper's template argument written: warpSum<T>(v).
// The call names the helper before its arguments (its last identifier is
// T, which named no function); the build before lowered it into a kernel
// whose threads run the helper one after another, and the runtime's
// __shfl_down_sync aborted.
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
	T s = warpSum<T>(v);
	out[threadIdx.x] = s + 1;
}

int main()
{
	float *d = 0;
	k<float><<<1, 32>>>(d, d);
	return 0;
}
