// expect 26: a constant local whose name another of the kernel's shares (a helper's, inlined more than once), named in a type or binding the lowering copies as written
// A helper template's constexpr local sizes an array kept per thread across
// its barriers, and a kernel template inlines it twice: each copy's kN is
// a constant declared at the block function's top under a name of its own
// (kN, kN_10), and its uses are renamed, but the array's type is spelled as
// the template writes it, int[kN], wherever the lowering declares the
// per-thread buffers: the second copy's buffers would be sized by the first
// copy's kN (3, not 6). Refused; one copy, or constants whose names no other
// variable has, lower (tests/lower/88).
template <int M>
__device__ int rowsum(int *s, int v)
{
	constexpr int kN = M + 1;
	int buf[kN];
	for (int j = 0; j < kN; j++)
		buf[j] = v + j;
	__syncthreads();
	s[threadIdx.x] = buf[kN - 1];
	__syncthreads();
	return s[(threadIdx.x + 1) % 32];
}
template <int Q> __global__ void k(int *d)
{
	__shared__ int s[32];
	int a = rowsum<Q>(s, d[threadIdx.x]);
	int b = rowsum<Q + 3>(s, d[threadIdx.x]);
	d[threadIdx.x] = a + b;
}
int main()
{
	int *d;
	cudaMalloc(&d, 128);
	k<2><<<1, 32>>>(d);
	return 0;
}
