// expect 16: a call of a __device__ function holding a barrier or warp operation that cuflow does not inline: a macro it names is defined, or a header included, before the kernel
// A helper with a barrier, then an #include, then the kernel calling it:
// inlined at the kernel, the helper's abs(v) would see the overloads
// <cstdlib> declares there (abs(long)), not the ones it saw where it was
// written; refused rather than moved past the #include.
__device__ long half(long *s, long v)
{
	s[threadIdx.x] = abs(v);
	__syncthreads();
	return s[(threadIdx.x + 1) % blockDim.x];
}
#include <cstdlib>
__global__ void k(long *o)
{
	__shared__ long s[64];
	long r = half(s, o[threadIdx.x]);
	o[threadIdx.x] = r;
}
int main() { return 0; }
