// expect 8: a __shared__ variable in a __device__ function other than extern __shared__ T v[]
// A static __shared__ array in a __device__ helper is one per block: only
// dynamic shared memory (the launch's buffer) is lowered outside kernels,
// and the helper's array becomes the kernel's only where the lowering
// inlines the call (tests/lower/41); here the call is a condition's.
__device__ int *stage()
{
	__shared__ int buf[64];
	return buf;
}

__global__ void k(int *o)
{
	if (stage() != o) {
		o[threadIdx.x] = threadIdx.x;
	}
}

int main()
{
	return 0;
}
