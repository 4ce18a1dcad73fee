// expect 9: a __shared__ variable of a __device__ function declared through a macro
// A static __shared__ array in a __device__ helper is one per block: the
// runtime keeps it for the block (cuflowBlockShared, tests/lower/69), which
// needs the declaration's own text; one a macro writes is refused.
#define STAGE(name) __shared__ int name[64]

__device__ int *stage()
{
	STAGE(buf);
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
