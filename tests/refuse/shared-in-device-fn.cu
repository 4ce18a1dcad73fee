// expect 6: a __shared__ variable in a __device__ function other than extern __shared__ T v[]
// A static __shared__ array in a __device__ helper is one per block: only
// dynamic shared memory (the launch's buffer) is lowered outside kernels.
__device__ int *stage()
{
	__shared__ int buf[64];
	return buf;
}

__global__ void k(int *o)
{
	int *b = stage();
	b[threadIdx.x] = threadIdx.x;
	__syncthreads();
	o[threadIdx.x] = b[63 - threadIdx.x];
}

int main()
{
	return 0;
}
