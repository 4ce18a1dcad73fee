// expect 7: a warp operation cuflow does not lower (__reduce_add_sync)
// The warp's reductions (sm_80's __reduce_*_sync) are not exchanged between
// the lanes: left in a kernel, the runtime would stop the program at its
// first call, so the lowering refuses it.
__global__ void k(int *d)
{
	d[threadIdx.x] = __reduce_add_sync(0xffffffffu, d[threadIdx.x]);
}
int main()
{
	int *d;
	cudaMalloc(&d, 128);
	k<<<1, 32>>>(d);
	return 0;
}
