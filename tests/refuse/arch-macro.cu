// expect 4: a #define, #undef or #include that the host and device compiles see differently
// A macro the two compiles define differently: kernels and host code would
// both see one definition on the CPU.
#ifdef __CUDA_ARCH__
#define REAL float
#else
#define REAL double
#endif

__global__ void k(REAL *o)
{
	o[threadIdx.x] *= 2;
}

int main()
{
	return sizeof(REAL) == 8 ? 0 : 1;
}
