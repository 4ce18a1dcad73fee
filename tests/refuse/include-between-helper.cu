// expect 18: a call of a __device__ function holding a barrier or warp operation that cuflow does not inline: a macro it names is defined, or a header included, before the kernel
// A helper with a barrier, then an #include that enters a system header
// for the first time, then the kernel calling it: inlined at the kernel,
// the helper's abs(v) could see overloads the header declares there, not
// the ones it saw where it was written; refused rather than moved past the
// #include. (<cstdlib> here was entered before, by the toolkit's headers:
// entering it again declares nothing new, and no longer stops the helper.)
__device__ long half(long *s, long v)
{
	s[threadIdx.x] = abs(v);
	__syncthreads();
	return s[(threadIdx.x + 1) % blockDim.x];
}
#include <valarray>
__global__ void k(long *o)
{
	__shared__ long s[64];
	long r = half(s, o[threadIdx.x]);
	o[threadIdx.x] = r;
}
int main() { return 0; }
