// expect 16: a warp operation cuflow does not lower (__match_any_sync)
// A helper aggregating atomics with __match_any_sync (HeCBench
// atomicAggregate), inlined into its kernel: the lowering exchanges
// shuffles, votes and ballots between the lanes, not matches, and the
// runtime stopped the program at its first call (a crash in the survey).
__device__ int agg(int *ptr)
{
	unsigned mask = __match_any_sync(0xffffffffu, (unsigned long long)ptr);
	int leader = __ffs(mask) - 1, res = 0;
	if ((int)(threadIdx.x % 32) == leader)
		res = atomicAdd(ptr, __popc(mask));
	return __shfl_sync(mask, res, leader);
}
__global__ void k(int *d, int s)
{
	agg(d + threadIdx.x % s);
}
int main()
{
	int *d;
	cudaMalloc(&d, 64);
	k<<<1, 32>>>(d, 4);
	return 0;
}
