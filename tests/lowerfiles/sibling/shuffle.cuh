// A block-wide helper (a barrier, __shared__ memory) in a header that
// main.cu includes before kern.cuh, whose kernel calls it (HeCBench pns's
// rand_gen.cu and petri_kernel.cu).
#define SPAN 64

__device__ void rotate(int *v)
{
	__shared__ int s[SPAN];
	s[threadIdx.x] = *v;
	__syncthreads();
	*v = s[(threadIdx.x + 1) % SPAN];
	__syncthreads();
}
