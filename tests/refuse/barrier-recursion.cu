// expect 17: a call of a __device__ function holding a barrier or warp operation that cuflow does not inline
// Recursion through a barrier: a helper holding __syncthreads() calls
// itself, so it cannot be inlined into the kernel (the lowering inlines
// barrier helpers, tests/lower/41): refused with the call's line.
__device__ int levels(int *s, int v, int d)
{
	s[threadIdx.x] = v;
	__syncthreads();
	v += s[(threadIdx.x + 1) % blockDim.x];
	__syncthreads();
	return d > 0 ? levels(s, v, d - 1) : v;
}

__global__ void k(int *o)
{
	__shared__ int s[64];
	int r = levels(s, threadIdx.x, 3);
	o[threadIdx.x] = r;
}

int main()
{
	return 0;
}
