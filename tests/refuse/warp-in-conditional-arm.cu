// expect 10: a warp operation in an arm of ?: or on the right of && or || (its operands would be evaluated by lanes that do not run it)
// A shuffle in the arm of ?: that only odd lanes evaluate: exchanged before
// its statement, its operand (*p) was evaluated in every lane (even lanes
// dereferenced nullptr: a hunt). Refused.
#include <cstdio>
__global__ void k(const int *in, int *out)
{
	int t = threadIdx.x;
	const int *p = (t & 1) ? in + t : nullptr;
	out[t] = p ? __shfl_xor_sync(0xaaaaaaaau, *p, 2) : -1;
}
int main()
{
	int hi[32], h[32], *d, *di;
	for (int i = 0; i < 32; i++) hi[i] = i;
	cudaMalloc(&d, sizeof h); cudaMalloc(&di, sizeof hi);
	cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
	k<<<1, 32>>>(di, d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int t = 0; t < 32; t++)
		bad += h[t] != ((t & 1) ? t ^ 2 : -1);
	printf("RESULT bad=%d\n", bad);
}
