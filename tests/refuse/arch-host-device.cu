// expect 6: a preprocessor branch that the host and device compiles take differently (__CUDA_ARCH__) outside device code
// A __host__ __device__ function is one function on the CPU: it cannot take
// the host's branch for host callers and the device's for kernels.
__host__ __device__ inline float fastexp(float x)
{
#ifdef __CUDA_ARCH__
	return __expf(x);
#else
	return expf(x);
#endif
}

__global__ void k(float *o)
{
	o[threadIdx.x] = fastexp(o[threadIdx.x]);
}

int main()
{
	return fastexp(0.0f) == 1.0f ? 0 : 1;
}
