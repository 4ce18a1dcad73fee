// expect 4: a #define, #undef or #include that the host and device compiles see differently
// A header only the device compile includes: what it declares would reach
// host code too in the one compile of the lowered program.
#ifdef __CUDA_ARCH__
#include <cstdint>
#endif

__global__ void k(int *o)
{
	o[threadIdx.x] = 1;
}

int main()
{
	return 0;
}
