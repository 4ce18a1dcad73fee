// expect 8: a __shared__ variable of a __device__ function declared beside another in one declaration
// Two __shared__ arrays in one declaration of a method that stays (not
// inlined): the runtime keeps each for the block (tests/lower/69), but the
// second declarator's text has no type of its own to rewrite.
struct Stage {
	__device__ int *get()
	{
		__shared__ int a[4], b[4];
		b[0] = 1;
		return a;
	}
};

__global__ void k(int *o)
{
	Stage s;
	int *p = s.get();
	if (threadIdx.x == 0)
		p[0] = 5;
	__syncthreads();
	o[threadIdx.x] = p[0];
}

int main()
{
	return 0;
}
