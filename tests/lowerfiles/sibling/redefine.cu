// tests/lowerfiles.test: as main.cu, but SPAN, which the helper names, is
// defined again between the two #includes: the helper's text could mean
// something else at the kernel, so its calls are refused.
#include "shuffle.cuh"
#undef SPAN
#define SPAN 64
#include "kern.cuh"

int main()
{
	turn<<<1, SPAN>>>(nullptr, nullptr);
	return 0;
}
