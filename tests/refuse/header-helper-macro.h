// header-helper-macro.h: a helper with a shuffle whose width is a macro.
#define WIDTH 32
__device__ int rowsum(int v)
{
	for (int d = WIDTH / 2; d > 0; d >>= 1)
		v += __shfl_xor_sync(0xffffffff, v, d, WIDTH);
	return v;
}
