// expect 3: a preprocessor branch that the host and device compiles take differently
// A type the two compiles declare differently, outside any function.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 600
typedef float real;
#else
typedef double real;
#endif

__global__ void k(real *o)
{
	o[threadIdx.x] *= 2;
}

int main()
{
	return sizeof(real) == 8 ? 0 : 1;
}
