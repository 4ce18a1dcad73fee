// expect 10: a call of a __device__ function holding a barrier or warp operation that cuflow does not inline: a macro it names is defined, or a header included, before the kernel
// A helper in a header, then a second header that defines WIDTH again,
// then the kernel: inlined there the helper's WIDTH would be 8, not the 32
// it was written with; refused rather than moved past the #include.
#include "header-helper-macro.h"
#include "header-helper-macro-narrow.h"
__global__ void k(int *o)
{
	int v = o[threadIdx.x];
	int s = rowsum(v);
	o[threadIdx.x] = s + WIDTH;
}
int main() { return 0; }
