// expect 12: a warp operation a macro writes, with an operand built from the macro's parameters (cuflow copies operands as written)
// A shuffle a macro writes whose value the body builds from its parameter:
// the operand's text is the body's around the use's argument (`v + 1`), not
// the argument alone, so copying the argument would drop the `+ 1`, and
// copying the use would shuffle inside the exchange. Refused; a body that
// passes its parameters as they are is lowered (tests/lower/98).
#define SHFL_NEXT(v) __shfl_sync(0xffffffffu, v + 1, 0)

__global__ void k(int *d)
{
	int v = d[threadIdx.x];
	d[threadIdx.x] = SHFL_NEXT(v);
}
int main()
{
	int *d;
	cudaMalloc(&d, 128);
	k<<<1, 32>>>(d);
	return 0;
}
