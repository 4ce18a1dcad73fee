// expect 37: a call of a __device__ function holding a barrier or warp operation that cuflow does not inline
// A template kernel calling a method of a class template that holds a
// barrier: refused, not lowered into code that does not compile. (The
// function template's call above it is inlined now: the text decides its
// T, the element type of `in`; tests/lower/62.)
#include <cuda_runtime.h>

template <class T> __device__ T block_sum(T v, T *s)
{
	s[threadIdx.x] = v;
	__syncthreads();
	T r = 0;
	for (unsigned i = 0; i < blockDim.x; i++)
		r += s[i];
	return r;
}

template <class T> struct Reducer {
	__device__ T total(T v)
	{
		extern __shared__ T sm[];
		sm[threadIdx.x] = v;
		__syncthreads();
		return sm[0];
	}
};

template <class T> __global__ void through_function(const T *in, T *out)
{
	__shared__ T s[64];
	out[threadIdx.x] = block_sum(in[threadIdx.x], s);
}

template <class T> __global__ void through_method(const T *in, T *out)
{
	Reducer<T> r;
	out[threadIdx.x] = r.total(in[threadIdx.x]);
}

int main()
{
	float *d = 0;
	through_function<float><<<1, 64>>>(d, d);
	through_method<float><<<1, 64, 256>>>(d, d);
	return 0;
}
