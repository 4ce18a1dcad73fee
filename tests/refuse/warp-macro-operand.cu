// expect 14: a warp operation a macro writes, in a variadic macro or one with # or ##
// A shuffle a variadic macro writes: its operands are the use's arguments
// through __VA_ARGS__, which cuflow neither maps to the call's operands nor
// writes out (a macro passing its parameters as they are is exchanged from
// its body, tests/lower/98; one building operands from them, or more than
// the call, is written out first, tests/lower/102). Each operand's text would
// be the use's first token, and the exchange's result would replace the
// whole use: refused.
#define SHFL_ALL(...) __shfl_sync(0xffffffffu, __VA_ARGS__)

__global__ void k(int *d)
{
	int v = d[threadIdx.x];
	d[threadIdx.x] = SHFL_ALL(v, 0);
}
int main()
{
	int *d;
	cudaMalloc(&d, 128);
	k<<<1, 32>>>(d);
	return 0;
}
